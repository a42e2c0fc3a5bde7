import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { serveUploads } from '@/test/xhr.ts';
import { consoleServer, page } from './test/consoleApi.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const article = (status: 'draft' | 'published') => ({
  id: 12,
  type: 'adminArticles',
  attributes: {
    group: 'g-12',
    locale: 'en',
    section: 1,
    slug: 'first-steps',
    title: 'First steps',
    description: 'How to start',
    content: 'Hello **world**',
    more: null,
    category: null,
    tags: ['start'],
    status,
    publishedAt: status === 'published' ? '2026-11-20T10:00:00.000Z' : null,
    coverImageId: null,
    image: null,
    link: '/en/wiki/first-steps',
    visible: status === 'published',
    createdBy: 1,
    updatedBy: 1,
    createdAt: '2026-11-19T10:00:00.000Z',
    updatedAt: '2026-11-19T10:00:00.000Z',
  },
});

describe('the console’s wiki', { timeout: 90_000 }, () => {
  it('lists articles, opens one with the server’s preview, and publishes it', async () => {
    let status: 'draft' | 'published' = 'draft';
    const api = consoleServer({
      'GET admin/wiki': () => json(200, { data: [article(status)], meta: { page: page(1) } }),
      'POST admin/wiki/preview': json(200, { data: { html: '<p>Hello <strong>world</strong></p>' } }),
      'PUT admin/wiki/12': (call) => {
        status = (call.body as { status: 'draft' | 'published' }).status;
        return json(200, { data: article(status) });
      },
    });
    renderApp('/en/admin/wiki');

    const title = await screen.findByRole('link', { name: 'First steps' }, { timeout: 45_000 });
    const row = title.closest('tr') as HTMLElement;
    expect(within(row).getByText('Draft')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Edit article' }));
    expect(((await screen.findByLabelText('Title', {}, { timeout: 10_000 })) as HTMLInputElement).value).toBe(
      'First steps',
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('world', {}, { timeout: 10_000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.find('PUT admin/wiki/12')).toHaveLength(1));
    expect(api.find('PUT admin/wiki/12')[0].body).toMatchObject({
      title: 'First steps',
      status: 'published',
      tags: ['start'],
    });
    expect(await screen.findByText('Published', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('uploads a cover with a thumbnail, removes it, and inserts a video’s embed line', async () => {
    const uploads = serveUploads([
      {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { file: ['The image is larger than 5 MB.'] },
        },
      },
      {
        status: 200,
        body: {
          data: {
            id: 41,
            type: 'wikiImages',
            attributes: { url: '/api/wiki/images/41', mime: 'image/png', size: 4 },
          },
        },
      },
      {
        status: 200,
        body: {
          data: {
            id: 42,
            type: 'wikiImages',
            attributes: { url: '/api/wiki/images/42', mime: 'image/png', size: 4 },
          },
        },
      },
    ]);
    const api = consoleServer({
      'GET admin/wiki': json(200, { data: [article('draft')], meta: { page: page(1) } }),
      'GET admin/videos': json(200, {
        data: [
          {
            id: 7,
            type: 'videos',
            attributes: {
              title: 'First check',
              description: '',
              provider: 'youtube',
              externalId: 'abc',
              embedUrl: '',
              poster: null,
              duration: null,
              fileId: null,
              fileUrl: null,
              posterImageId: null,
              createdBy: 1,
              updatedBy: 1,
              createdAt: '2026-11-19T10:00:00.000Z',
              updatedAt: '2026-11-19T10:00:00.000Z',
            },
          },
        ],
        meta: { page: page(1) },
      }),
      'POST admin/wiki/preview': json(200, { data: { html: '' } }),
      'PUT admin/wiki/12': json(200, { data: article('draft') }),
    });
    renderApp('/en/admin/wiki');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit article' }, { timeout: 45_000 }));
    expect(await screen.findByText('No cover yet: PNG, JPEG, WebP or GIF up to 5 MB.')).toBeTruthy();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    // The server's refusal is shown under the field; the second try is taken and shown as a thumbnail.
    fireEvent.change(screen.getByLabelText('Upload a cover'), { target: { files: [file] } });
    expect(await screen.findByText('The image is larger than 5 MB.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Upload a cover'), { target: { files: [file] } });
    const thumbnail = await screen.findByAltText('The article’s cover');
    expect(thumbnail.getAttribute('src')).toBe('/api/wiki/images/41');
    // Removed, the field is empty again; a new upload takes its place.
    fireEvent.click(screen.getByRole('button', { name: 'Remove the cover' }));
    expect(screen.queryByAltText('The article’s cover')).toBeNull();
    fireEvent.change(screen.getByLabelText('Upload a cover'), { target: { files: [file] } });
    expect((await screen.findByAltText('The article’s cover')).getAttribute('src')).toBe(
      '/api/wiki/images/42',
    );
    expect(uploads).toHaveLength(3);

    fireEvent.change(await screen.findByLabelText('Insert a video', {}, { timeout: 10_000 }), {
      target: { value: '7' },
    });
    expect((screen.getByLabelText(/^Text \(markdown\)/) as HTMLTextAreaElement).value).toBe(
      'Hello **world**\n\n{{video 7}}\n',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.find('PUT admin/wiki/12')).toHaveLength(1));
    expect(api.find('PUT admin/wiki/12')[0].body).toMatchObject({
      coverImageId: 42,
      content: 'Hello **world**\n\n{{video 7}}\n',
    });
  });
});
