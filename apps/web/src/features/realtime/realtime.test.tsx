import { TaskStatus } from '@linkwatch/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { type TaskList, taskKeys } from '@/features/tasks';
import { noteAccountSwitch } from '@/lib/account.ts';
import { markPageShown } from '@/lib/afterPageLoad.ts';
import { settingsKey } from '@/lib/settings.ts';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';
import { json, mockApi } from '@/test/api.ts';
import { renderWithProviders } from '@/test/renderApp.tsx';
import { applyRealtimeMessage } from './applyMessage.ts';
import { backoffDelay, connectRealtime } from './connection.ts';

/** A WebSocket stand-in the test drives: open, deliver a frame, drop the connection. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.onopen?.();
  }
  deliver(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ channel: 'user.1', event, data }) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  close() {
    this.closed = true;
  }
}
const factory = (url: string) => new FakeSocket(url) as unknown as WebSocket;

function task(id: number, statusId: number, currentCount: number) {
  return {
    id,
    type: 'actions' as const,
    attributes: {
      actionId: 2,
      actionText: 'Check backlinks',
      statusId,
      statusText: '',
      totalCount: 10,
      currentCount,
      successCount: currentCount,
      errorCount: 0,
      totalErrorCount: 0,
      price: 1,
      cost: 10,
      refunded: 0,
      message: null,
      filters: {},
      skipped: null,
      days: null,
      isAutostart: false,
      hasNewPeport: false,
      tier: 1,
      type: 2,
      projectName: 'Demo Shop',
      campaignName: 'Guest posts',
      startedAt: null,
      finishedAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

describe('realtime events', () => {
  it('write progress into every cached task page and the counts into the sidebar badges', () => {
    mockApi({});
    const client = new QueryClient();
    const key = taskKeys.list({ page: 1 });
    const list: TaskList = {
      data: [task(5, TaskStatus.Process, 2), task(6, TaskStatus.Done, 10)],
      meta: { page: { currentPage: 1, perPage: 50, total: 2, lastPage: 1 } },
    };
    client.setQueryData(key, list);
    const message = (event: string, data: unknown) =>
      applyRealtimeMessage(client, { channel: 'user.1', event, data });

    message('ActionProgress', {
      id: 5,
      statusId: TaskStatus.Process,
      totalCount: 10,
      currentCount: 7,
      successCount: 6,
      errorCount: 1,
    });
    const after = client.getQueryData<TaskList>(key)?.data ?? [];
    expect(after[0].attributes).toMatchObject({ currentCount: 7, successCount: 6, errorCount: 1 });
    expect(after[1]).toBe(list.data[1]);

    message('ActionCount', { count: 4 });
    message('NewReportCount', { count: 2 });
    expect(client.getQueryData(sidebarCountKeys.tasks)).toBe(4);
    expect(client.getQueryData(sidebarCountKeys.reports)).toBe(2);
  });

  it('read the task pages again once subscribed: a task may have moved before the socket was up', () => {
    mockApi({});
    const client = new QueryClient();
    const key = taskKeys.list({ page: 1 });
    client.setQueryData(key, {
      data: [task(5, TaskStatus.Waiting, 0)],
      meta: { page: { currentPage: 1, perPage: 50, total: 1, lastPage: 1 } },
    });
    applyRealtimeMessage(client, { channel: 'user.1', event: 'Subscribed', data: null });
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('read the settings again on SettingsChanged, and prices and costs on PricesChanged (issue 28)', () => {
    mockApi({});
    const client = new QueryClient();
    const keys = {
      settings: settingsKey,
      taskPrices: taskKeys.prices,
      cost: taskKeys.cost(2, '7'),
      selection: taskKeys.selectionCost(2, { campaign: '7' }),
      balancePrices: ['balance', 'prices'],
      tasks: taskKeys.list({ page: 1 }),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { data: [] });
    const invalidated = () =>
      Object.entries(keys)
        .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
        .map(([name]) => name);
    const message = (event: string, data: unknown) =>
      applyRealtimeMessage(client, { channel: 'user.1', event, data });

    message('SettingsChanged', {});
    expect(invalidated()).toEqual(['settings']);
    message('PricesChanged', { actions: [2] });
    expect(invalidated()).toEqual(['settings', 'taskPrices', 'cost', 'selection', 'balancePrices']);
  });

  it('shows unread notifications on entry and live ones as notices, deleting each after showing it', async () => {
    resetTokenForTests('tok');
    FakeSocket.all = [];
    const server = mockApi({
      'GET notifications': json(200, {
        data: [{ id: 1, type: 'notifications', attributes: { message: 'Missed while away', type: 'info' } }],
      }),
      'DELETE notifications/1': json(200, true),
      'DELETE notifications/2': json(200, true),
    });
    // The app's own bridge (mounted by the providers) gets the fake socket, once a page has been shown.
    vi.stubGlobal('WebSocket', FakeSocket);
    markPageShown();
    renderWithProviders(<div />, new QueryClient());
    expect(await screen.findByText('Missed while away')).toBeTruthy();
    await waitFor(() => expect(server.find('DELETE notifications/1')).toHaveLength(1));

    const socket = FakeSocket.all.find((s) => s.url.endsWith('/ws?token=tok'));
    expect(socket).toBeTruthy();
    act(() => {
      socket?.open();
      socket?.deliver('CreateNotification', {
        id: 2,
        type: 'notifications',
        attributes: {
          message: 'Task "Check backlinks" finished: 10 of 10 links processed.',
          type: 'success',
        },
      });
    });
    const notice = await screen.findByText('Task "Check backlinks" finished: 10 of 10 links processed.');
    expect(notice.closest('[data-kind]')?.getAttribute('data-kind')).toBe('success');
    await waitFor(() => expect(server.find('DELETE notifications/2')).toHaveLength(1));
  });

  it('opens a new socket when the session switches account: the server binds a socket to one account', async () => {
    resetTokenForTests('tok');
    FakeSocket.all = [];
    mockApi({ 'GET notifications': json(200, { data: [] }) });
    vi.stubGlobal('WebSocket', FakeSocket);
    markPageShown();
    renderWithProviders(<div />, new QueryClient());
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const first = FakeSocket.all[0];
    act(() => noteAccountSwitch());
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(first.closed).toBe(true);
    expect(FakeSocket.all[1].url).toMatch(/\/ws\?token=tok$/);
  });

  it('reconnects with growing delays and stops for good on close()', () => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    const statuses: string[] = [];
    const connection = connectRealtime({
      url: 'ws://x/ws?token=t',
      createSocket: factory,
      onMessage: () => {},
      onStatus: (s) => statuses.push(s),
    });
    FakeSocket.all[0].drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(backoffDelay(0, () => 1));
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    connection.close();
    expect(FakeSocket.all[1].closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'closed', 'connecting', 'open', 'idle']);
    expect(backoffDelay(10, () => 0.5)).toBe(30_000);
    vi.useRealTimers();
  });
});
