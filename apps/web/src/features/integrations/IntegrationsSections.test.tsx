import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const apiKey = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'api-keys',
  attributes: {
    name,
    accountId: 1,
    prefix: 'lwk_abc123',
    scopes: ['read'],
    expiresAt: null,
    lastUsedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  },
});

const account = (id: number, name: string, isOwner: boolean) => ({
  id,
  type: 'accounts',
  attributes: { name, email: `${id}@example.com`, roleId: 1, permissions: [], isOwner, isCurrent: isOwner },
});

const endpoint = {
  id: 7,
  type: 'webhooks',
  attributes: {
    url: 'https://hooks.example.com/linkwatch',
    events: ['task.finished'],
    disabledAt: null,
    failingSince: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
};

const delivery = {
  id: 41,
  type: 'webhook-deliveries',
  attributes: {
    eventId: '3f1c8a6e-0000-4000-8000-000000000001',
    eventType: 'task.finished',
    status: 'failed',
    attempts: 3,
    lastStatusCode: 500,
    lastError: 'receiver broken',
    lastAttemptAt: '2026-11-20T10:05:00.000Z',
    nextAttemptAt: null,
    deliveredAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
};

function serve(locale: 'en' | 'ru' | 'ua' = 'en') {
  resetTokenForTests('tok');
  let keys = [
    apiKey(1, 'Reporting tool', { lastUsedAt: '2026-11-21T09:00:00.000Z' }),
    apiKey(3, 'Agency dashboard', { accountId: 7 }),
  ];
  return mockApi({
    'GET user/me': meReply({ locale }),
    'GET user/accounts': json(200, { data: [account(1, 'Ada Lovelace', true), account(7, 'Agency', false)] }),
    'GET mailings': json(200, {
      data: [],
      meta: { page: { currentPage: 1, perPage: 100, total: 0, lastPage: 1 } },
    }),
    'GET user/api-keys': () => json(200, { data: keys }),
    'POST user/api-keys': (call) => {
      const body = call.body as { name: string; scopes: string[] };
      const created = apiKey(2, body.name, { scopes: body.scopes });
      keys = [created, ...keys];
      return json(201, {
        data: { ...created, attributes: { ...created.attributes, token: 'lwk_secret-token-once' } },
      });
    },
    'DELETE user/api-keys/1': () => {
      keys = keys.filter((k) => k.id !== 1);
      return json(200, true);
    },
    'GET user/webhooks': json(200, { data: [endpoint] }),
    'GET user/webhooks/7/deliveries': json(200, { data: [delivery] }),
    'POST user/webhooks/deliveries/41/resend': json(201, { data: { ...delivery, id: 42 } }),
    'POST user/webhooks': json(422, {
      message: 'The given data was invalid.',
      errors: { url: ['Webhooks cannot be sent to private, loopback or local addresses'] },
    }),
  });
}

describe('API keys and webhooks on the profile', { timeout: 60_000 }, () => {
  it('creates a key with its scopes, shows the token once, and revokes a key', async () => {
    const api = serve();
    renderApp('/en/profile');
    expect(await screen.findByText('Reporting tool', {}, { timeout: 30_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Looker' } });
    fireEvent.click(screen.getByLabelText(/Start tasks/));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByDisplayValue('lwk_secret-token-once');
    expect(shown).toBeTruthy();
    expect(api.find('POST user/api-keys')[0].body).toEqual({
      name: 'Looker',
      scopes: ['read', 'tasks'],
      expiresAt: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('lwk_secret-token-once')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Reporting tool' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.find('DELETE user/api-keys/1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Reporting tool')).toBeNull());
  });

  it('says which account a key works in once the user works in more than one', async () => {
    serve();
    renderApp('/en/profile');
    const row = (await screen.findByText('Agency dashboard', {}, { timeout: 30_000 })).closest(
      'li',
    ) as HTMLElement;
    expect(await within(row).findByText(/Works in Agency’s account/)).toBeTruthy();
  });

  it('shows an endpoint’s delivery log, sends one again, and the server’s refusal of a private URL', async () => {
    const api = serve();
    renderApp('/en/profile');
    const row = (
      await screen.findByText('https://hooks.example.com/linkwatch', {}, { timeout: 30_000 })
    ).closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delivery log' }));
    expect(await within(row).findByText('Answer: 500')).toBeTruthy();
    expect(within(row).getByText('Attempts: 3')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(api.find('POST user/webhooks/deliveries/41/resend')).toHaveLength(1));

    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'http://127.0.0.1/hook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(
      await screen.findByText('Webhooks cannot be sent to private, loopback or local addresses'),
    ).toBeTruthy();
  });

  it.each([
    ['ru', 'API-ключи', 'Вебхуки'],
    ['ua', 'API-ключі', 'Вебхуки'],
  ] as const)('speaks %s', async (locale, keysTitle, hooksTitle) => {
    serve(locale);
    renderApp(`/${locale}/profile`);
    expect(await screen.findByRole('heading', { name: keysTitle }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: hooksTitle })).toBeTruthy();
  });
});
