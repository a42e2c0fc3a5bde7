import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeMember, makeUser } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAccessToken } from '../auth/auth.queries.ts';

/** A real WebSocket client on a listening server (not app.injectWS), as a browser would connect. */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Client = { events: string[]; closed: Promise<number>; socket: WebSocket };

async function open(token: string): Promise<Client> {
  const socket = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
  const events: string[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const subscribed = new Promise<void>((resolve) =>
    socket.on('message', (raw) => {
      const { event } = JSON.parse(String(raw)) as { event: string };
      events.push(event);
      if (event === 'Subscribed') resolve();
    }),
  );
  await subscribed;
  return { events, closed, socket };
}

/** Three of the account's events, then a marker the test waits for on the sockets still open. */
async function publishAccountEvents(userId: number, clients: Client[]) {
  for (let i = 0; i < 3; i++)
    await t.ctx.events.publish({ userId, event: 'ActionCount', data: { count: i } });
  await t.ctx.events.publish({ userId, event: 'NewReportCount', data: { count: 1 } });
  const open = clients.filter((c) => c.socket.readyState === WebSocket.OPEN);
  const end = Date.now() + 5_000;
  while (!open.every((c) => c.events.includes('NewReportCount')) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

const accountEvents = (c: Client) => c.events.filter((e) => e === 'ActionCount').length;

// Issue 24, point 4: a socket opened with a token kept receiving the account's events after its logout.
describe('live events after the session ends', () => {
  it('closes the socket of a logged-out token; another session of the account keeps its events', async () => {
    const user = await makeUser(t.db);
    const [t1, t2] = [await createAccessToken(t.db, user.id), await createAccessToken(t.db, user.id)];
    const [loggedOut, other] = [await open(t1), await open(t2)];

    expect((await t.api('POST', 'auth/logout', { token: t1 })).status).toBe(200);
    expect(await loggedOut.closed).toBe(4401);
    await publishAccountEvents(user.id, [loggedOut, other]);
    expect(accountEvents(loggedOut)).toBe(0);
    expect(accountEvents(other)).toBe(3);
    other.socket.close();
  });

  it('a password change closes the other sessions’ sockets and keeps the one that changed it', async () => {
    const user = await makeUser(t.db);
    const [mine, theirs] = [await createAccessToken(t.db, user.id), await createAccessToken(t.db, user.id)];
    const [kept, ended] = [await open(mine), await open(theirs)];
    const change = await t.api('POST', 'user/change-password', {
      token: mine,
      body: {
        currentPassword: user.password,
        password: 'brand-new-pass',
        passwordConfirmation: 'brand-new-pass',
      },
    });
    expect(change.status).toBe(200);
    expect(await ended.closed).toBe(4401);
    await publishAccountEvents(user.id, [kept, ended]);
    expect(accountEvents(ended)).toBe(0);
    expect(accountEvents(kept)).toBe(3);
    kept.socket.close();
  });

  it('a password reset closes every socket of the account', async () => {
    const user = await makeUser(t.db);
    const session = await open(await createAccessToken(t.db, user.id));
    t.smtp.clear();
    await t.api('POST', 'auth/forgot-password', { body: { email: user.email } });
    const token = new URL(linkIn(t.smtp.to(user.email)[0], 'reset-password')).searchParams.get('token');
    const reset = await t.api('POST', 'auth/reset-password', {
      body: { token, email: user.email, password: 'brand-new-pass', passwordConfirmation: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    expect(await session.closed).toBe(4401);
    await publishAccountEvents(user.id, [session]);
    expect(accountEvents(session)).toBe(0);
  });

  it('never forwards the internal revocation event to a browser', async () => {
    const user = await makeUser(t.db);
    const [a, b] = [await createAccessToken(t.db, user.id), await createAccessToken(t.db, user.id)];
    const watcher = await open(b);
    await t.api('POST', 'auth/logout', { token: a });
    await publishAccountEvents(user.id, [watcher]);
    expect(watcher.events).not.toContain('SessionsRevoked');
    watcher.socket.close();
  });
});

// Issue 27: a member working in a team's account hears that account's events, as far as their permissions go.
describe('live events of a team account', () => {
  it('a member’s socket hears the account’s tasks, not its balance without balance.read, nor their own account', async () => {
    const owner = await makeUser(t.db);
    const member = await makeMember(t.db, { accountId: owner.id, permissions: ['projects.read'] });
    const accountant = await makeMember(t.db, { accountId: owner.id, permissions: ['balance.read'] });
    const [memberSocket, accountantSocket] = [await open(member.token), await open(accountant.token)];

    await t.ctx.events.publish({ userId: member.user.id, event: 'ActionCount', data: { count: 9 } });
    await t.ctx.events.publish({
      userId: owner.id,
      event: 'Balance',
      data: { balance: 5, isBlocked: false },
    });
    await publishAccountEvents(owner.id, [memberSocket, accountantSocket]);

    // The member's own account's event (9) is not the team's; the three of the team's arrive.
    expect(accountEvents(memberSocket)).toBe(3);
    expect(memberSocket.events).not.toContain('Balance');
    expect(accountantSocket.events).toContain('Balance');

    // Removed from the team, the member's socket in its account is closed.
    expect(
      (
        await t.api('DELETE', `team/members/${member.user.id}`, {
          token: await createAccessToken(t.db, owner.id),
        })
      ).status,
    ).toBe(200);
    expect(await memberSocket.closed).toBe(4401);
    accountantSocket.socket.close();
  });
});

// Issue 28: what an operator changes in the console reaches the customers' open pages without a reload.
describe('live events of the operator console', () => {
  it('a settings change reaches every socket; a common price all but its own payers; an own price its user', async () => {
    const admin = await makeUser(t.db, { isAdmin: true });
    const adminToken = await createAccessToken(t.db, admin.id);
    const [alice, bob] = [await makeUser(t.db), await makeUser(t.db)];
    const [a, b] = [
      await open(await createAccessToken(t.db, alice.id)),
      await open(await createAccessToken(t.db, bob.id)),
    ];
    const operator = (method: 'PUT', url: string, body: unknown) =>
      t.api(method, `admin/${url}`, { token: adminToken, body });
    const until = async (check: () => boolean) => {
      const end = Date.now() + 5_000;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    };

    expect((await operator('PUT', 'settings', { warning: `Live ${Date.now()}` })).status).toBe(200);
    await until(() => [a, b].every((c) => c.events.includes('SettingsChanged')));
    expect(a.events).toContain('SettingsChanged');
    expect(b.events).toContain('SettingsChanged');

    // Bob pays his own price for the action: the common one changing is not his.
    expect((await operator('PUT', `users/${bob.id}/prices/3`, { price: 1 })).status).toBe(200);
    await until(() => b.events.includes('PricesChanged'));
    expect(b.events.filter((e) => e === 'PricesChanged')).toHaveLength(1);
    expect(a.events).not.toContain('PricesChanged');
    expect((await operator('PUT', 'prices/3', { price: 4 })).status).toBe(200);
    await until(() => a.events.includes('PricesChanged'));
    expect(a.events).toContain('PricesChanged');
    // A marker to Bob's channel: whatever came before it has arrived.
    await publishAccountEvents(bob.id, [b]);
    expect(b.events.filter((e) => e === 'PricesChanged')).toHaveLength(1);
    a.socket.close();
    b.socket.close();
  });
});
