import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAudit, payments, referralLedger } from '../../db/schema/index.ts';
import { type StripeStandIn, startStripeStandIn } from '../../providers/payments/stand-ins/stripe.ts';
import { makeUserWithToken } from '../../test/factories.ts';
import {
  balanceOf,
  createLink,
  makePartner,
  moveTime,
  referredCustomer,
  type Session,
} from '../../test/referral.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { saveSettings } from '../settings/settings.queries.ts';

/**
 * The partner programme's levels, the operator console's calls (`GET admin/partners`,
 * `GET admin/referral`, `PUT admin/referral/levels|methods|minimum`), `Settings.referralDomain` in
 * the links, and a deleted link's earnings (issue 29). The tests run in order: the console's changes
 * are global and come after the default levels are checked.
 */
const SECRET_KEY = 'sk_test_51LinkwatchConsoleTestKey';
const WEBHOOK_SECRET = 'whsec_linkwatch_console_test';

let stripe: StripeStandIn;
let t: TestApp;
let operator: Session;

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
  operator = await makeUserWithToken(t.db, { isAdmin: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Customer = Awaited<ReturnType<typeof referredCustomer>>;

async function topUp(buyer: Customer, amount: number) {
  const created = await t.api('POST', 'payments/card', {
    token: buyer.token,
    body: { paymentMethod: 'card', amount, email: 'buyer@example.com' },
  });
  expect(created.status).toBe(201);
  const [row] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.id, Number(created.body.data.id)));
  expect((await stripe.pay(row?.providerRef ?? '')).status).toBe(200);
}

const commissions = async (partner: Session) =>
  (await t.db.select().from(referralLedger).where(eq(referralLedger.partnerId, partner.user.id)))
    .filter((r) => r.kind === 'commission')
    .map((r) => [r.amountCents, r.percent]);

/** Several payments and webhooks per test: PostgreSQL on a loaded machine needs more than the default. */
const SLOW = { timeout: 60_000 };

const auditOf = (kind: string) => t.db.select().from(adminAudit).where(eq(adminAudit.kind, kind));

describe('levels: the percent follows the partner’s referred revenue', SLOW, () => {
  it('20 % under $1,000, 25 % from $1,000, 30 % from $5,000 (the revenue before each payment)', async () => {
    const partner = await makePartner(t);
    const link = await createLink(t, partner, `levels-${Date.now()}`);
    const customer = await referredCustomer(t, link.attributes.key);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({
      percent: 20,
      levels: [
        { min: 0, max: 999.99, percent: 20 },
        { min: 1000, max: 4999.99, percent: 25 },
        { min: 5000, max: null, percent: 30 },
      ],
    });
    await topUp(customer, 1000); // revenue before: 0 → 20 %
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ percent: 25, referredRevenue: 1000 });
    await topUp(customer, 100); // 1,000 → 25 %
    await topUp(customer, 4000); // 1,100 → 25 %
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ percent: 30, referredRevenue: 5100 });
    await topUp(customer, 100); // 5,100 → 30 %
    expect(await commissions(partner)).toEqual([
      [20_000, 20],
      [2_500, 25],
      [100_000, 25],
      [3_000, 30],
    ]);
    expect((await balanceOf(t, partner)).attributes.pending).toBe(1255);
  });
});

describe('the operator console', SLOW, () => {
  it('GET admin/partners lists partners with their links, referred users and balance; operators only', async () => {
    const partner = await makePartner(t);
    const link = await createLink(t, partner, `console-${Date.now()}`);
    await createLink(t, partner, `console2-${Date.now()}`);
    const customer = await referredCustomer(t, link.attributes.key);
    await topUp(customer, 50);
    const found = await t.api(
      'GET',
      `admin/partners?filter[query]=${encodeURIComponent(partner.user.email)}`,
      {
        token: operator.token,
      },
    );
    expect(found.status).toBe(200);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({
      id: partner.user.id,
      attributes: {
        email: partner.user.email,
        links: 2,
        referredUsers: 1,
        pending: 10,
        available: 0,
        paidOut: 0,
        requested: 0,
      },
    });
    const all = await t.api('GET', 'admin/partners', { token: operator.token });
    expect(all.body.meta.page.total).toBeGreaterThanOrEqual(2);
    expect((await t.api('GET', 'admin/partners', { token: partner.token })).status).toBe(403);
  });

  it('GET admin/referral shows levels, methods and the minimum; operators only', async () => {
    const setup = await t.api('GET', 'admin/referral', { token: operator.token });
    expect(setup.status).toBe(200);
    expect(setup.body.data.levels.map((l: { percent: number }) => l.percent)).toEqual([20, 25, 30]);
    expect(
      setup.body.data.methods.map((m: { name: string; percent: number; type: number }) => [
        m.name,
        m.percent,
        m.type,
      ]),
    ).toEqual([
      ['Linkwatch balance', 0, 1],
      ['PayPal', 3, 2],
      ['Bank transfer', 2, 2],
      ['USDT (TRC20)', 1, 2],
    ]);
    expect(setup.body.data.minPayout).toBe(10);
    const partner = await makePartner(t);
    expect((await t.api('GET', 'admin/referral', { token: partner.token })).status).toBe(403);
  });

  it('PUT admin/referral/levels: broken ranges 422 and change nothing; new levels apply to the next commission, audited', async () => {
    const partner = await makePartner(t);
    const gap = await t.api('PUT', 'admin/referral/levels', {
      token: operator.token,
      body: {
        levels: [
          { min: 0, max: 100, percent: 10 },
          { min: 200, max: null, percent: 15 },
        ],
      },
    });
    expect(gap.status).toBe(422);
    expect(gap.body.errors).toHaveProperty('levels');
    const notFromZero = await t.api('PUT', 'admin/referral/levels', {
      token: operator.token,
      body: { levels: [{ min: 5, max: null, percent: 10 }] },
    });
    expect(notFromZero.status).toBe(422);
    const byPartner = await t.api('PUT', 'admin/referral/levels', {
      token: partner.token,
      body: { levels: [{ min: 0, max: null, percent: 90 }] },
    });
    expect(byPartner.status).toBe(403);
    expect((await auditOf('referral.levels')).length).toBe(0);

    const changed = await t.api('PUT', 'admin/referral/levels', {
      token: operator.token,
      body: {
        levels: [
          { min: 500, max: null, percent: 15 },
          { min: 0, max: 499.99, percent: 10 },
        ],
        reason: 'autumn terms',
      },
    });
    expect(changed.status).toBe(200);
    const setup = await t.api('GET', 'admin/referral', { token: operator.token });
    expect(setup.body.data.levels).toMatchObject([
      { min: 0, max: 499.99, percent: 10 },
      { min: 500, max: null, percent: 15 },
    ]);
    const [audit] = await auditOf('referral.levels');
    expect(audit).toMatchObject({ actorId: operator.user.id, reason: 'autumn terms' });

    const link = await createLink(t, partner, `newlevels-${Date.now()}`);
    const customer = await referredCustomer(t, link.attributes.key);
    await topUp(customer, 100);
    expect(await commissions(partner)).toEqual([[1_000, 10]]);
    expect((await balanceOf(t, partner)).attributes.levels).toHaveLength(2);
  });

  it('PUT admin/referral/methods: fees and switches reach the partner’s methods and payouts, audited', async () => {
    const unknown = await t.api('PUT', 'admin/referral/methods', {
      token: operator.token,
      body: { methods: [{ id: 999, name: 'Nowhere', percent: 1, type: 2, enabled: true }] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('methods');
    const changed = await t.api('PUT', 'admin/referral/methods', {
      token: operator.token,
      body: {
        methods: [
          { id: 2, name: 'PayPal', percent: 5, type: 2, enabled: true },
          { id: 4, name: 'USDT (TRC20)', percent: 1, type: 2, enabled: false },
        ],
      },
    });
    expect(changed.status).toBe(200);
    const partner = await makePartner(t);
    const methods = await t.api('GET', 'referral/payment-methods/', { token: partner.token });
    expect(
      methods.body.data.map((m: { id: number; attributes: { percent: number } }) => [
        m.id,
        m.attributes.percent,
      ]),
    ).toEqual([
      [1, 0],
      [2, 5],
      [3, 2],
    ]);
    const [audit] = await auditOf('referral.methods');
    expect(audit?.actorId).toBe(operator.user.id);

    // A disabled method takes no payout; an enabled one charges its new fee.
    const link = await createLink(t, partner, `methods-${Date.now()}`);
    const customer = await referredCustomer(t, link.attributes.key);
    await topUp(customer, 400); // 10 % (the levels above) of 400 = 40
    moveTime(31);
    const usdt = await t.api('POST', 'referral/outpayments?paymentMethod=4&amount=20&email=TXYZ', {
      token: partner.token,
    });
    expect(usdt.status).toBe(422);
    expect(usdt.body.errors).toHaveProperty('paymentMethod');
    const viaPayPal = await t.api(
      'POST',
      'referral/outpayments?paymentMethod=2&amount=20&email=p@example.com',
      {
        token: partner.token,
      },
    );
    expect(viaPayPal.status).toBe(201);
    expect(viaPayPal.body.data.attributes).toMatchObject({ fee: 1, net: 19 });
  });

  it('PUT admin/referral/minimum: the new minimum is shown and enforced, audited with before and after', async () => {
    const bad = await t.api('PUT', 'admin/referral/minimum', {
      token: operator.token,
      body: { minPayout: -1 },
    });
    expect(bad.status).toBe(422);
    const changed = await t.api('PUT', 'admin/referral/minimum', {
      token: operator.token,
      body: { minPayout: 25 },
    });
    expect(changed.status).toBe(200);
    const partner = await makePartner(t);
    expect((await balanceOf(t, partner)).attributes.minPayout).toBe(25);
    const methods = await t.api('GET', 'referral/payment-methods/', { token: partner.token });
    expect(methods.body.meta.minPayout).toBe(25);
    const [audit] = await auditOf('referral.minimum');
    expect(audit).toMatchObject({
      actorId: operator.user.id,
      before: { minPayout: 10 },
      after: { minPayout: 25 },
    });

    const link = await createLink(t, partner, `minimum-${Date.now()}`);
    const customer = await referredCustomer(t, link.attributes.key);
    await topUp(customer, 400); // 40 at 10 %
    moveTime(31);
    const small = await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=20', {
      token: partner.token,
    });
    expect(small.status).toBe(422);
    expect(small.body.errors).toHaveProperty('amount');
    const enough = await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=25', {
      token: partner.token,
    });
    expect(enough.status).toBe(201);
  });
});

describe('links', SLOW, () => {
  it('Settings.referralDomain: links are served on it (with https when no scheme is given)', async () => {
    const partner = await makePartner(t);
    await saveSettings(t.ctx, { referralDomain: 'go.partner.example/' });
    try {
      const link = await createLink(t, partner, `domain-${Date.now()}`);
      expect(link.attributes.referralLink).toBe(`https://go.partner.example/r/${link.attributes.key}`);
      const listed = await t.api('GET', 'referral/links', { token: partner.token });
      expect(listed.body.data[0].attributes.referralLink).toBe(link.attributes.referralLink);
      await saveSettings(t.ctx, { referralDomain: 'http://ref.example' });
      const again = await t.api('GET', 'referral/links', { token: partner.token });
      expect(again.body.data[0].attributes.referralLink).toBe(`http://ref.example/r/${link.attributes.key}`);
    } finally {
      await saveSettings(t.ctx, { referralDomain: null });
    }
    const plain = await t.api('GET', 'referral/links', { token: partner.token });
    expect(plain.body.data[0].attributes.referralLink).toMatch(/^http:\/\/app\.test\/r\//);
  });

  it('deleting a link keeps what it earned: the balance, the referred user and the commission rows', async () => {
    const partner = await makePartner(t);
    const link = await createLink(t, partner, `deleted-${Date.now()}`);
    const customer = await referredCustomer(t, link.attributes.key);
    await topUp(customer, 100); // 10 % (the levels above)
    const before = await balanceOf(t, partner);
    expect(before.attributes.pending).toBe(10);
    const deleted = await t.api('DELETE', `referral/links/delete?ids[]=${link.id}`, { token: partner.token });
    expect(deleted.status).toBe(200);
    expect((await t.api('GET', 'referral/links', { token: partner.token })).body.data).toHaveLength(0);
    expect(await balanceOf(t, partner)).toEqual(before);
    const referred = await t.api('GET', 'referral/users', { token: partner.token });
    expect(referred.body.data).toHaveLength(1);
    expect(referred.body.data[0].relationships).toMatchObject({
      statistic: { data: { paymentCount: 1, paymentSum: 100, incomeByUser: 10 } },
      referralLink: { data: { id: link.id, key: link.attributes.key } },
    });
    expect(await commissions(partner)).toEqual([[1_000, 10]]);
    moveTime(31);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ pending: 0, available: 10 });
  });
});
