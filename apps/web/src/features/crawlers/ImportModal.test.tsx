import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { renderWithProviders } from '@/test/renderApp.tsx';
import { serveUploads } from '@/test/xhr.ts';
import { ImportModal } from './ImportModal.tsx';

const csv = () => new File(['https://blog.example/post,2026-03-01\n'], 'ahrefs.csv', { type: 'text/csv' });

describe('crawler import modal', () => {
  it('sends the file with the project and the chosen source, shows the 422 message, then the counts', async () => {
    resetTokenForTests('tok');
    const sent = serveUploads([
      {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { file: ['Row 3: “yesterday” is not a date.'] },
        },
      },
      {
        status: 201,
        body: {
          data: {
            type: 'crawlerImports',
            id: 1,
            attributes: {
              rows: 5,
              new: 2,
              active: 1,
              rip: 4,
              format: 'ahrefs',
              invalidCount: 2,
              invalid: [
                { line: 3, value: 'yesterday', reason: 'Not a date (column "Last seen")' },
                { line: 5, value: 'not an address', reason: 'Not a valid http(s) address' },
              ],
            },
          },
        },
      },
    ]);
    renderWithProviders(<ImportModal project="5" open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import crawler data' });
    expect(within(dialog).getByText('xlsx, xls, csv; first column links, second a date')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Import' });
    expect(submit.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Search console/ }));
    // Dropped onto the zone, as a user drags a file from the desktop.
    fireEvent.drop(within(dialog).getByTestId('crawler-dropzone'), { dataTransfer: { files: [csv()] } });
    expect(within(dialog).getByTestId('crawler-file-name').textContent).toBe('ahrefs.csv');
    // 37 bytes, in words with their plural: CLDR's short English form reads "37 byte".
    expect(within(dialog).getByText('37 bytes')).toBeTruthy();
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Row 3: “yesterday” is not a date.')).toBeTruthy();
    expect(sent[0].url).toBe('/api/crawlers/upload');
    expect(sent[0].headers.Authorization).toBe('Bearer tok');
    expect(sent[0].fields.project).toBe('5');
    expect(sent[0].fields.source).toBe('2');
    expect((sent[0].fields.file as File).name).toBe('ahrefs.csv');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const result = await within(dialog).findByTestId('import-result');
    expect(within(result).getByText('5 rows read')).toBeTruthy();
    expect(
      within(result).getByText('2 rows skipped: they are listed below with their row numbers.'),
    ).toBeTruthy();
    const skipped = within(result).getByTestId('import-skipped');
    expect(within(skipped).getByRole('heading', { name: 'Rows not imported' })).toBeTruthy();
    const rows = within(skipped)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Row', 'Value', 'Reason'],
      ['3', 'yesterday', 'Not a date (column "Last seen")'],
      ['5', 'not an address', 'Not a valid http(s) address'],
    ]);
    expect(within(result).getByText('2 new')).toBeTruthy();
    expect(within(result).getByText('1 seen again')).toBeTruthy();
    expect(within(result).getByText('4 no longer seen (RIP)')).toBeTruthy();
    expect(within(result).getByText('Read as: Ahrefs')).toBeTruthy();
  });
});
