import { BalanceTransactionType } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyPaymentEvent } from '../payments/apply-event.ts';
import { makePayment } from '../payments/payments.factories.ts';
import { DEMO_CREDITS_DESCRIPTION, WELCOME_CREDITS_DESCRIPTION } from './descriptions.ts';
import { applyLedgerEntry } from './ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A payment that the provider reported paid (through applyPaymentEvent, as a webhook would). */
async function paidPayment(userId: number, cents: number, actorId?: number) {
  const payment = await makePayment(t.db, { userId, amountCents: cents, actorId });
  await applyPaymentEvent(t.ctx, 'stripe', {
    eventId: `evt_balance_${++seq}`,
    providerRef: payment.providerRef,
    kind: 'paid',
    paidCents: cents,
    currency: 'usd',
  });
  return payment;
}

describe('GET balances', () => {
  it('lists the ledger newest first with type texts, descriptions and payment ids, and the balance and bonus', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const payment = await paidPayment(user.id, 20_000); // $200: 200,000 credits and a 5% bonus of 10,000
    await t.db.transaction((tx) =>
      applyLedgerEntry(tx, { userId: user.id, value: -1_500, typeId: BalanceTransactionType.Charge }),
    );
    const res = await t.api('GET', 'balances', { token, locale: 'ru' });
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({
      balance: 208_500,
      bonus: 10_000,
      page: { currentPage: 1, perPage: 50, total: 3, lastPage: 1 },
    });
    expect(res.body.data.map((r: { attributes: unknown }) => r.attributes)).toEqual([
      expect.objectContaining({
        typeId: 2,
        typeText: 'Оплата задачи',
        value: -1_500,
        balance: 208_500,
        paymentId: null,
      }),
      expect.objectContaining({
        typeId: 5,
        typeText: 'Бонус',
        value: 10_000,
        description: `Бонус 5% за платёж №${payment.id}`,
        paymentId: payment.id,
      }),
      expect.objectContaining({
        typeId: 1,
        typeText: 'Пополнение',
        value: 200_000,
        balance: 200_000,
        description: `Пополнение, платёж №${payment.id}: Карта`,
        paymentId: payment.id,
      }),
    ]);
  });

  it('shows the descriptions the product writes itself (demo, welcome credits) in the reader’s language', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    for (const description of [
      DEMO_CREDITS_DESCRIPTION,
      WELCOME_CREDITS_DESCRIPTION,
      'Goodwill for the outage',
    ])
      await t.db.transaction((tx) =>
        applyLedgerEntry(tx, {
          userId: user.id,
          value: 10,
          typeId: BalanceTransactionType.Bonus,
          description,
        }),
      );
    const texts = async (locale: 'en' | 'ru' | 'ua') =>
      (await t.api('GET', 'balances', { token, locale })).body.data.map(
        (r: { attributes: { description: string } }) => r.attributes.description,
      );
    // An operator's own words stay as written.
    expect(await texts('ru')).toEqual(['Goodwill for the outage', 'Приветственные кредиты', 'Демо-кредиты']);
    expect(await texts('ua')).toEqual(['Goodwill for the outage', 'Вітальні кредити', 'Демо-кредити']);
    expect(await texts('en')).toEqual(['Goodwill for the outage', 'Welcome credits', 'Demo credits']);
  });

  it('names the member who made a payment while they belong to the account (issue 27)', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const member = await makeMember(t.db, {
      accountId: user.id,
      roleId: 2,
      name: 'Lena Ledger',
      permissions: ['balance.read', 'balance.topUp'],
    });
    const byMember = await paidPayment(user.id, 100, member.user.id);
    const byOwner = await paidPayment(user.id, 200);
    const names = async (as: string) =>
      (await t.api('GET', 'balances', { token: as })).body.data.map(
        (r: { attributes: { paymentId: number; actorName: string | null } }) => [
          r.attributes.paymentId,
          r.attributes.actorName,
        ],
      );
    expect(await names(token)).toEqual([
      [byOwner.id, null],
      [byMember.id, 'Lena Ledger'],
    ]);
    // The member reads the same history, as the account's.
    expect(await names(member.token)).toEqual(await names(token));
    // Once removed they are no longer named.
    expect((await t.api('DELETE', `team/members/${member.user.id}`, { token })).status).toBe(200);
    expect(await names(token)).toEqual([
      [byOwner.id, null],
      [byMember.id, null],
    ]);
  });

  it('filters by type and by days, and pages', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    for (let i = 0; i < 3; i++) await paidPayment(user.id, 100);
    await t.db.transaction((tx) =>
      applyLedgerEntry(tx, { userId: user.id, value: -10, typeId: BalanceTransactionType.Charge }),
    );
    const topUps = await t.api('GET', 'balances?filter[type]=1&page[size]=50', { token });
    expect(topUps.body.data).toHaveLength(3);
    const both = await t.api('GET', 'balances?filter[type]=1,2', { token });
    expect(both.body.meta.page.total).toBe(4);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await t.api('GET', `balances?filter[dateFrom]=${today}&filter[dateTo]=${today}`, {
      token,
    });
    expect(inRange.body.meta.page.total).toBe(4);
    const before = await t.api('GET', 'balances?filter[dateTo]=2020-01-01', { token });
    expect(before.body.meta.page.total).toBe(0);

    const bad = await t.api('GET', 'balances?filter[type]=9', { token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['filter.type']);
  });

  it('shows only the caller’s rows', async () => {
    const owner = await makeUserWithToken(t.db);
    await paidPayment(owner.user.id, 100);
    const other = await makeUserWithToken(t.db);
    const res = await t.api('GET', 'balances', { token: other.token });
    expect(res.body.data).toEqual([]);
    expect((await t.api('GET', 'balances')).status).toBe(401);
  });
});
