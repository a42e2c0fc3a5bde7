import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadExport } from './download.ts';

// spec 9 "Export format csv is not downloaded by the export functions", read as: a CSV over the mail
// threshold (3,000 links) is mailed, and under it the browser saves the file the server sends.
function answer(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('downloadExport', () => {
  it('saves a CSV under the threshold as the file the server names', async () => {
    answer(
      new Response('URL\nhttps://a.example/\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="export_links.csv"; filename*=UTF-8''export_Outreach.csv`,
        },
      }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const outcome = await downloadExport({
      path: 'links/export',
      query: { format: 'csv' },
      fallbackName: 'export_links.csv',
    });
    expect(outcome).toEqual({ kind: 'file', filename: 'export_Outreach.csv' });
    expect(clicked).toEqual(['export_Outreach.csv']);
    click.mockRestore();
  });

  it('says a CSV over the threshold is mailed, and saves nothing', async () => {
    answer(
      new Response(
        JSON.stringify({ data: { id: 0, type: 'linkExports', attributes: { mailed: true, count: 3001 } } }),
        {
          status: 202,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const outcome = await downloadExport({
      path: 'links/export',
      query: { format: 'csv' },
      fallbackName: 'x.csv',
    });
    expect(outcome).toEqual({ kind: 'mailed', count: 3001 });
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
