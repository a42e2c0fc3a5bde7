import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const page = (total: number) => ({ currentPage: 1, perPage: 50, total, lastPage: 1 });

const task = {
  userId: 5,
  email: 'shop@example.com',
  actionId: 2,
  statusId: 2,
  projectId: 1,
  totalCount: 3,
  currentCount: 1,
  successCount: 1,
  errorCount: 0,
  price: 1,
  cost: 3,
  refunded: 0,
  cancelRequested: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  startedAt: '2026-11-20T10:01:00.000Z',
  finishedAt: null,
};

const detail = (attributes: Record<string, unknown> = {}) =>
  json(200, {
    data: {
      id: 7,
      type: 'adminTasks',
      attributes: {
        ...task,
        items: { pending: 2, done: 0, failed: 1, cancelled: 0 },
        failedItems: [
          { id: 70, url: 'https://donor.example.org/a', error: 'timeout', attempts: 2, processedAt: null },
        ],
        ...attributes,
      },
    },
  });

function server(extra: Parameters<typeof mockApi>[0] = {}) {
  resetTokenForTests('tok');
  return mockApi({
    'GET user/me': meReply({ isAdmin: true }),
    'GET admin/tasks': json(200, {
      data: [{ id: 7, type: 'adminTasks', attributes: task }],
      meta: { page: page(1) },
    }),
    'GET admin/workers': json(200, { data: [] }),
    'GET admin/providers': json(200, { data: [] }),
    'GET admin/tasks/7': detail(),
    ...extra,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the console’s tasks tab', { timeout: 30_000 }, () => {
  it('lists tasks with the filters from the URL, the workers’ empty state, and cancels a task with a reason', async () => {
    const api = server({
      'POST admin/tasks/7/cancel': detail({
        statusId: 1,
        refunded: 2,
        items: { pending: 0, done: 0, failed: 1, cancelled: 2 },
      }),
    });
    renderApp('/en/admin/tasks?status=running&user=shop');

    const row = await screen.findByText('shop@example.com', {}, { timeout: 15_000 });
    const asked = api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/admin/tasks');
    expect(asked?.searchParams.get('filter[status]')).toBe('running');
    expect(asked?.searchParams.get('filter[user]')).toBe('shop');
    expect(
      await screen.findByText('No worker was seen in the last 10 minutes.', {}, { timeout: 10_000 }),
    ).toBeTruthy();

    fireEvent.click(row);
    expect(await screen.findByText('https://donor.example.org/a', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('timeout')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel task #7?' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'stuck provider' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel task' }));
    await waitFor(() => expect(api.find('POST admin/tasks/7/cancel')).toHaveLength(1));
    expect(api.find('POST admin/tasks/7/cancel')[0].body).toEqual({ reason: 'stuck provider' });
    expect(await screen.findByText('Task #7 cancelled; 2 credits refunded.')).toBeTruthy();
  });

  it('shows each provider’s last error, its 429s of the last hour and the quota left (issue 28)', async () => {
    server({
      'GET admin/providers': json(200, {
        data: [
          {
            id: 'serper',
            type: 'adminProviders',
            attributes: {
              provider: 'serper',
              kind: 'indexCheck',
              requests: 120,
              lastSeenAt: '2026-11-20T10:05:00.000Z',
              lastErrorAt: '2026-11-20T10:04:00.000Z',
              lastError: 'HTTP 429: Too many requests',
              lastStatus: 429,
              rateLimitedLastHour: 7,
              remaining: null,
              remainingAt: null,
            },
          },
          {
            id: 'ahrefs',
            type: 'adminProviders',
            attributes: {
              provider: 'ahrefs',
              kind: 'crawlers',
              requests: 3,
              lastSeenAt: '2026-11-20T10:05:00.000Z',
              lastErrorAt: null,
              lastError: null,
              lastStatus: null,
              rateLimitedLastHour: 0,
              remaining: 99950,
              remainingAt: '2026-11-20T10:05:00.000Z',
            },
          },
        ],
      }),
    });
    renderApp('/en/admin/tasks');
    const table = await screen.findByRole('table', { name: 'Provider health' }, { timeout: 15_000 });
    const serper = (await within(table).findByText('serper')).closest('tr') as HTMLElement;
    expect(within(serper).getByText('Index check')).toBeTruthy();
    expect(within(serper).getByText('HTTP 429: Too many requests')).toBeTruthy();
    expect(within(serper).getByText('7')).toBeTruthy();
    expect(within(serper).getByText('Not reported')).toBeTruthy();
    const ahrefs = within(table).getByText('ahrefs').closest('tr') as HTMLElement;
    expect(within(ahrefs).getByText('99,950')).toBeTruthy();
    expect(within(ahrefs).getByText('None')).toBeTruthy();
  });
});
