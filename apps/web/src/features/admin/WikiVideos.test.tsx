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

const video = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  type: 'videos',
  attributes: {
    title: 'First check',
    description: '',
    provider: 'youtube',
    externalId: 'dQw4w9WgXcQ',
    embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    poster: null,
    duration: 95,
    fileId: null,
    fileUrl: null,
    posterImageId: null,
    createdBy: 1,
    updatedBy: 1,
    createdAt: '2026-11-19T10:00:00.000Z',
    updatedAt: '2026-11-19T10:00:00.000Z',
    ...overrides,
  },
});

const mp4 = () =>
  new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112])], 'tour.mp4', { type: 'video/mp4' });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'poster.png', { type: 'image/png' });

describe('the console’s videos', { timeout: 90_000 }, () => {
  it('uploads a file and a poster and saves a file video with them', async () => {
    const uploads = serveUploads([
      {
        status: 200,
        body: {
          data: {
            id: 31,
            type: 'wikiVideoFiles',
            attributes: { url: '/api/wiki/video-files/31', mime: 'video/mp4', size: 3 * 2 ** 20 },
          },
        },
      },
      {
        status: 200,
        body: {
          data: {
            id: 44,
            type: 'wikiImages',
            attributes: { url: '/api/wiki/images/44', mime: 'image/png', size: 4 },
          },
        },
      },
    ]);
    const api = consoleServer({
      'GET admin/videos': json(200, { data: [video()], meta: { page: page(1) } }),
      'POST admin/videos': json(200, { data: video({ id: 8 }) }),
    });
    renderApp('/en/admin/wiki?tab=videos');

    expect(await screen.findByText('{{video 7}}', {}, { timeout: 45_000 })).toBeTruthy();
    expect(screen.getByText('1:35')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New video' }));
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Reading a report' } });
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'file' } });
    // Saving without the file is stopped here, with the reason under the field.
    fireEvent.click(screen.getByRole('button', { name: 'Save video' }));
    expect(await screen.findByText('Upload a video file first.')).toBeTruthy();
    expect(api.find('POST admin/videos')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Video file/), { target: { files: [mp4()] } });
    expect(await screen.findByText('Uploaded: video/mp4, 3.0 MB')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Upload a poster'), { target: { files: [png()] } });
    const poster = await screen.findByAltText('The video’s poster');
    expect(poster.getAttribute('src')).toBe('/api/wiki/images/44');
    fireEvent.change(screen.getByLabelText(/Duration/), { target: { value: '125' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save video' }));

    await waitFor(() => expect(api.find('POST admin/videos')).toHaveLength(1));
    expect(api.find('POST admin/videos')[0].body).toEqual({
      title: 'Reading a report',
      description: '',
      provider: 'file',
      externalId: null,
      fileId: 31,
      posterImageId: 44,
      duration: 125,
    });
    expect(uploads.map((u) => u.url)).toEqual([
      expect.stringMatching(/\/api\/admin\/videos\/files$/),
      expect.stringMatching(/\/api\/admin\/wiki\/images$/),
    ]);
  });

  it('shows the server’s refusal of a file, and changes and deletes a video', async () => {
    serveUploads([
      {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { file: ['Only MP4 and WebM videos can be uploaded.'] },
        },
      },
    ]);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = consoleServer({
      'GET admin/videos': json(200, { data: [video()], meta: { page: page(1) } }),
      'PUT admin/videos/7': json(200, { data: video({ title: 'First check, again' }) }),
      'DELETE admin/videos/7': json(200, true),
    });
    renderApp('/en/admin/wiki?tab=videos');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit video: First check' }, { timeout: 45_000 }),
    );
    expect((screen.getByLabelText('Video id at YouTube') as HTMLInputElement).value).toBe('dQw4w9WgXcQ');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'First check, again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save video' }));
    await waitFor(() => expect(api.find('PUT admin/videos/7')).toHaveLength(1));
    expect(api.find('PUT admin/videos/7')[0].body).toMatchObject({
      title: 'First check, again',
      provider: 'youtube',
      externalId: 'dQw4w9WgXcQ',
      fileId: null,
      duration: 95,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit video: First check' }));
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'file' } });
    fireEvent.change(screen.getByLabelText(/Video file/), { target: { files: [png()] } });
    expect(await screen.findByText('Only MP4 and WebM videos can be uploaded.')).toBeTruthy();

    const form = screen.getByRole('heading', { name: 'Edit video' }).closest('div') as HTMLElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.find('DELETE admin/videos/7')).toHaveLength(1));
  });
});
