import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, resetTokenForTests } from '@/api/token.ts';
import { listReply } from '@/test/accounts.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

/** Issue 27: joining an account by the mailed link, and switching between accounts from the account menu. */

afterEach(() => {
  vi.restoreAllMocks();
  resetTokenForTests();
});

const account = (id: number, name: string, isOwner: boolean, isCurrent: boolean) => ({
  id,
  attributes: {
    name,
    email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
    roleId: 1,
    permissions: isOwner ? [] : ['projects.read', 'reports.read', 'balance.read'],
    isOwner,
    isCurrent,
  },
});

describe('the join page (issue 27)', { timeout: 30_000 }, () => {
  it('creates the login with a name and password, keeps the new session and opens the app', async () => {
    resetTokenForTests();
    const server = mockApi({
      'POST team/join/code-123': json(200, { data: { accountId: 7, accessToken: 'new-session' } }),
      'GET user/me': meReply(),
      'GET user/accounts': listReply('accounts', [account(7, 'Agency', false, true)]),
    });
    const app = renderApp('/en/team/join/code-123');
    expect(await screen.findByRole('heading', { name: 'Join an account' }, { timeout: 15_000 })).toBeTruthy();
    // An existing login is sent to log in and come back here.
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/en/login?redirect=%2Fteam%2Fjoin%2Fcode-123',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your name'), 'Cleo Client');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Create login and join' }));
    await waitFor(() => expect(server.find('POST team/join/code-123')).toHaveLength(1));
    expect(server.find('POST team/join/code-123')[0].body).toEqual({
      name: 'Cleo Client',
      password: 'long enough password',
    });
    await waitFor(() => expect(app.location()).toBe('/en'));
    expect(getToken()).toBe('new-session');
  });

  it('shows the field messages and the refusal of a used code, and stays', async () => {
    resetTokenForTests();
    let answer = json(422, {
      message: 'Enter your name and a password to create your login.',
      errors: { password: ['The password must be at least 8 characters.'] },
    });
    mockApi({ 'POST team/join/used': () => answer });
    const app = renderApp('/en/team/join/used');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your name', {}, { timeout: 15_000 }), 'Cleo Client');
    await user.click(screen.getByRole('button', { name: 'Create login and join' }));
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeTruthy();
    answer = json(422, {
      message: 'This invitation is invalid, expired or already used. Ask for a new one.',
    });
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Create login and join' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This invitation is invalid, expired or already used.',
    );
    expect(app.location()).toBe('/en/team/join/used');
  });

  it('a logged-in user accepts with their own login, without a name or password', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply({ email: 'free@lancer.example' }),
      'GET user/accounts': listReply('accounts', [account(1, 'Free Lancer', true, true)]),
      'POST team/join/code-9': json(200, { data: { accountId: 7, accessToken: null } }),
    });
    const app = renderApp('/ru/team/join/code-9');
    expect(await screen.findByText(/free@lancer\.example/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByLabelText('Пароль')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Принять приглашение' }));
    await waitFor(() => expect(server.find('POST team/join/code-9')).toHaveLength(1));
    expect(server.find('POST team/join/code-9')[0].body).toEqual({});
    await waitFor(() => expect(app.location()).toBe('/ru'));
    expect(getToken()).toBe('tok');
  });
});

describe('the account switcher (issue 27)', { timeout: 30_000 }, () => {
  it('lists the accounts, switches to the chosen one and reads everything again', async () => {
    resetTokenForTests('tok');
    let current = 1;
    const server = mockApi({
      'GET user/me': meReply(),
      'GET user/accounts': () =>
        listReply('accounts', [
          account(1, 'Ada Lovelace', true, current === 1),
          account(7, 'Agency', false, current === 7),
        ]),
      'POST user/accounts/7/switch': () => {
        current = 7;
        return json(200, { data: true });
      },
    });
    const app = renderApp('/en/profile');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: /Account menu/, expanded: false }, { timeout: 15_000 }),
    );
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items.slice(0, 2)).toEqual(['My account', 'Agency']);
    const readsBefore = server.find('GET user/accounts').length;
    await user.click(screen.getByRole('menuitem', { name: 'Agency' }));
    await waitFor(() => expect(server.find('POST user/accounts/7/switch')).toHaveLength(1));
    expect(await screen.findByText('You now work in the account of Agency.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/en'));
    await waitFor(() => expect(server.find('GET user/accounts').length).toBeGreaterThan(readsBefore));
  });

  it('is not shown to a user with one account', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET user/accounts': listReply('accounts', [account(1, 'Ada Lovelace', true, true)]),
    });
    renderApp('/en/profile');
    await waitFor(() => expect(server.find('GET user/accounts').length).toBeGreaterThan(0));
    await userEvent
      .setup()
      .click(
        await screen.findByRole('button', { name: /Account menu/, expanded: false }, { timeout: 15_000 }),
      );
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).not.toContain('My account');
    expect(screen.queryByText('Accounts')).toBeNull();
  });
});
