import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { type Call, json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const project = json(200, {
  data: { id: 5, type: 'projects', attributes: { name: 'Shop', domains: ['shop.example'] } },
});

function record(
  id: number,
  link: string,
  {
    status = 1,
    removedAt = null,
    campaigns = [] as number[],
  }: { status?: number; removedAt?: string | null; campaigns?: number[] } = {},
) {
  return {
    id,
    type: 'crawlers',
    attributes: {
      link,
      source: 1,
      sourceText: 'Backlink database',
      status,
      statusText: ['', 'New', 'Active', 'RIP'][status],
      targetUrl: 'https://shop.example/',
      anchor: 'best shop',
      nofollow: false,
      seenOn: '2026-02-14',
      firstSeenAt: '2026-03-01T10:00:00.000Z',
      lastSeenAt: '2026-03-02T10:00:00.000Z',
      removedAt,
      tracked: campaigns.length > 0,
    },
    relationships: { campaigns: { data: campaigns.map((c) => ({ id: c, type: 'campaigns' })) } },
  };
}

const page = (data: unknown[]) =>
  json(200, {
    data,
    included: [{ id: 7, type: 'campaigns', attributes: { name: 'Reviews', tier: 1 } }],
    meta: { page: { currentPage: 1, perPage: 50, total: data.length, lastPage: 1 } },
  });

const queryOf = (server: { fetchMock: { mock: { calls: unknown[][] } } }, path: string) =>
  server.fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === `/api/${path}`)
    .map((u) => decodeURIComponent(u.search));

function api(
  overrides: Record<string, ReturnType<typeof json> | ((call: Call) => ReturnType<typeof json>)> = {},
) {
  return mockApi({
    'GET user/me': meReply(),
    'GET projects/5': project,
    'GET crawlers/counts': json(200, {
      data: { id: 5, type: 'crawlerCounts', attributes: { active: 4, new: 2, rip: 1 } },
    }),
    'GET crawlers': page([
      record(1, 'https://blog.example/post', { campaigns: [7] }),
      record(2, 'https://news.example/gone', { status: 3, removedAt: '2026-03-05T10:00:00.000Z' }),
    ]),
    'GET crawlers/chart': json(200, { data: [{ date: '2026-03-01', new: 2, lost: 1 }] }),
    'GET actions/list': json(200, {
      data: [
        {
          id: 10,
          type: 'actionTypes',
          attributes: {
            id: 10,
            name: 'Load to crawlers',
            available: false,
            unavailableReason: 'No key',
            demoNote: null,
          },
        },
      ],
    }),
    'GET campaigns': json(200, {
      data: [{ id: 7, type: 'campaigns', attributes: { name: 'Reviews', tier: 1 } }],
      meta: { page: { currentPage: 1, perPage: 100, total: 1, lastPage: 1 } },
    }),
    ...overrides,
  });
}

describe('crawlers page', () => {
  it('shows the counts, the records with their status and campaigns, and filters by a count card', async () => {
    resetTokenForTests('tok');
    const server = api();
    renderApp('/en/crawlers/5');
    await screen.findByRole('heading', { level: 1, name: 'Crawler data: Shop' }, { timeout: 15_000 });
    const counts = screen.getByRole('list', { name: 'Crawler records by status' });
    await waitFor(() =>
      expect(within(counts).getByRole('button', { name: /RIP/ }).textContent).toContain('1'),
    );
    expect(within(counts).getByRole('button', { name: /Active/ }).textContent).toContain('4');

    const table = await screen.findByRole('table', { name: 'Crawler data' });
    const tracked = (await within(table).findByText('blog.example/post')).closest('tr')!;
    expect(within(tracked).getByText('Reviews')).toBeTruthy();
    expect(within(tracked).getByText('New')).toBeTruthy();
    // What the file said is a column of its own, shown without opening Columns; the import's day beside it.
    expect(within(table).getByRole('columnheader', { name: 'Date in file' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /First imported/ })).toBeTruthy();
    expect(within(tracked).getByText('Feb 14, 2026', { selector: 'td' })).toBeTruthy();
    const gone = within(table).getByText('news.example/gone').closest('tr')!;
    expect(within(gone).getByTitle('RIP since Mar 5, 2026').textContent).toBe('RIP Mar 5, 2026');
    expect(within(gone).getByText('Backlink database')).toBeTruthy();
    expect(within(gone).getByRole('button', { name: 'Add news.example/gone to a campaign' })).toBeTruthy();

    expect(queryOf(server, 'crawlers')[0]).toContain('filter[project]=5');
    expect(queryOf(server, 'crawlers')[0]).toContain('sort=-firstSeenAt');
    const rip = within(counts).getByRole('button', { name: /RIP/ });
    fireEvent.click(rip);
    await waitFor(() => expect(queryOf(server, 'crawlers').at(-1)).toContain('filter[status]=3'));
    expect(rip.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(table).getByRole('button', { name: /Last seen/ }));
    await waitFor(() => expect(queryOf(server, 'crawlers').at(-1)).toContain('sort=lastSeenAt'));
  }, 30_000);

  it('says how to start when the project has no crawler data', async () => {
    resetTokenForTests('tok');
    api({
      'GET crawlers/counts': json(200, {
        data: { id: 5, type: 'crawlerCounts', attributes: { active: 0, new: 0, rip: 0 } },
      }),
      'GET crawlers': page([]),
    });
    renderApp('/en/crawlers/5');
    expect(
      await screen.findByText(/No crawler data yet — import an export from Ahrefs/, undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();
    expect(screen.getByText(/The chart fills in with your imports/)).toBeTruthy();
  }, 30_000);

  it('adds an untracked record’s page to a chosen campaign of the project', async () => {
    resetTokenForTests('tok');
    const server = api({ 'POST crawlers/track': json(200, { data: { added: 1, already: 0 } }) });
    renderApp('/en/crawlers/5');
    const add = await screen.findByRole(
      'button',
      { name: 'Add news.example/gone to a campaign' },
      { timeout: 15_000 },
    );
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add 1 link to a campaign' });
    const select = within(dialog).getByRole('combobox', { name: 'Campaign' });
    await within(select).findByRole('option', { name: 'Reviews · Tier 1' });
    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add links' }));
    await waitFor(() => expect(server.find('POST crawlers/track')).toHaveLength(1));
    expect(server.find('POST crawlers/track')[0].body).toEqual({ project: 5, campaign: 7, ids: [2] });
    expect(await screen.findByText('1 added, 0 already there.')).toBeTruthy();
  }, 30_000);

  it('deletes the ticked records after a confirmation', async () => {
    resetTokenForTests('tok');
    const server = api({ 'DELETE crawlers/delete': json(200, { data: { deleted: 2 } }) });
    renderApp('/en/crawlers/5');
    await screen.findByText('news.example/gone', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all records on this page' }));
    const bar = await screen.findByRole('region', { name: 'Selected crawler records' });
    expect(within(bar).getByText('2 records selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 records?' });
    expect(server.find('DELETE crawlers/delete')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.find('DELETE crawlers/delete')).toHaveLength(1));
    expect(queryOf(server, 'crawlers/delete')[0]).toBe('?filter[project]=5&ids[]=1&ids[]=2');
    expect(await screen.findByText('2 records deleted.')).toBeTruthy();
  }, 30_000);

  it('loads from Ahrefs through action 10 when the server has the key: its cost and units first', async () => {
    resetTokenForTests('tok');
    const server = api({
      'GET actions/list': json(200, {
        data: [
          {
            id: 10,
            type: 'actionTypes',
            attributes: {
              id: 10,
              name: 'Load to crawlers',
              available: true,
              unavailableReason: null,
              demoNote: null,
            },
          },
        ],
      }),
      'GET actions/10/balance': json(200, {
        data: {
          type: 'actionCosts',
          attributes: {
            cost: 5,
            price: 5,
            count: 1,
            balance: 100,
            selected: 1,
            skipped: [],
            providerUnits: {
              provider: 'Ahrefs',
              backlinks: 1200,
              rows: 1200,
              requests: 2,
              units: 1300,
              unitsLeft: 50000,
              tooMany: false,
            },
          },
        },
      }),
      'GET actions/31': json(200, {
        data: { id: 31, type: 'actions', attributes: { actionId: 10, statusId: 1, message: null } },
      }),
      'POST actions/10/start': json(201, {
        data: { id: 31, type: 'actions', attributes: { actionId: 10, statusId: 1 } },
      }),
    });
    renderApp('/en/crawlers/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Load from Ahrefs' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Load backlinks from Ahrefs' });
    expect((await within(dialog).findByTestId('ahrefs-cost')).textContent).toBe(
      'Cost: 5 credits for the pull, whatever the number of backlinks (your balance: 100 credits).',
    );
    expect(within(dialog).getByTestId('ahrefs-units').textContent).toBe(
      'Ahrefs reports about 1,200 backlinks; the pull takes about 1,300 of its API units. 50,000 units are left on the key.',
    );
    expect(queryOf(server, 'actions/10/balance')[0]).toBe('?filter[project]=5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(server.find('POST actions/10/start')).toHaveLength(1));
    expect(queryOf(server, 'actions/10/start')[0]).toBe('?filter[project]=5');
    // The pull is followed to its end; then the records are read again.
    const listsBefore = server.find('GET crawlers').length;
    expect(await screen.findByText('Loading from Ahrefs finished: the records are up to date.')).toBeTruthy();
    await waitFor(() => expect(server.find('GET crawlers').length).toBeGreaterThan(listsBefore));
    expect(server.find('GET actions/31').length).toBeGreaterThan(0);
  }, 30_000);
});
