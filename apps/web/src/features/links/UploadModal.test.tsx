import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n.ts';
import { mockApi } from '@/test/api.ts';
import { serveUploads } from '@/test/xhr.ts';
import { UploadModal } from './UploadModal.tsx';

function renderModal() {
  mockApi({});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <UploadModal open onOpenChange={() => {}} campaignId={5} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('dialog', { name: 'Upload links' });
}

describe('links pasted by hand', { timeout: 20_000 }, () => {
  it('go, from the keyboard, to the upload route as a links.txt file, and show what was added', async () => {
    const sent = serveUploads([
      {
        status: 200,
        body: {
          data: {
            type: 'linkUploads',
            id: 5,
            attributes: {
              campaignId: 5,
              total: 3,
              added: 1,
              duplicates: 1,
              invalidCount: 1,
              invalid: [{ line: 3, value: 'not a url', reason: 'Not a valid http(s) address' }],
            },
          },
        },
      },
    ]);
    const user = userEvent.setup();
    const dialog = renderModal();
    const submit = within(dialog).getByRole('button', { name: 'Upload' });
    await user.click(within(dialog).getByRole('tab', { name: 'Upload a file' }));
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'Paste links' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(within(dialog).queryByTestId('dropzone')).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    const box = within(dialog).getByRole('textbox', { name: 'Links, one URL a line' });
    await user.click(box);
    await user.keyboard('https://a.example/1{Enter}https://a.example/1{Enter}not a url{Enter}');
    expect(within(dialog).getByText('3 lines')).toBeTruthy();
    await user.click(submit);

    const result = await within(dialog).findByTestId('upload-result');
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/links/upload');
    expect(sent[0].fields.campaign).toBe('5');
    const file = sent[0].fields.file as File;
    expect(file.name).toBe('links.txt');
    expect(await file.text()).toBe('https://a.example/1\nhttps://a.example/1\nnot a url\n');
    expect(result.querySelector('[data-figure="added"]')?.textContent).toContain('1');
    expect(within(result).getByText('not a url')).toBeTruthy();
  });

  it('cannot be sent empty', async () => {
    const user = userEvent.setup();
    const dialog = renderModal();
    await user.click(within(dialog).getByRole('tab', { name: 'Paste links' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Links, one URL a line' }), '  {Enter} ');
    expect((within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
