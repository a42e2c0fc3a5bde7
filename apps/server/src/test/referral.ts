import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { users } from '../db/schema/index.ts';
import { createAccessToken } from '../modules/auth/auth.queries.ts';
import { makeUserWithToken } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** What the partner programme's API tests share: a partner, a link, a browser that visits and registers. */

export const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const DAY_MS = 86_400_000;

export type Session = Awaited<ReturnType<typeof makeUserWithToken>>;

export async function makePartner(t: TestApp, overrides: Parameters<typeof makeUserWithToken>[1] = {}) {
  const p = await makeUserWithToken(t.db, overrides);
  const res = await t.api('POST', 'user/partner', { token: p.token });
  expect(res.status).toBe(200);
  return p;
}

export async function createLink(t: TestApp, p: Session, key: string, referralUri = 1) {
  const res = await t.api('POST', `referral/links?key=${key}&referralUri=${referralUri}`, { token: p.token });
  expect(res.status).toBe(201);
  return res.body.data;
}

export async function balanceOf(t: TestApp, p: Session) {
  const res = await t.api('GET', 'referral/balance', { token: p.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

let emails = 0;
export const nextEmail = () => `referred${++emails}-${Date.now()}@example.org`;

/**
 * A new customer brought by the partner: a browser (its own address) visits the link and registers
 * with the cookie it got; answers the verified user and a token.
 */
export async function referredCustomer(t: TestApp, key: string) {
  const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const visit = await t.app.inject({
    method: 'GET',
    url: `/r/${key}`,
    headers: { 'user-agent': BROWSER_AGENT },
    remoteAddress: ip,
  });
  expect(visit.statusCode).toBe(302);
  const set = visit.headers['set-cookie'];
  const cookie = (Array.isArray(set) ? set : set ? [set] : []).map((line) => line.split(';')[0]).join('; ');
  const email = nextEmail();
  const res = await t.api('POST', 'auth/register', {
    body: { name: 'Referred', email, password: 'a long secret 1', passwordConfirmation: 'a long secret 1' },
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('not registered');
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return { user, token: await createAccessToken(t.db, user.id) };
}

/** Moves the clock `days` ahead (Date only: the database and the sockets keep running). */
export function moveTime(days: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + days * DAY_MS });
}
