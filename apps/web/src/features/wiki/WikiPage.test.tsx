import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const meta = { page: { currentPage: 1, perPage: 12, total: 1, lastPage: 1 } };

function article(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    type: 'articles',
    attributes: {
      title: `Article ${id}`,
      description: `Short answer ${id}`,
      content: '',
      link: `/en/wiki/blog/${id}-a`,
      publishedAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      more: `<p>Short ${id}</p>`,
      image: null,
      category: 'Credits',
      tags: ['credits'],
      section: 1,
      sectionSlug: 'blog',
      locale: 'en',
      translations: [],
      ...overrides,
    },
  };
}

const sections = json(200, {
  data: ['blog', 'faq', 'news', 'cases', 'solutions', 'tutorials'].map((slug, i) => ({
    id: i + 1,
    type: 'wikiSections',
    attributes: { name: slug, slug, count: 1 },
  })),
});

describe('wiki reader', () => {
  it('lists a section’s cards, searches and filters by tag through the API', {
    timeout: 40_000,
  }, async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET wiki/sections': sections,
      'GET wiki/tags': json(200, { data: [{ name: 'credits', count: 1 }] }),
      'GET wiki': json(200, { data: [article(1)], meta }),
    });
    renderApp('/en/wiki/blog');
    expect(await screen.findByRole('link', { name: 'Article 1' }, { timeout: 20_000 })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search articles'), 'refund');
    fireEvent.submit(screen.getByLabelText('Search articles').closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(
        server.calls.some(
          (c) =>
            c.path === 'wiki' &&
            server.fetchMock.mock.calls.some(([u]) => String(u).includes('filter[query]=refund')),
        ),
      ).toBe(true),
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'credits' } });
    await waitFor(() =>
      expect(server.fetchMock.mock.calls.some(([u]) => String(u).includes('filter[tag]=credits'))).toBe(true),
    );
    expect(server.fetchMock.mock.calls.some(([u]) => String(u).includes('filter[section]=1'))).toBe(true);
  });

  it('clears the sidebar’s wiki badge once the reader opens the wiki, without a reload', {
    timeout: 40_000,
  }, async () => {
    resetTokenForTests('tok');
    // The server: 2 new articles until the wiki's sections are asked (that marks the wiki opened).
    let opened = false;
    mockApi({
      'GET user/me': meReply(),
      'GET wiki/count': () => json(200, { data: { attributes: { count: opened ? 0 : 2 } } }),
      'GET wiki/sections': () => {
        opened = true;
        return sections;
      },
      'GET wiki/tags': json(200, { data: [] }),
      'GET wiki': json(200, { data: [article(1)], meta }),
    });
    const { navigate } = renderApp('/en/tasks');
    expect(await screen.findByText('2 new articles', {}, { timeout: 20_000 })).toBeTruthy();
    await navigate('/en/wiki/blog');
    expect(await screen.findByRole('link', { name: 'Article 1' }, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2 new articles')).toBeNull());
  });

  it('groups the FAQ by topic in its side navigation and opens the full answer behind More', {
    timeout: 40_000,
  }, async () => {
    resetTokenForTests('tok');
    const faq = article(7, {
      title: 'What is a credit?',
      sectionSlug: 'faq',
      section: 2,
      link: '/en/wiki/faq/7-c',
    });
    mockApi({
      'GET user/me': meReply(),
      'GET wiki/sections': sections,
      'GET wiki/categories': json(200, { data: [{ name: 'Credits', count: 1 }] }),
      'GET wiki': json(200, { data: [faq], meta }),
      'GET wiki/7': json(200, { data: article(7, { content: '<p>The <strong>full</strong> answer.</p>' }) }),
    });
    renderApp('/en/wiki/faq');
    const nav = await screen.findByRole('navigation', { name: 'Questions by topic' });
    expect(nav.textContent).toContain('Credits');
    expect(screen.getByText('Short answer 7')).toBeTruthy();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(await screen.findByText('full')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a video’s poster, title and length, and loads its provider only when the reader presses play', {
    timeout: 40_000,
  }, async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET user/me': meReply(),
      'GET wiki/3': json(200, {
        data: article(3, { content: '<p>Watch:</p><div class="wiki-video" data-video-id="5"></div>' }),
      }),
      'GET video/5': json(200, {
        data: {
          id: 5,
          type: 'videos',
          attributes: {
            title: 'First check',
            description: '',
            provider: 'youtube',
            externalId: 'abc',
            embedUrl: 'https://www.youtube-nocookie.com/embed/abc?autoplay=1',
            poster: '/api/wiki/images/9',
            duration: 95,
          },
        },
      }),
    });
    renderApp('/en/wiki/blog/3-a');
    const play = await screen.findByRole('button', { name: 'Play video: First check' });
    const figure = play.closest('figure') as HTMLElement;
    expect(figure.querySelector('img')?.getAttribute('src')).toBe('/api/wiki/images/9');
    expect(within(figure).getByText('First check')).toBeTruthy();
    expect(within(figure).getByText('Duration 1:35')).toBeTruthy();
    // Nothing of YouTube before play: no frame, no image from its hosts.
    expect(document.querySelector('iframe')).toBeNull();
    expect([...document.querySelectorAll('img')].some((i) => /youtube|ytimg/.test(i.src))).toBe(false);
    await userEvent.click(play);
    await waitFor(() =>
      expect(document.querySelector('iframe')?.getAttribute('src')).toContain('youtube-nocookie.com'),
    );
  });

  it('shows a neutral frame for a video without a poster, and plays an uploaded file in the page', {
    timeout: 40_000,
  }, async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET user/me': meReply(),
      'GET wiki/4': json(200, {
        data: article(4, { content: '<div class="wiki-video" data-video-id="6"></div>' }),
      }),
      'GET video/6': json(200, {
        data: {
          id: 6,
          type: 'videos',
          attributes: {
            title: 'Schedules',
            description: '',
            provider: 'file',
            externalId: null,
            embedUrl: '/api/wiki/video-files/2',
            poster: null,
            duration: null,
          },
        },
      }),
    });
    renderApp('/en/wiki/blog/4-a');
    const play = await screen.findByRole('button', { name: 'Play video: Schedules' });
    expect((play.closest('figure') as HTMLElement).querySelector('img')).toBeNull();
    await userEvent.click(play);
    await waitFor(() =>
      expect(document.querySelector('video')?.getAttribute('src')).toBe('/api/wiki/video-files/2'),
    );
  });

  it('shows nothing where a deleted video was embedded, as the server-written page does', {
    timeout: 40_000,
  }, async () => {
    resetTokenForTests('tok');
    const api = mockApi({
      'GET user/me': meReply(),
      'GET wiki/8': json(200, {
        data: article(8, {
          content: '<p>Before</p><div class="wiki-video" data-video-id="7"></div><p>After</p>',
        }),
      }),
      'GET video/7': json(404, { message: 'Not found' }),
    });
    renderApp('/en/wiki/blog/8-a');
    await screen.findByText('After');
    await waitFor(() => expect(api.find('GET video/7')).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('figure[data-video="7"]')).toBeNull());
    // The article stays: not the 404 page, no error in the video's place.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
