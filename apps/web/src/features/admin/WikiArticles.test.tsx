import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { consoleServer, page } from './test/consoleApi.ts';

afterEach(() => vi.restoreAllMocks());

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
});
