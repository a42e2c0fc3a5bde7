import { ActionCode, BalanceTransactionType } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, adminAudit, balanceTransactions } from '../../db/schema/index.ts';
import type { AppEvent } from '../../events/bus.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerSum } from '../balance/ledger.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUserWithToken>>;
const events: AppEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUserWithToken(t.db, { isAdmin: true, name: 'Olga Operator' });
  t.ctx.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.api(method, `admin/${url}`, { token: admin.token, body });

async function auditOf(userId: number) {
  return t.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, userId)).orderBy(adminAudit.id);
}

describe('customers', () => {
  it('finds a customer by e-mail, name, id or referral, a page at a time', async () => {
    const { user } = await makeUserWithToken(t.db, {
      email: `findme-${Date.now()}@shop.example`,
      name: 'Zed Findable',
      referral: 'partner-zed',
    });
    for (const query of ['findme-', 'zed findable', String(user.id), 'PARTNER-ZED']) {
      const res = await asAdmin('GET', `users?filter[query]=${encodeURIComponent(query)}`);
      expect(res.status, query).toBe(200);
      expect(
        res.body.data.map((u: { id: number }) => u.id),
        query,
      ).toContain(user.id);
    }
    const none = await asAdmin('GET', 'users?filter[query]=nobody-has-this-address');
    expect(none.body).toMatchObject({ data: [], meta: { page: { total: 0 } } });
    const page = await asAdmin('GET', 'users?page[size]=50&sort=email');
    expect(page.body.meta.page).toMatchObject({ currentPage: 1, perPage: 50 });
  });

  it('shows a customer’s page: profile, balance and ledger, tasks, projects and prices', async () => {
    const { user } = await makeUserWithToken(t.db, { balance: 40 });
    await makeProject(t.db, { userId: user.id });
    const res = await asAdmin('GET', `users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      email: user.email,
      balance: 40,
      projectsCount: 1,
      ledger: [{ value: 40, balance: 40 }],
      tasks: [],
      payments: [],
    });
    expect(res.body.data.attributes.lastLoginAt).not.toBeNull();
    expect(res.body.data.attributes.prices).toContainEqual({
      action: ActionCode.CheckBacklinks,
      price: 1,
      customPrice: false,
    });
    expect((await asAdmin('GET', 'users/2147483647')).status).toBe(404);
  });

  it('sets the flags with an audit row of the values before and after, and tells the customer’s pages', async () => {
    const { user } = await makeUserWithToken(t.db);
    const res = await asAdmin('PUT', `users/${user.id}`, {
      isBlocked: true,
      isPartner: true,
      reason: 'card dispute',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ isBlocked: true, isPartner: true, isAdmin: false });
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({
      actorId: admin.user.id,
      kind: 'user.update',
      before: { isBlocked: false, isPartner: false },
      after: { isBlocked: true, isPartner: true },
      reason: 'card dispute',
    });
    expect(events).toContainEqual({
      userId: user.id,
      event: 'Balance',
      data: { balance: 0, isBlocked: true },
    });
    expect(
      (await asAdmin('PUT', `users/${user.id}`, { isBlocked: false })).body.data.attributes.isBlocked,
    ).toBe(false);
    expect(await auditOf(user.id)).toHaveLength(2);
  });

  it('refuses to lock an operator out of their own console, and an empty change', async () => {
    expect((await asAdmin('PUT', `users/${admin.user.id}`, { isAdmin: false })).status).toBe(422);
    expect((await asAdmin('PUT', `users/${admin.user.id}`, { isBlocked: true })).status).toBe(422);
    expect((await asAdmin('PUT', `users/${admin.user.id}`, { reason: 'nothing' })).status).toBe(422);
    expect((await reloadUser(t.db, admin.user.id)).isAdmin).toBe(true);
  });

  it('ends every session of a customer, with an audit row', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    expect((await t.api('GET', 'user/me', { token })).status).toBe(200);
    expect((await asAdmin('POST', `users/${user.id}/sessions/end`, { reason: 'stolen laptop' })).status).toBe(
      200,
    );
    expect((await t.api('GET', 'user/me', { token })).status).toBe(401);
    expect(await auditOf(user.id)).toMatchObject([{ kind: 'user.sessionsEnded', reason: 'stolen laptop' }]);
  });

  it('resends the confirmation mail to an address not yet confirmed', async () => {
    const { user } = await makeUserWithToken(t.db, { emailVerifiedAt: null });
    const res = await asAdmin('POST', `users/${user.id}/confirmation`, {});
    expect(res.status).toBe(200);
    await expect.poll(() => t.smtp.to(user.email).length).toBe(1);
    expect(await auditOf(user.id)).toMatchObject([{ kind: 'user.confirmationSent' }]);
    expect((await asAdmin('POST', `users/${admin.user.id}/confirmation`, {})).status).toBe(422);
  });
});

describe('credits', () => {
  it('adds and takes credits through the ledger, with the reason, and the customer sees the balance live', async () => {
    const { user, token } = await makeUserWithToken(t.db, { balance: 10 });
    const added = await asAdmin('POST', `users/${user.id}/credits`, { amount: 25, reason: 'goodwill' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ data: { balance: 35 } });
    const taken = await asAdmin('POST', `users/${user.id}/credits`, {
      amount: -5,
      reason: 'duplicate top-up',
    });
    expect(taken.body).toEqual({ data: { balance: 30 } });

    expect((await t.api('GET', 'user/balance', { token })).body.data.balance).toBe(30);
    expect(await ledgerSum(t.db, user.id)).toBe(30);
    const ledger = await t.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.userId, user.id))
      .orderBy(balanceTransactions.id);
    expect(ledger.slice(1)).toMatchObject([
      { value: 25, balance: 35, typeId: BalanceTransactionType.TopUp, description: 'goodwill' },
      { value: -5, balance: 30, typeId: BalanceTransactionType.Adjustment, description: 'duplicate top-up' },
    ]);
    expect(await auditOf(user.id)).toMatchObject([
      {
        kind: 'user.credits',
        before: { balance: 10 },
        after: { balance: 35, amount: 25 },
        reason: 'goodwill',
      },
      { kind: 'user.credits', before: { balance: 35 }, after: { balance: 30, amount: -5 } },
    ]);
    expect(events).toContainEqual({
      userId: user.id,
      event: 'Balance',
      data: { balance: 30, isBlocked: false },
    });
  });

  it('answers 422 when the balance would fall below zero or the reason is empty, and changes nothing', async () => {
    const { user } = await makeUserWithToken(t.db, { balance: 3 });
    const below = await asAdmin('POST', `users/${user.id}/credits`, { amount: -4, reason: 'too much' });
    expect(below.status).toBe(422);
    expect(below.body.errors.amount[0]).toContain('3');
    for (const reason of ['', '   '])
      expect((await asAdmin('POST', `users/${user.id}/credits`, { amount: 5, reason })).status).toBe(422);
    expect((await asAdmin('POST', `users/${user.id}/credits`, { amount: 5 })).status).toBe(422);
    expect((await asAdmin('POST', `users/${user.id}/credits`, { amount: 0, reason: 'x' })).status).toBe(422);
    expect((await asAdmin('POST', `users/${user.id}/credits`, { amount: 1.5, reason: 'x' })).status).toBe(
      422,
    );
    expect((await reloadUser(t.db, user.id)).balance).toBe(3);
    expect(await ledgerSum(t.db, user.id)).toBe(3);
    expect(await auditOf(user.id)).toEqual([]);
  });
});

describe('prices', () => {
  async function startCheck(token: string, userId: number) {
    const project = await makeProject(t.db, { userId });
    const campaign = await makeCampaign(t.db, { userId, projectId: project.id });
    await makeLinks(t.db, { campaign, urls: [`https://donor.example.com/${campaign.id}`] });
    const res = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(actions).where(eq(actions.id, res.body.data.id));
    return row;
  }

  it('applies a new common price to tasks started afterwards, never to a running one', async () => {
    const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
    const running = await startCheck(token, user.id);
    const before = (await asAdmin('GET', 'prices')).body.data.find(
      (p: { id: number }) => p.id === ActionCode.CheckBacklinks,
    );
    expect(before.attributes).toMatchObject({ price: running.price, defaultPrice: 1 });

    const set = await asAdmin('PUT', `prices/${ActionCode.CheckBacklinks}`, {
      price: 7,
      reason: 'new tariff',
    });
    expect(set.status).toBe(200);
    const [after] = await t.db.select().from(actions).where(eq(actions.id, running.id));
    expect(after.price).toBe(running.price);
    expect(after.cost).toBe(running.cost);
    const next = await startCheck(token, user.id);
    expect(next.price).toBe(7);
    const prices = await t.api('GET', 'actions/prices', { token });
    expect(prices.body.data).toContainEqual(
      expect.objectContaining({
        attributes: { action: ActionCode.CheckBacklinks, price: 7, customPrice: false },
      }),
    );
    const [row] = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.kind, 'price.update'))
      .orderBy(adminAudit.id);
    expect(row).toMatchObject({
      subject: String(ActionCode.CheckBacklinks),
      before: { price: running.price },
      after: { price: 7 },
      reason: 'new tariff',
    });
    await asAdmin('PUT', `prices/${ActionCode.CheckBacklinks}`, { price: 1 });
  });

  it('sets and removes a user’s own price, listed with the action', async () => {
    const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
    const url = `users/${user.id}/prices/${ActionCode.CheckIndexing}`;
    expect((await asAdmin('PUT', url, { price: 1, reason: 'reseller' })).status).toBe(200);
    const own = await t.api('GET', 'actions/prices', { token });
    expect(own.body.data).toContainEqual(
      expect.objectContaining({
        attributes: { action: ActionCode.CheckIndexing, price: 1, customPrice: true },
      }),
    );
    const list = (await asAdmin('GET', 'prices')).body.data.find(
      (p: { id: number }) => p.id === ActionCode.CheckIndexing,
    );
    expect(list.attributes.individual).toContainEqual({ userId: user.id, email: user.email, price: 1 });
    expect((await asAdmin('PUT', url, { price: null })).status).toBe(200);
    const common = await t.api('GET', 'actions/prices', { token });
    expect(common.body.data).toContainEqual(
      expect.objectContaining({
        attributes: { action: ActionCode.CheckIndexing, price: 2, customPrice: false },
      }),
    );
    expect(await auditOf(user.id)).toMatchObject([
      { kind: 'user.price', before: { price: null }, after: { price: 1 }, reason: 'reseller' },
      { kind: 'user.price', before: { price: 1 }, after: { price: null } },
    ]);
  });

  it('knows only the actions of spec point 4, and whole credits from zero', async () => {
    expect((await asAdmin('PUT', 'prices/8', { price: 1 })).status).toBe(404);
    expect((await asAdmin('PUT', 'prices/2', { price: -1 })).status).toBe(422);
    expect((await asAdmin('PUT', 'prices/2', { price: 0.5 })).status).toBe(422);
  });
});

describe('settings', () => {
  it('answers a new warning from GET settings at once, and audits only what changed', async () => {
    const res = await asAdmin('PUT', 'settings', {
      warning: 'Maintenance at 22:00 UTC',
      referralDomain: 'linkwatch.example',
      reason: 'planned work',
    });
    expect(res.status).toBe(200);
    const settings = await t.api('GET', 'settings');
    expect(settings.body.data.attributes).toMatchObject({
      warning: 'Maintenance at 22:00 UTC',
      referralDomain: 'linkwatch.example',
    });
    await asAdmin('PUT', 'settings', {
      warning: 'Maintenance moved to 23:00 UTC',
      referralDomain: 'linkwatch.example',
    });
    expect((await t.api('GET', 'settings')).body.data.attributes.warning).toBe(
      'Maintenance moved to 23:00 UTC',
    );
    const rows = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.kind, 'settings.update'))
      .orderBy(adminAudit.id);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [
        { warning: null, referralDomain: null },
        { warning: 'Maintenance at 22:00 UTC', referralDomain: 'linkwatch.example' },
      ],
      [{ warning: 'Maintenance at 22:00 UTC' }, { warning: 'Maintenance moved to 23:00 UTC' }],
    ]);
    await asAdmin('PUT', 'settings', { warning: '' });
    expect((await t.api('GET', 'settings')).body.data.attributes.warning).toBeNull();
  });
});

describe('bonus tiers', () => {
  it('replaces the tiers, answers them from GET payments/levels, and audits before and after', async () => {
    const seeded = (await t.api('GET', 'payments/levels', { token: admin.token })).body.data.map(
      (l: { attributes: unknown }) => l.attributes,
    );
    const res = await asAdmin('PUT', 'payment-levels', {
      levels: [
        { min: 500, max: null, percent: 15 },
        { min: 100, max: 499.99, percent: 10 },
      ],
      reason: 'winter offer',
    });
    expect(res.status).toBe(200);
    const shown = await t.api('GET', 'payments/levels', { token: admin.token });
    expect(shown.body.data.map((l: { attributes: unknown }) => l.attributes)).toEqual([
      { min: 100, max: 499.99, percent: 10 },
      { min: 500, max: null, percent: 15 },
    ]);
    expect(
      (await asAdmin('PUT', 'payment-levels', { levels: [{ min: 100, max: 200, percent: 5 }] })).status,
    ).toBe(200);
    const rows = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.kind, 'payment.levels'))
      .orderBy(adminAudit.id);
    expect(rows.map((r) => [r.before, r.after, r.reason])).toEqual([
      [
        { levels: seeded },
        {
          levels: [
            { min: 100, max: 499.99, percent: 10 },
            { min: 500, max: null, percent: 15 },
          ],
        },
        'winter offer',
      ],
      [
        {
          levels: [
            { min: 100, max: 499.99, percent: 10 },
            { min: 500, max: null, percent: 15 },
          ],
        },
        { levels: [{ min: 100, max: 200, percent: 5 }] },
        null,
      ],
    ]);
  });

  it('refuses overlapping tiers and a max below its min with 422 naming the tier, and changes nothing', async () => {
    const before = await t.api('GET', 'payments/levels', { token: admin.token });
    const overlap = await asAdmin('PUT', 'payment-levels', {
      levels: [
        { min: 0, max: 100, percent: 5 },
        { min: 100, max: null, percent: 10 },
      ],
    });
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors['levels.1.min']).toEqual(['This tier overlaps the tier from $0 to $100']);
    const inverted = await asAdmin('PUT', 'payment-levels', { levels: [{ min: 50, max: 10, percent: 5 }] });
    expect(inverted.status).toBe(422);
    expect(inverted.body.errors['levels.0.max']).toEqual(['The upper bound is below the lower one']);
    const percent = await asAdmin('PUT', 'payment-levels', { levels: [{ min: 0, max: null, percent: 101 }] });
    expect(percent.status).toBe(422);
    expect((await t.api('GET', 'payments/levels', { token: admin.token })).body).toEqual(before.body);
  });
});

describe('audit', () => {
  it('lists the rows newest first, filtered by operator, customer, kind and date', async () => {
    const { user } = await makeUserWithToken(t.db, { balance: 5 });
    await asAdmin('POST', `users/${user.id}/credits`, { amount: 1, reason: 'first' });
    await asAdmin('PUT', `users/${user.id}`, { isPartner: true, reason: 'second' });
    const mine = await asAdmin('GET', `audit?filter[user]=${user.id}`);
    expect(mine.body.data.map((r: { attributes: { reason: string } }) => r.attributes.reason)).toEqual([
      'second',
      'first',
    ]);
    expect(mine.body.data[0].attributes).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      targetEmail: user.email,
    });
    const kind = await asAdmin('GET', `audit?filter[user]=${user.id}&filter[kind]=user.credits`);
    expect(kind.body.data).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await asAdmin(
      'GET',
      `audit?filter[actor]=${admin.user.id}&filter[dateFrom]=${today}&filter[dateTo]=${today}`,
    );
    expect(dated.body.meta.page.total).toBeGreaterThanOrEqual(2);
    const past = await asAdmin('GET', `audit?filter[user]=${user.id}&filter[dateTo]=2020-01-01`);
    expect(past.body.data).toEqual([]);
    expect((await asAdmin('GET', 'audit?filter[kind]=user.deleted')).status).toBe(422);
  });

  it('keeps every row as written: the database refuses to change or delete one', async () => {
    await expect(t.db.update(adminAudit).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(t.db.delete(adminAudit)).rejects.toThrow();
  });
});

describe('permissions', () => {
  it('lists what exists, with key, title, category and scope, in the caller’s language', async () => {
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('GET', 'permissions?page[size]=1000', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({
      id: 3,
      type: 'permissions',
      attributes: {
        key: 'console.users.credits',
        title: 'Add or take credits',
        category: 'customers',
        scope: 'console',
      },
    });
    const ru = await t.api('GET', 'permissions?page[size]=1000&filter[scope]=account', {
      token,
      locale: 'ru',
    });
    expect(
      ru.body.data.every((p: { attributes: { scope: string } }) => p.attributes.scope === 'account'),
    ).toBe(true);
    expect(ru.body.data[0].attributes.title).toMatch(/[а-я]/);
    expect((await t.api('GET', 'permissions?page[size]=1001', { token })).status).toBe(422);
    expect((await t.api('GET', 'permissions')).status).toBe(401);
  });
});
