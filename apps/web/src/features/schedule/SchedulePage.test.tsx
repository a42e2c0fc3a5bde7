import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const group = {
  id: 1,
  type: 'scheduleProjects',
  attributes: {
    name: 'Demo Shop',
    domains: ['demo-shop.com'],
    total: 1,
    backlinks: 0,
    indexing: 0,
    isOpen: false,
    campaigns: [
      {
        id: 3,
        name: 'Guest posts',
        tier: 1,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        time: '00:00',
        checkBacklinks: null,
        checkIndexing: null,
      },
    ],
  },
};

describe('schedule page', () => {
  it('refuses a negative period with the spec message before sending, then saves a valid row', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET actions/list': json(200, { data: [] }),
      'GET schedules/projects': json(200, {
        data: [group],
        meta: { page: { currentPage: 1, perPage: 50, total: 1, lastPage: 1 } },
      }),
      'POST schedules/': (call) =>
        json(201, {
          data: {
            id: 8,
            type: 'schedules',
            attributes: {
              ...(call.body as object),
              campaignId: 3,
              domains: [],
              actionText: '',
              nextRunAt: null,
              lastRunAt: null,
            },
          },
        }),
    });
    renderApp('/en/schedule');

    // The lazy page chunk is compiled on first use: allow for a slow first load.
    const interval = await screen.findByLabelText(
      'Period in days for Auto check backlinks of Guest posts',
      {},
      { timeout: 10_000 },
    );
    fireEvent.change(interval, { target: { value: '-2' } });
    const row = interval.closest('tr') as HTMLElement;
    fireEvent.click(row.querySelector('button:not([role="switch"])') as HTMLElement);

    expect(await screen.findByText('Interval value cannot be negative')).toBeTruthy();
    expect(interval.getAttribute('aria-invalid')).toBe('true');
    expect(server.find('POST schedules/')).toHaveLength(0);

    fireEvent.change(interval, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Auto check backlinks of Guest posts' }));
    fireEvent.click(row.querySelector('button:not([role="switch"])') as HTMLElement);
    await waitFor(() => expect(server.find('POST schedules/')).toHaveLength(1));
    expect(server.find('POST schedules/')[0].body).toMatchObject({
      action: 2,
      campaign: 3,
      interval: 3,
      isActive: true,
    });
    expect(await screen.findByText('The schedule was saved.')).toBeTruthy();
  });

  const checkIndexing = (over: { available: boolean; demoNote: string | null }) =>
    json(200, {
      data: [
        {
          id: 1,
          type: 'actionTypes',
          attributes: {
            id: 1,
            name: 'Check indexing',
            unavailableReason: over.available ? null : 'none',
            ...over,
          },
        },
      ],
    });

  it.each([
    ['en', { available: true, demoNote: 'demo' }, 'Runs through the demo service, not a real search engine.'],
    [
      'ru',
      { available: true, demoNote: 'demo' },
      'Выполняется через демо-сервис, а не через настоящую поисковую систему.',
    ],
    [
      'ua',
      { available: true, demoNote: 'demo' },
      'Виконується через демо-сервіс, а не через справжню пошукову систему.',
    ],
    [
      'en',
      { available: false, demoNote: null },
      'Needs a search provider: indexing checks start once one is connected.',
    ],
    [
      'ru',
      { available: false, demoNote: null },
      'Нужен поисковый провайдер: проверки индексации начнутся после его подключения.',
    ],
    ['en', { available: true, demoNote: null }, null],
  ])('says what runs the scheduled index checks (%s, %o)', async (locale, type, note) => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply({ locale: locale as 'en' | 'ru' | 'ua' }),
      'GET actions/list': checkIndexing(type),
      'GET schedules/projects': json(200, {
        data: [group],
        meta: { page: { currentPage: 1, perPage: 50, total: 1, lastPage: 1 } },
      }),
    });
    renderApp(`/${locale}/schedule`);
    const cells = await screen.findAllByTestId('schedule-task', {}, { timeout: 10_000 });
    await waitFor(() => expect(server.find('GET actions/list')).toHaveLength(1));
    if (note)
      expect(await within(cells[1]).findByTestId('provider-note')).toHaveProperty('textContent', note);
    else await waitFor(() => expect(within(cells[1]).queryByTestId('provider-note')).toBeNull());
    // The check-backlinks row never carries the note.
    expect(within(cells[0]).queryByTestId('provider-note')).toBeNull();
  });
});

describe('schedule page: the campaign settings’ weekdays', () => {
  const page = (weekdays: number[]) =>
    json(200, {
      data: [
        {
          ...group,
          attributes: {
            ...group.attributes,
            campaigns: [{ ...group.attributes.campaigns[0], weekdays, time: '09:30' }],
          },
        },
      ],
      meta: { page: { currentPage: 1, perPage: 50, total: 1, lastPage: 1 } },
    });
  const cases: { locale: 'en' | 'ru' | 'ua'; weekdays: number[]; text: string }[] = [
    { locale: 'en', weekdays: [1, 3, 5], text: 'Runs on: Mon, Wed, Fri' },
    { locale: 'ru', weekdays: [1, 3, 5], text: 'Дни запуска: пн, ср, пт' },
    { locale: 'ua', weekdays: [6, 7], text: 'Дні запуску: сб, нд' },
    { locale: 'en', weekdays: [1, 2, 3, 4, 5, 6, 7], text: 'Runs on: every day' },
  ];
  for (const { locale, weekdays, text } of cases) {
    it(`shows on which days a campaign’s checks run (${locale}, ${weekdays.join('')})`, async () => {
      resetTokenForTests('tok');
      mockApi({ 'GET user/me': meReply({ locale }), 'GET schedules/projects': page(weekdays) });
      renderApp(`/${locale}/schedule`);
      const days = await screen.findByText(text, {}, { timeout: 10_000 });
      expect(days.hasAttribute('data-campaign-days')).toBe(true);
      // A check not scheduled yet starts at the campaign's time, not at midnight.
      const times = [...document.querySelectorAll<HTMLInputElement>('input[name=time]')].map((i) => i.value);
      expect(times).toEqual(['09:30', '09:30']);
    }, 20_000);
  }
});
