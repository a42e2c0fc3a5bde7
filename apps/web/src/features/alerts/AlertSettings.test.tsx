import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { memberWithAllBut, OWNER_ACCOUNT } from '@/test/accounts.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const project = json(200, {
  data: { id: 5, type: 'projects', attributes: { name: 'Shop', domains: ['shop.example'] } },
});
const rule = (attributes: object = {}) =>
  json(200, {
    data: {
      id: 0,
      type: 'alertRules',
      attributes: {
        projectId: 5,
        events: [],
        channels: [],
        webhookIds: [],
        mode: 'immediate',
        balanceThreshold: null,
        ...attributes,
      },
    },
  });
const slack = {
  id: 3,
  type: 'alertChannels',
  attributes: {
    kind: 'slack',
    status: 'active',
    target: 'hooks.slack.com/…abcd',
    lastError: null,
    createdAt: '2026-11-27T10:00:00.000Z',
  },
};
const overview = (over: { channels?: object[]; telegram?: boolean; webhooks?: object[] } = {}) =>
  json(200, {
    data: {
      channels: over.channels ?? [],
      webhooks: over.webhooks ?? [],
      settings: { timeZone: 'UTC', digestHour: 9 },
      telegram: { available: over.telegram ?? true },
    },
  });

// jsdom has no ResizeObserver; Radix's radio items measure themselves with it.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => vi.restoreAllMocks());

// Each test renders the whole app and its lazy page: slow on a busy machine, not a hang.
describe('alert settings page', { timeout: 30_000 }, () => {
  it('saves a rule with the channels connected, and says plainly when Telegram is off', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET projects/5': project,
      'GET alerts': overview({ channels: [slack], telegram: false }),
      'GET projects/5/alerts': rule(),
      'PUT projects/5/alerts': (call) => rule(call.body as object),
    });
    renderApp('/en/alerts/5');

    expect(await screen.findByRole('heading', { name: 'Alerts: Shop' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Telegram alerts are not set up on this server.')).toBeTruthy();
    expect(screen.getByText('Connected: hooks.slack.com/…abcd')).toBeTruthy();
    // Telegram is not connected: it cannot be chosen.
    expect((screen.getByRole('checkbox', { name: /^Telegram/ }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Link lost'));
    fireEvent.click(screen.getByLabelText('Task failed'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Slack' }));
    fireEvent.click(screen.getByRole('radio', { name: 'In a daily digest' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(server.find('PUT projects/5/alerts')).toHaveLength(1));
    expect(server.find('PUT projects/5/alerts')[0].body).toEqual({
      events: ['linkLost', 'taskFailed'],
      channels: ['slack'],
      webhookIds: [],
      mode: 'digest',
      balanceThreshold: null,
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    // No webhook endpoint yet: the way to add one.
    expect(screen.getByText('You have no webhook endpoints yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add one in Profile → Webhooks' }).getAttribute('href')).toBe(
      '/en/profile',
    );
  });

  it("offers the account's webhook endpoints as a channel", async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET projects/5': project,
      'GET alerts': overview({
        webhooks: [
          { id: 7, target: 'hooks.example.com/…/linkwatch', disabled: false },
          { id: 8, target: 'old.example.com/…/alerts', disabled: true },
        ],
      }),
      // Endpoint 9 was deleted since the rule was saved: not offered, not sent back.
      'GET projects/5/alerts': rule({ events: ['linkLost'], webhookIds: [8, 9] }),
      'PUT projects/5/alerts': (call) => rule(call.body as object),
    });
    renderApp('/en/alerts/5');
    const hook = await screen.findByRole(
      'checkbox',
      { name: 'Webhook hooks.example.com/…/linkwatch' },
      { timeout: 10_000 },
    );
    expect(screen.getByRole('checkbox', { name: /old\.example\.com.*\(disabled\)/ })).toBeTruthy();
    fireEvent.click(hook);
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(server.find('PUT projects/5/alerts')).toHaveLength(1));
    expect(server.find('PUT projects/5/alerts')[0].body).toMatchObject({
      channels: [],
      webhookIds: [8, 7],
    });
  });

  it('gives a Telegram start link and shows the field message of a refused Slack URL, in Russian', async () => {
    resetTokenForTests('tok');
    const pending = {
      id: 4,
      type: 'alertChannels',
      attributes: {
        kind: 'telegram',
        status: 'pending',
        target: null,
        lastError: null,
        createdAt: '2026-11-27T10:00:00.000Z',
      },
    };
    const server = mockApi({
      'GET user/me': meReply({ locale: 'ru' }),
      'GET projects/5': project,
      'GET alerts': overview(),
      'GET projects/5/alerts': rule(),
      'POST alerts/channels/telegram': json(201, {
        data: {
          startUrl: 'https://t.me/linkwatch_bot?start=abc',
          expiresAt: '2026-11-27T12:30:00.000Z',
          channel: pending,
        },
      }),
      'PUT alerts/channels/slack': json(422, {
        message: 'Переданные данные некорректны.',
        errors: { url: ['Укажите адрес входящего вебхука Slack (https://hooks.slack.com/services/…)'] },
      }),
    });
    renderApp('/ru/alerts/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }, { timeout: 10_000 }));
    await waitFor(() => expect(server.find('POST alerts/channels/telegram')).toHaveLength(1));

    fireEvent.change(screen.getByLabelText('Адрес входящего вебхука Slack'), {
      target: { value: 'https://example.com/hook' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить вебхук' }));
    expect(
      await screen.findByText('Укажите адрес входящего вебхука Slack (https://hooks.slack.com/services/…)'),
    ).toBeTruthy();
  });

  it('a member without projects.manage reads the settings but has no control that would be refused (issue 27)', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET user/accounts': memberWithAllBut('projects.manage'),
      'GET projects/5': project,
      'GET alerts': overview({ channels: [slack] }),
      'GET projects/5/alerts': rule({ events: ['linkLost'], channels: ['slack'] }),
    });
    renderApp('/en/alerts/5');
    expect(await screen.findByRole('heading', { name: 'Alerts: Shop' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    expect(await screen.findByText('Connected: hooks.slack.com/…abcd')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    // The rule shows as it is, and cannot be changed.
    const lost = screen.getByLabelText('Link lost') as HTMLInputElement;
    expect(lost.checked).toBe(true);
    expect(lost.matches(':disabled')).toBe(true);
    for (const name of ['Save the webhook', 'Disconnect', 'New connect link', 'Connect Telegram'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByLabelText(/Slack incoming webhook URL/)).toBeNull();
    expect(server.calls.filter((c) => c.method !== 'GET' && c.path !== 'page-logs/')).toEqual([]);
  });

  it('the owner keeps every control', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET user/accounts': OWNER_ACCOUNT,
      'GET projects/5': project,
      'GET alerts': overview({ channels: [slack] }),
      'GET projects/5/alerts': rule(),
    });
    renderApp('/en/alerts/5');
    expect(await screen.findByRole('heading', { name: 'Alerts: Shop' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Save the webhook' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(screen.getByLabelText('Link lost').matches(':disabled')).toBe(false);
  });
});
