import { BalanceTransactionType } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAudit, balanceTransactions, payments, referralLedger, users } from '../../db/schema/index.ts';
import { type StripeStandIn, startStripeStandIn } from '../../providers/payments/stand-ins/stripe.ts';
import { makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAccessToken } from '../auth/auth.queries.ts';

/**
 * The partner programme's whole chain through the API (issue 29): a visit through a link, a
 * registration carrying its cookie, a card top-up paid through the Stripe stand-in's signed webhook,
 * the commission held, then available (time moved, not waited for), payouts of both types, refunds
 * before and after a payout, and the rules around them.
 */
const SECRET_KEY = 'sk_test_51LinkwatchReferralTestKey';
const WEBHOOK_SECRET = 'whsec_linkwatch_referral_test';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const DAY_MS = 86_400_000;

let stripe: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_BASE_URL: stripe.url,
      REFERRAL_MIN_PAYOUT: '10',
      REFERRAL_HOLD_DAYS: '30',
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhookUrl(`${address}/api/payments/webhooks/stripe`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Session = Awaited<ReturnType<typeof makeUserWithToken>>;

async function makePartner(): Promise<Session> {
  const p = await makeUserWithToken(t.db);
  const res = await t.api('POST', 'user/partner', { token: p.token });
  expect(res.status).toBe(200);
  expect(res.body.data.attributes.isPartner).toBe(true);
  return p;
}

async function createLink(p: Session, key: string, referralUri = 1) {
  const res = await t.api('POST', `referral/links?key=${key}&referralUri=${referralUri}`, { token: p.token });
  expect(res.status).toBe(201);
  return res.body.data;
}

/** A browser's cookie jar, as far as these tests need one. */
class Browser {
  cookies = new Map<string, string>();
  constructor(
    readonly userAgent = BROWSER,
    readonly ip = '203.0.113.7',
  ) {}
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async visit(key: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/r/${key}`,
      headers: { 'user-agent': this.userAgent, cookie: this.header() },
      remoteAddress: this.ip,
    });
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair = ''] = line.split(';');
      const [k = '', v = ''] = pair.split('=');
      this.cookies.set(k, v);
    }
    return res;
  }
  async register(email: string, extra: Record<string, string> = {}) {
    const res = await t.api('POST', 'auth/register', {
      body: { name: 'Referred', email, password: 'a long secret 1', passwordConfirmation: 'a long secret 1' },
      headers: { cookie: this.header(), ...extra },
    });
    expect(res.status).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('not registered');
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    return { user, token: await createAccessToken(t.db, user.id) };
  }
}

let emails = 0;
const nextEmail = () => `referred${++emails}-${Date.now()}@example.org`;

async function topUp(buyer: { token: string }, amount: number) {
  const created = await t.api('POST', 'payments/card', {
    token: buyer.token,
    body: { paymentMethod: 'card', amount, email: 'buyer@example.com' },
  });
  expect(created.status).toBe(201);
  const id = Number(created.body.data.id);
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  const ref = row?.providerRef ?? '';
  expect((await stripe.pay(ref)).status).toBe(200);
  return { id, ref };
}

const balanceOf = async (p: Session) => {
  const res = await t.api('GET', 'referral/balance', { token: p.token });
  expect(res.status).toBe(200);
  return res.body.data;
};

/** Moves the clock `days` ahead (Date only: the database and the sockets keep running). */
function moveTime(days: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + days * DAY_MS });
}

/** The chain makes many payments and webhooks: PostgreSQL on a loaded machine needs more than the default. */
const SLOW = { timeout: 60_000 };

describe('the chain: visit, register, top up, hold, payout', SLOW, () => {
  it('counts a visitor once, not a bot, attributes the sign-up, holds the commission, pays it as credits', async () => {
    const partner = await makePartner();
    const link = await createLink(partner, `chain-${Date.now()}`);
    expect(link.attributes.referralLink).toBe(`http://app.test/r/${link.attributes.key}`);

    const browser = new Browser();
    const first = await browser.visit(link.attributes.key);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('http://app.test/');
    expect(browser.cookies.get('lw_ref')).toBe(link.attributes.key);
    expect(String(first.headers['set-cookie'])).toContain(`Max-Age=${90 * 86_400}`);
    await browser.visit(link.attributes.key); // a reload
    // A cookie-less client from the same address and agent the same day: the same visitor.
    await new Browser().visit(link.attributes.key);
    const bot = new Browser('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    const botVisit = await bot.visit(link.attributes.key);
    expect(botVisit.statusCode).toBe(302);
    expect(bot.cookies.size).toBe(0);
    await new Browser('', '198.51.100.1').visit(link.attributes.key);

    const referred = await browser.register(nextEmail());
    let list = await t.api('GET', 'referral/links', { token: partner.token });
    expect(list.body.data[0].attributes).toMatchObject({ countTransition: 1, countUser: 1, incomeByLink: 0 });
    expect(list.body.meta.days.at(-1)).toMatchObject({ transitions: 1, users: 1 });

    const paid = await topUp(referred, 100);
    expect(await balanceOf(partner)).toMatchObject({
      balance: 20,
      attributes: { pending: 20, available: 0, percent: 20 },
    });
    const users1 = await t.api('GET', 'referral/users', { token: partner.token });
    expect(users1.body.data).toHaveLength(1);
    expect(users1.body.data[0].attributes.user).toMatch(/^re\*\*\*@example\.org$/);
    expect(users1.body.data[0].relationships.statistic.data).toMatchObject({
      paymentCount: 1,
      paymentSum: 100,
      incomeByUser: 20,
    });

    // Not yet available: a payout is refused.
    const early = await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=20', {
      token: partner.token,
    });
    expect(early.status).toBe(422);

    moveTime(31);
    expect((await balanceOf(partner)).attributes).toMatchObject({ pending: 0, available: 20 });
    const before = (await reloadUser(t.db, partner.user.id)).balance;
    const payout = await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=20', {
      token: partner.token,
    });
    expect(payout.status).toBe(201);
    expect(payout.body.data.attributes).toMatchObject({ statusId: 1, amount: 20, fee: 0, net: 20, type: 1 });
    expect((await reloadUser(t.db, partner.user.id)).balance).toBe(before + 20_000);
    const [credit] = await t.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.userId, partner.user.id));
    expect(credit).toMatchObject({ typeId: BalanceTransactionType.ReferralPayout, value: 20_000 });
    expect((await balanceOf(partner)).attributes).toMatchObject({ available: 0, paidOut: 20 });

    // Refunded after it was paid out: a negative entry, taken from the next earnings.
    expect((await stripe.refund(paid.ref)).status).toBe(200);
    expect((await balanceOf(partner)).attributes).toMatchObject({ available: 0, pending: 0 });
    const refused = await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=10', {
      token: partner.token,
    });
    expect(refused.status).toBe(422);
    vi.useRealTimers();
    await topUp(referred, 150); // 20 % of 150 = 30, held
    moveTime(31);
    // 30 earned less the 20 taken back: 10 available.
    expect((await balanceOf(partner)).attributes).toMatchObject({ available: 10 });
    list = await t.api('GET', 'referral/links', { token: partner.token });
    expect(list.body.data[0].attributes.incomeByLink).toBe(30);
    const rows = await t.db
      .select()
      .from(referralLedger)
      .where(eq(referralLedger.partnerId, partner.user.id));
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ['commission', 2000],
      ['payout', -2000],
      ['reversal', -2000],
      ['commission', 3000],
    ]);
    // The ledger is append-only.
    await expect(t.db.update(referralLedger).set({ amountCents: 1 })).rejects.toThrow();
    // A replayed refund changes nothing.
    const refundEvent = [...stripe.events.values()].find((e) => e.type === 'charge.refunded');
    expect((await stripe.redeliver(refundEvent?.id ?? '')).status).toBe(200);
    expect((await balanceOf(partner)).attributes).toMatchObject({ available: 10 });
  });

  it('a refund while the commission is pending cancels it', async () => {
    const partner = await makePartner();
    const link = await createLink(partner, `pending-${Date.now()}`);
    const browser = new Browser('Mozilla/5.0 Firefox/140.0', '203.0.113.20');
    await browser.visit(link.attributes.key);
    const referred = await browser.register(nextEmail());
    const paid = await topUp(referred, 50);
    expect((await balanceOf(partner)).attributes).toMatchObject({ pending: 10 });
    await stripe.refund(paid.ref);
    expect(await balanceOf(partner)).toMatchObject({ balance: 0, attributes: { pending: 0, available: 0 } });
    moveTime(31);
    expect((await balanceOf(partner)).attributes).toMatchObject({ pending: 0, available: 0 });
  });

  it('a cash payout waits as New until an operator marks it paid or cancels it (audited)', async () => {
    const partner = await makePartner();
    const operator = await makeUserWithToken(t.db, { isAdmin: true });
    const link = await createLink(partner, `cash-${Date.now()}`);
    const browser = new Browser('Mozilla/5.0 Safari/605.1.15', '203.0.113.30');
    await browser.visit(link.attributes.key);
    const referred = await browser.register(nextEmail());
    await topUp(referred, 200); // 40 held
    moveTime(31);

    const noPayee = await t.api('POST', 'referral/outpayments?paymentMethod=2&amount=20', {
      token: partner.token,
    });
    expect(noPayee.status).toBe(422);
    expect(noPayee.body.errors).toHaveProperty('email');
    const small = await t.api('POST', 'referral/outpayments?paymentMethod=2&amount=5&email=p@example.com', {
      token: partner.token,
    });
    expect(small.status).toBe(422);
    expect(small.body.errors).toHaveProperty('amount');

    const asked = await t.api('POST', 'referral/outpayments?paymentMethod=2&amount=20&email=p@example.com', {
      token: partner.token,
    });
    expect(asked.status).toBe(201);
    expect(asked.body.data.attributes).toMatchObject({ statusId: 0, amount: 20, fee: 0.6, net: 19.4 });
    expect((await balanceOf(partner)).attributes).toMatchObject({ available: 20, requested: 20 });

    const notOperator = await t.api('POST', `admin/outpayments/${asked.body.data.id}/paid`, {
      token: partner.token,
      body: { reference: 'PP-1' },
    });
    expect(notOperator.status).toBe(403);
    const marked = await t.api('POST', `admin/outpayments/${asked.body.data.id}/paid`, {
      token: operator.token,
      body: { reference: 'PP-12345' },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.data.attributes).toMatchObject({ statusId: 1, reference: 'PP-12345' });
    const again = await t.api('POST', `admin/outpayments/${asked.body.data.id}/cancel`, {
      token: operator.token,
      body: {},
    });
    expect(again.status).toBe(422);
    expect((await balanceOf(partner)).attributes).toMatchObject({ available: 20, paidOut: 20, requested: 0 });

    const second = await t.api('POST', 'referral/outpayments?paymentMethod=3&amount=20&email=IBAN%20DE00', {
      token: partner.token,
    });
    expect(second.status).toBe(201);
    expect((await balanceOf(partner)).attributes.available).toBe(0);
    const cancelled = await t.api('POST', `admin/outpayments/${second.body.data.id}/cancel`, {
      token: operator.token,
      body: { reason: 'wrong bank details' },
    });
    expect(cancelled.body.data.attributes.statusId).toBe(2);
    expect((await balanceOf(partner)).attributes.available).toBe(20);

    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, partner.user.id));
    expect(audit.map((a) => [a.kind, a.actorId])).toEqual([
      ['referral.payoutPaid', operator.user.id],
      ['referral.payoutCancelled', operator.user.id],
    ]);
    // The console's audit page lists them (an unknown kind made it answer 500).
    const page = await t.api(
      'GET',
      `admin/audit?filter[user]=${partner.user.id}&filter[kind]=referral.payoutPaid`,
      {
        token: operator.token,
      },
    );
    expect(page.status).toBe(200);
    expect(page.body.data.map((r: { attributes: { kind: string } }) => r.attributes.kind)).toEqual([
      'referral.payoutPaid',
    ]);
    const listed = await t.api('GET', 'admin/outpayments?filter[status]=1', { token: operator.token });
    expect(listed.body.data.map((p: { id: number }) => p.id)).toContain(asked.body.data.id);
  });

  it('ten parallel payout requests never take more than is available', async () => {
    const partner = await makePartner();
    const link = await createLink(partner, `race-${Date.now()}`);
    const browser = new Browser('Mozilla/5.0 Edge/140.0', '203.0.113.40');
    await browser.visit(link.attributes.key);
    const referred = await browser.register(nextEmail());
    await topUp(referred, 150); // 30 held
    moveTime(31);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api('POST', 'referral/outpayments?paymentMethod=1&amount=10', { token: partner.token }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(7);
    expect((await balanceOf(partner)).attributes).toMatchObject({ available: 0, paidOut: 30 });
  });
});

describe('attribution rules', () => {
  it("a second link's later click does not steal the attribution", async () => {
    const first = await makePartner();
    const second = await makePartner();
    const a = await createLink(first, `first-${Date.now()}`);
    const b = await createLink(second, `second-${Date.now()}`, 2);
    const browser = new Browser('Mozilla/5.0 Vivaldi/7', '203.0.113.50');
    await browser.visit(a.attributes.key);
    const later = await browser.visit(b.attributes.key);
    expect(later.headers.location).toBe('http://app.test/wiki');
    expect(browser.cookies.get('lw_ref')).toBe(a.attributes.key);
    await browser.register(nextEmail());
    const firstLinks = await t.api('GET', 'referral/links', { token: first.token });
    const secondLinks = await t.api('GET', 'referral/links', { token: second.token });
    expect(firstLinks.body.data[0].attributes).toMatchObject({ countTransition: 1, countUser: 1 });
    expect(secondLinks.body.data[0].attributes).toMatchObject({ countTransition: 1, countUser: 0 });
  });

  it('refuses self-referral: the partner signed in on the browser, or the same mailbox', async () => {
    const partner = await makePartner();
    const link = await createLink(partner, `self-${Date.now()}`);
    const browser = new Browser('Mozilla/5.0 Opera/110', '203.0.113.60');
    await browser.visit(link.attributes.key);
    await browser.register(nextEmail(), { authorization: `Bearer ${partner.token}` });
    const [local, domain] = partner.user.email.split('@');
    await browser.register(`${local}+alt@${domain}`);
    const links = await t.api('GET', 'referral/links', { token: partner.token });
    expect(links.body.data[0].attributes.countUser).toBe(0);
  });
});

describe('owner scoping and validation', () => {
  it("another partner's link and payout ids are not theirs to see or delete", async () => {
    const a = await makePartner();
    const b = await makePartner();
    const link = await createLink(a, `mine-${Date.now()}`);
    const gone = await t.api('DELETE', `referral/links/delete?ids[]=${link.id}`, { token: b.token });
    expect(gone.status).toBe(404);
    expect((await t.api('GET', 'referral/links', { token: a.token })).body.data).toHaveLength(1);
    expect((await t.api('GET', 'referral/links', { token: b.token })).body.data).toHaveLength(0);
    expect((await t.api('GET', 'referral/users', { token: b.token })).body.data).toHaveLength(0);
    expect((await t.api('GET', 'referral/outpayments', { token: b.token })).body.data).toHaveLength(0);
    const deleted = await t.api('DELETE', `referral/links/delete?ids[]=${link.id}`, { token: a.token });
    expect(deleted.status).toBe(200);
    expect((await t.api('GET', 'referral/links', { token: a.token })).body.data).toHaveLength(0);
  });

  it('keys: unique whatever the case, URL-safe, suggested when empty; non-partners get 403', async () => {
    const p = await makePartner();
    const key = `Key-${Date.now()}`;
    await createLink(p, key);
    const taken = await t.api('POST', `referral/links?key=${key.toLowerCase()}&referralUri=1`, {
      token: p.token,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toHaveProperty('key');
    const bad = await t.api('POST', 'referral/links?key=a%20b&referralUri=1', { token: p.token });
    expect(bad.status).toBe(422);
    const suggested = await t.api('POST', 'referral/links?referralUri=4', { token: p.token });
    expect(suggested.status).toBe(201);
    expect(suggested.body.data.attributes.key).toMatch(/^[a-z0-9]{8}$/);
    const uris = await t.api('GET', 'referral/uri', { token: p.token });
    expect(uris.body.data.map((u: { id: number }) => u.id)).toEqual([1, 2, 3, 4]);
    const outsider = await makeUserWithToken(t.db);
    expect((await t.api('GET', 'referral/balance', { token: outsider.token })).status).toBe(403);
    expect((await t.api('POST', 'referral/links?referralUri=1', { token: outsider.token })).status).toBe(403);
  });

  it('the partner flag at login makes the account a partner', async () => {
    const u = await makeUserWithToken(t.db);
    const res = await t.api('POST', 'auth/login', {
      body: { email: u.user.email, password: u.user.password, partner: true },
    });
    expect(res.status).toBe(200);
    expect((await reloadUser(t.db, u.user.id)).isPartner).toBe(true);
  });
});
