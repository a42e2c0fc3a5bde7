import { ActionCode, BalanceTransactionType, PaymentStatus } from '@linkwatch/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceTransactions, payments, userActionPrices } from '../../db/schema/index.ts';
import type { AppEvent } from '../../events/bus.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerSum } from '../balance/ledger.ts';
import { applyPaymentEvent } from './apply-event.ts';
import { makePayment } from './payments.factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let eventSeq = 0;
const eventId = () => `evt_${++eventSeq}_${Date.now()}`;
const paid = (providerRef: string, paidCents: number, extra: { eventId?: string; currency?: string } = {}) =>
  ({
    eventId: extra.eventId ?? eventId(),
    providerRef,
    kind: 'paid',
    paidCents,
    currency: extra.currency ?? 'usd',
  }) as const;

const ledgerOf = (userId: number) =>
  t.db
    .select()
    .from(balanceTransactions)
    .where(eq(balanceTransactions.userId, userId))
    .orderBy(asc(balanceTransactions.id));
const paymentRow = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];

describe('applyPaymentEvent', () => {
  it('credits a paid payment as a top-up plus its level bonus, both naming the payment', async () => {
    const { user } = await makeUserWithToken(t.db);
    // $150 is in the default 5% level: 150,000 credits and a 7,500 bonus.
    const payment = await makePayment(t.db, { userId: user.id, amountCents: 15_000 });
    const outcome = await applyPaymentEvent(t.ctx, 'stripe', paid(payment.providerRef, 15_000));
    expect(outcome).toMatchObject({ applied: true, change: 'credited' });
    const rows = await ledgerOf(user.id);
    expect(rows.map((r) => [r.typeId, r.value, r.paymentId])).toEqual([
      [BalanceTransactionType.TopUp, 150_000, payment.id],
      [BalanceTransactionType.Bonus, 7_500, payment.id],
    ]);
    const after = await paymentRow(payment.id);
    expect(after).toMatchObject({ statusId: PaymentStatus.Paid, paidCents: 15_000, bonusCredits: 7_500 });
    expect(after.paidAt).toBeInstanceOf(Date);
    expect((await reloadUser(t.db, user.id)).balance).toBe(157_500);
  });

  it('gives no bonus row below the first paying level', async () => {
    const { user } = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, { userId: user.id, amountCents: 9_999 });
    await applyPaymentEvent(t.ctx, 'stripe', paid(payment.providerRef, 9_999));
    expect((await ledgerOf(user.id)).map((r) => r.typeId)).toEqual([BalanceTransactionType.TopUp]);
    expect((await reloadUser(t.db, user.id)).balance).toBe(99_990);
  });

  it('credits once when the same event is delivered ten times at once', async () => {
    const { user } = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, { userId: user.id, amountCents: 50_000 });
    const event = paid(payment.providerRef, 50_000);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => applyPaymentEvent(t.ctx, 'stripe', event)),
    );
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.applied && o.reason === 'replay')).toHaveLength(9);
    // $500: 500,000 credits and the 10% level's 50,000.
    expect((await reloadUser(t.db, user.id)).balance).toBe(550_000);
    expect(await ledgerOf(user.id)).toHaveLength(2);
  });

  it('credits once when two different events report the same payment (capture and webhook)', async () => {
    const { user } = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, {
      userId: user.id,
      amountCents: 500,
      method: 'paypal',
      provider: 'paypal',
    });
    await Promise.all([
      applyPaymentEvent(t.ctx, 'paypal', paid(payment.providerRef, 500)),
      applyPaymentEvent(t.ctx, 'paypal', paid(payment.providerRef, 500)),
    ]);
    expect((await reloadUser(t.db, user.id)).balance).toBe(5_000);
  });

  it('records an amount or currency that does not match, and credits nothing', async () => {
    const { user } = await makeUserWithToken(t.db);
    const short = await makePayment(t.db, { userId: user.id, amountCents: 2_000 });
    const euros = await makePayment(t.db, { userId: user.id, amountCents: 2_000 });
    expect(await applyPaymentEvent(t.ctx, 'stripe', paid(short.providerRef, 1_000))).toMatchObject({
      change: 'problem',
    });
    expect(
      await applyPaymentEvent(t.ctx, 'stripe', paid(euros.providerRef, 2_000, { currency: 'eur' })),
    ).toMatchObject({
      change: 'problem',
    });
    expect((await paymentRow(short.id)).problem).toMatch(/amount differs/);
    expect((await paymentRow(euros.id)).problem).toMatch(/currency differs/);
    expect((await paymentRow(short.id)).statusId).toBe(PaymentStatus.New);
    expect((await reloadUser(t.db, user.id)).balance).toBe(0);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it('credits a final partial crypto payment for what arrived, and marks it Paid', async () => {
    const { user } = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, {
      userId: user.id,
      amountCents: 5_000,
      method: 'crypto',
      provider: 'nowpayments',
      payCurrency: 'usdttrc20',
    });
    await applyPaymentEvent(t.ctx, 'nowpayments', {
      eventId: eventId(),
      providerRef: payment.providerRef,
      kind: 'partial',
      paidCents: 3_250,
      currency: 'usd',
    });
    expect(await paymentRow(payment.id)).toMatchObject({ statusId: PaymentStatus.Paid, paidCents: 3_250 });
    expect((await reloadUser(t.db, user.id)).balance).toBe(32_500);
  });

  it('cancels a New payment, and money arriving after that is recorded, not credited', async () => {
    const { user } = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, { userId: user.id, amountCents: 1_000 });
    const cancel = { eventId: eventId(), providerRef: payment.providerRef, kind: 'cancelled' } as const;
    expect(await applyPaymentEvent(t.ctx, 'stripe', cancel)).toMatchObject({ change: 'cancelled' });
    expect((await paymentRow(payment.id)).statusId).toBe(PaymentStatus.Cancelled);
    expect(await applyPaymentEvent(t.ctx, 'stripe', paid(payment.providerRef, 1_000))).toMatchObject({
      change: 'problem',
    });
    expect(await paymentRow(payment.id)).toMatchObject({ statusId: PaymentStatus.Cancelled });
    expect((await paymentRow(payment.id)).problem).toMatch(/after the payment was cancelled/);
    expect((await reloadUser(t.db, user.id)).balance).toBe(0);
  });

  it('does not cancel a Paid payment', async () => {
    const { user } = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, { userId: user.id, amountCents: 1_000 });
    await applyPaymentEvent(t.ctx, 'stripe', paid(payment.providerRef, 1_000));
    const late = { eventId: eventId(), providerRef: payment.providerRef, kind: 'cancelled' } as const;
    expect(await applyPaymentEvent(t.ctx, 'stripe', late)).toMatchObject({ change: 'none' });
    expect((await paymentRow(payment.id)).statusId).toBe(PaymentStatus.Paid);
  });

  it('ignores an event for a payment that is not ours, once and for all', async () => {
    const event = paid('ref_of_someone_else', 1_000);
    expect(await applyPaymentEvent(t.ctx, 'stripe', event)).toEqual({
      applied: false,
      reason: 'unknownPayment',
    });
    expect(await applyPaymentEvent(t.ctx, 'stripe', event)).toEqual({ applied: false, reason: 'replay' });
  });

  it('pushes the new balance to the user over the events bus after the commit', async () => {
    const { user } = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, { userId: user.id, amountCents: 100 });
    const seen: AppEvent[] = [];
    const stop = t.ctx.events.subscribe((e) => seen.push(e));
    await applyPaymentEvent(t.ctx, 'stripe', paid(payment.providerRef, 100));
    stop();
    expect(seen.filter((e) => e.userId === user.id)).toEqual([
      { userId: user.id, event: 'Balance', data: { balance: 1_000, isBlocked: false } },
    ]);
  });
});

describe('blocking', () => {
  async function userWithCampaign() {
    const { user, token } = await makeUserWithToken(t.db, { balance: 1_000 });
    const project = await makeProject(t.db, { userId: user.id });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    await makeLinks(t.db, { campaign, urls: ['http://127.0.0.1:9/a'] });
    return { user, token, campaign };
  }
  const start = (token: string, campaignId: number, locale = 'en') =>
    t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaignId}`, { token, locale });

  it('a dispute blocks the account: it still reads, but a task start answers 403; a paid $1 unblocks', async () => {
    const { user, token, campaign } = await userWithCampaign();
    const disputed = await makePayment(t.db, { userId: user.id, amountCents: 100 });
    await applyPaymentEvent(t.ctx, 'stripe', paid(disputed.providerRef, 100));
    await applyPaymentEvent(t.ctx, 'stripe', {
      eventId: eventId(),
      providerRef: disputed.providerRef,
      kind: 'dispute',
    });
    expect((await reloadUser(t.db, user.id)).isBlocked).toBe(true);

    expect((await t.api('GET', 'user/me', { token })).body.data.attributes.isBlocked).toBe(true);
    expect((await t.api('GET', 'balances', { token })).status).toBe(200);
    const refused = await start(token, campaign.id, 'ru');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Ваш аккаунт заблокирован: задачи нельзя запускать, пока баланс не пополнен хотя бы на $1.',
    );
    const balanceBefore = (await reloadUser(t.db, user.id)).balance;

    const topUp = await makePayment(t.db, { userId: user.id, amountCents: 100 });
    await applyPaymentEvent(t.ctx, 'stripe', paid(topUp.providerRef, 100));
    expect((await reloadUser(t.db, user.id)).isBlocked).toBe(false);
    expect((await start(token, campaign.id)).status).toBe(201);
    expect((await reloadUser(t.db, user.id)).balance).toBe(balanceBefore + 1_000 - 1);
  });

  it('a partial payment under $1 does not unblock', async () => {
    const { user } = await userWithCampaign();
    const payment = await makePayment(t.db, {
      userId: user.id,
      amountCents: 100,
      method: 'crypto',
      provider: 'nowpayments',
    });
    await applyPaymentEvent(t.ctx, 'nowpayments', {
      eventId: eventId(),
      providerRef: payment.providerRef,
      kind: 'dispute',
    });
    await applyPaymentEvent(t.ctx, 'nowpayments', {
      eventId: eventId(),
      providerRef: payment.providerRef,
      kind: 'partial',
      paidCents: 99,
      currency: 'usd',
    });
    const after = await reloadUser(t.db, user.id);
    expect(after).toMatchObject({ isBlocked: true, balance: 1_000 + 990 });
  });
});

describe('20 notifications in parallel with 20 task starts on one user', () => {
  it('keeps the balance equal to the ledger and never below zero', async () => {
    const PARALLEL = 20;
    const { user, token } = await makeUserWithToken(t.db);
    // Each start costs 600 credits (120 a link, 5 links); $1 buys 1,000.
    await t.db
      .insert(userActionPrices)
      .values({ userId: user.id, actionId: ActionCode.CheckBacklinks, price: 120 });
    const project = await makeProject(t.db, { userId: user.id });
    const campaigns = [];
    for (let i = 0; i < PARALLEL; i++) {
      const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
      await makeLinks(t.db, {
        campaign,
        urls: [1, 2, 3, 4, 5].map((n) => `http://127.0.0.1:9/c${campaign.id}/${n}`),
      });
      campaigns.push(campaign);
    }
    // Ten $1 payments paid (five of them delivered twice) and five cancelled: 10,000 credits arrive while
    // the starts ask for 12,000, so some of them must be refused for want of credits, none overdrawn.
    const paidPayments = await Promise.all(
      Array.from({ length: 10 }, () => makePayment(t.db, { userId: user.id, amountCents: 100 })),
    );
    const cancelled = await Promise.all(
      Array.from({ length: 5 }, () => makePayment(t.db, { userId: user.id, amountCents: 100 })),
    );
    const paidEvents = paidPayments.map((p) => paid(p.providerRef, 100));
    const events = [
      ...paidEvents,
      ...paidEvents.slice(0, 5),
      ...cancelled.map(
        (p) => ({ eventId: eventId(), providerRef: p.providerRef, kind: 'cancelled' }) as const,
      ),
    ];
    expect(events).toHaveLength(PARALLEL);

    const [outcomes, starts] = await Promise.all([
      Promise.all(events.map((e) => applyPaymentEvent(t.ctx, 'stripe', e))),
      Promise.all(campaigns.map((c) => start(token, c.id))),
    ]);
    expect(outcomes.filter((o) => o.applied && o.change === 'credited')).toHaveLength(10);
    expect(starts.every((s) => s.status === 201 || s.status === 422)).toBe(true);
    const started = starts.filter((s) => s.status === 201).length;

    const after = await reloadUser(t.db, user.id);
    expect(after.balance).toBe(10_000 - 600 * started);
    expect(after.balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(t.db, user.id)).toBe(after.balance);
    // Every row's running balance: it never went below zero on the way.
    const rows = await ledgerOf(user.id);
    expect(rows.every((r) => r.balance >= 0)).toBe(true);
    expect(rows.filter((r) => r.typeId === BalanceTransactionType.TopUp)).toHaveLength(10);
    expect(rows.filter((r) => r.typeId === BalanceTransactionType.Charge)).toHaveLength(started);
  });

  const start = (token: string, campaignId: number) =>
    t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaignId}`, { token });
});
