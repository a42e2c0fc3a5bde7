import type { TActionAttributes } from '@linkwatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

// The socket's state, set by each test (the page reads it to decide between live updates and polling):
// the app's realtime bridge opens this stand-in, which opens, is refused or never answers. Not a module
// mock: the files of a worker share their modules (vitest.config.ts), and a mock would reach the others.
const realtime = { status: 'connecting' as 'connecting' | 'open' | 'closed' };
class FakeSocket {
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor() {
    const status = realtime.status;
    setTimeout(() => {
      if (status === 'open') this.onopen?.();
      // 4401 (token refused): the connection does not retry.
      if (status === 'closed') this.onclose?.({ code: 4401 });
    }, 0);
  }
  close() {}
}

function task(id: number, attributes: Partial<TActionAttributes>) {
  return {
    id,
    type: 'actions',
    attributes: {
      actionText: '',
      statusId: 1,
      statusText: 'Done',
      totalCount: 1,
      currentCount: 1,
      successCount: 1,
      errorCount: 0,
      totalErrorCount: 0,
      price: 1,
      cost: 1,
      refunded: 0,
      message: null,
      filters: {},
      skipped: null,
      days: null,
      isAutostart: false,
      hasNewPeport: false,
      tier: null,
      projectName: 'Demo Shop',
      campaignName: null,
      startedAt: '2026-11-20T10:00:00.000Z',
      finishedAt: '2026-11-20T10:00:05.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:05.000Z',
      ...attributes,
      type: attributes.actionId ?? 2,
    },
    relationships: { project: { data: { id: 1, type: 'projects' } }, campaign: { data: null } },
  };
}

function serve(locale: string) {
  resetTokenForTests('tok');
  vi.stubGlobal('WebSocket', FakeSocket);
  return mockApi({
    'GET user/me': meReply({ locale: locale as 'en' | 'ru' | 'ua' }),
    'GET actions': json(200, {
      data: [task(5, { actionId: 10 })],
      meta: { page: { currentPage: 1, perPage: 50, total: 1, lastPage: 1 } },
    }),
    'GET actions/dates': json(200, { data: [] }),
    'GET actions/list': json(200, { data: [] }),
  });
}

const text = (element: Element) => element.textContent?.replace(/\u00a0|\u202f/g, ' ');

describe('tasks page', { timeout: 20_000 }, () => {
  it.each([
    ['en', ['Crawler data', '1 of 1 pull', '1 pull imported', '1 credit', '1 per pull']],
    ['ru', ['Данные краулеров', '1 из 1 выгрузки', '1 выгрузка импортирована', '1 кредит', '1 за выгрузку']],
    [
      'ua',
      ['Дані краулерів', '1 з 1 вивантаження', '1 вивантаження імпортовано', '1 кредит', '1 за вивантаження'],
    ],
  ])('words a load to crawlers as one pull of the project, as it is charged (%s)', async (locale, words) => {
    realtime.status = 'open';
    serve(locale);
    renderApp(`/${locale}/tasks`);
    const row = await screen.findByText('Demo Shop', {}, { timeout: 10_000 });
    const tr = row.closest('[data-task-id]') as HTMLElement;
    for (const word of words) expect(text(tr)).toContain(word);
    expect(text(tr)).not.toMatch(/link|ссылк|посилан/i);
  });

  it.each([
    ['en', 'Live updates'],
    ['ru', 'Обновляется в реальном времени'],
    ['ua', 'Оновлюється в реальному часі'],
  ])(
    'strikes "Live updates" through only once the socket is down, not while it connects (%s)',
    async (locale, live) => {
      realtime.status = 'connecting';
      serve(locale);
      const app = renderApp(`/${locale}/tasks`);
      const label = await screen.findByTestId('live-updates', {}, { timeout: 10_000 });
      expect(label.textContent).toBe(live);
      expect(label.className).not.toContain('line-through');
      app.unmount();

      realtime.status = 'closed';
      serve(locale);
      renderApp(`/${locale}/tasks`);
      await waitFor(() => expect(screen.getByTestId('live-updates').className).toContain('line-through'));
      expect(within(document.body).getAllByTestId('live-updates')).toHaveLength(1);
      expect(screen.getByTestId('live-updates').textContent).toBe(live);
    },
  );
});
