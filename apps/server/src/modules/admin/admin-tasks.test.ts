import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, adminAudit } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ITEM_STATUS } from '../actions/types.ts';
import { ledgerSum } from '../balance/ledger.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUserWithToken(t.db, { isAdmin: true });
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.api(method, `admin/${url}`, { token: admin.token, body });

/** A customer with 100 credits and a waiting backlinks check of `count` pages (1 credit each). */
async function startTask(count = 3) {
  const { user, token } = await makeUserWithToken(t.db, {
    balance: 100,
    email: `tasks-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@shop.example`,
  });
  const project = await makeProject(t.db, { userId: user.id });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
  await makeLinks(t.db, {
    campaign,
    urls: Array.from({ length: count }, (_, i) => `https://donor-${campaign.id}.example.org/${i}`),
  });
  const res = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
    token,
  });
  expect(res.status).toBe(201);
  const items = await t.db
    .select()
    .from(actionItems)
    .where(eq(actionItems.actionId, res.body.data.id))
    .orderBy(actionItems.id);
  return { user, taskId: res.body.data.id as number, items };
}

const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

describe('tasks of all users', () => {
  it('lists running and waiting tasks newest first, filtered by status and by user id or e-mail', async () => {
    const first = await startTask(1);
    const second = await startTask(1);
    const all = await asAdmin('GET', 'tasks?page[size]=200');
    expect(all.status).toBe(200);
    const order = ids(all.body);
    expect(order.indexOf(second.taskId)).toBeLessThan(order.indexOf(first.taskId));
    expect(all.body.data.find((r: { id: number }) => r.id === first.taskId).attributes).toMatchObject({
      userId: first.user.id,
      email: first.user.email,
      actionId: ActionCode.CheckBacklinks,
      statusId: TaskStatus.Waiting,
      totalCount: 1,
      cost: 1,
    });

    const byMail = await asAdmin('GET', `tasks?filter[user]=${encodeURIComponent(first.user.email)}`);
    expect(ids(byMail.body)).toEqual([first.taskId]);
    const byId = await asAdmin('GET', `tasks?filter[user]=${second.user.id}`);
    expect(ids(byId.body)).toEqual([second.taskId]);
    const running = await asAdmin('GET', `tasks?filter[status]=running&filter[user]=${first.user.id}`);
    expect(running.body).toMatchObject({ data: [], meta: { page: { total: 0 } } });
    const waiting = await asAdmin('GET', `tasks?filter[status]=waiting&filter[user]=${first.user.id}`);
    expect(ids(waiting.body)).toEqual([first.taskId]);
    expect((await asAdmin('GET', 'tasks?filter[status]=finished')).status).toBe(422);
  });

  it('shows a task with its items counted by status and its failed items', async () => {
    const { taskId, items } = await startTask(3);
    await t.db
      .update(actionItems)
      .set({ status: ITEM_STATUS.Failed, error: 'timeout', attempts: 2, processedAt: new Date() })
      .where(eq(actionItems.id, items[0].id));
    await t.db
      .update(actionItems)
      .set({ status: ITEM_STATUS.Done, processedAt: new Date() })
      .where(eq(actionItems.id, items[1].id));
    const res = await asAdmin('GET', `tasks/${taskId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.items).toEqual({ pending: 1, done: 1, failed: 1, cancelled: 0 });
    expect(res.body.data.attributes.failedItems).toEqual([
      {
        id: items[0].id,
        url: expect.stringContaining('.example.org/0'),
        error: 'timeout',
        attempts: 2,
        processedAt: expect.any(String),
      },
    ]);
    expect((await asAdmin('GET', 'tasks/2147483647')).status).toBe(404);
  });
});

describe('cancelling a customer’s task', () => {
  it('cancels with the customer’s refund and an audit row; an ended task is refused', async () => {
    const { user, taskId } = await startTask(3);
    expect((await reloadUser(t.db, user.id)).balance).toBe(97);

    const empty = await asAdmin('POST', `tasks/${taskId}/cancel`, { reason: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toHaveProperty('reason');
    expect((await reloadUser(t.db, user.id)).balance).toBe(97);

    const res = await asAdmin('POST', `tasks/${taskId}/cancel`, { reason: 'stuck provider' });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      statusId: TaskStatus.Done,
      refunded: 3,
      items: { pending: 0, cancelled: 3 },
    });
    expect((await reloadUser(t.db, user.id)).balance).toBe(100);
    expect(await ledgerSum(t.db, user.id)).toBe(100);

    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.kind, 'task.cancel'), eq(adminAudit.targetUserId, user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      subject: String(taskId),
      before: { statusId: TaskStatus.Waiting, refunded: 0 },
      after: { statusId: TaskStatus.Done, refunded: 3, refund: 3 },
      reason: 'stuck provider',
    });

    const again = await asAdmin('POST', `tasks/${taskId}/cancel`, { reason: 'twice' });
    expect(again.status).toBe(422);
    expect((await reloadUser(t.db, user.id)).balance).toBe(100);
    expect(await t.db.select().from(adminAudit).where(eq(adminAudit.kind, 'task.cancel'))).toHaveLength(1);
    expect((await asAdmin('POST', 'tasks/2147483647/cancel', { reason: 'x' })).status).toBe(404);
  });

  it('keeps the task running and the credits unrefunded when its audit row cannot be written', async () => {
    const { user, taskId } = await startTask(2);
    // The database refuses this one audit row: the cancel must not stay without it (one transaction).
    await t.db.execute(sql`
      create function refuse_cancel_audit() returns trigger language plpgsql as $$
      begin
        if new.reason = 'audit refused' then raise exception 'audit refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_cancel_audit before insert on admin_audit
      for each row execute function refuse_cancel_audit()`);
    try {
      const res = await asAdmin('POST', `tasks/${taskId}/cancel`, { reason: 'audit refused' });
      expect(res.status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_cancel_audit on admin_audit`);
      await t.db.execute(sql`drop function refuse_cancel_audit()`);
    }
    const task = await asAdmin('GET', `tasks/${taskId}`);
    expect(task.body.data.attributes).toMatchObject({
      statusId: TaskStatus.Waiting,
      refunded: 0,
      cancelRequested: false,
      items: { pending: 2, cancelled: 0 },
    });
    expect((await reloadUser(t.db, user.id)).balance).toBe(98);
    expect(await ledgerSum(t.db, user.id)).toBe(98);
  });
});

describe('workers', () => {
  it('lists the processes seen in the last 10 minutes from the leases', async () => {
    const { items } = await startTask(4);
    const worker = `worker-${Date.now()}`;
    const old = `worker-old-${Date.now()}`;
    await t.db
      .update(actionItems)
      .set({ lockedBy: worker, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(actionItems.id, items[0].id));
    await t.db
      .update(actionItems)
      .set({ lockedBy: worker, status: ITEM_STATUS.Done, processedAt: sql`now() - interval '1 minute'` })
      .where(eq(actionItems.id, items[1].id));
    await t.db
      .update(actionItems)
      .set({ lockedBy: worker, status: ITEM_STATUS.Failed, processedAt: sql`now()`, error: 'x' })
      .where(eq(actionItems.id, items[2].id));
    await t.db
      .update(actionItems)
      .set({ lockedBy: old, status: ITEM_STATUS.Done, processedAt: sql`now() - interval '1 hour'` })
      .where(eq(actionItems.id, items[3].id));

    const res = await asAdmin('GET', 'workers');
    expect(res.status).toBe(200);
    const names = res.body.data.map((w: { id: string }) => w.id);
    expect(names).not.toContain(old);
    expect(res.body.data.find((w: { id: string }) => w.id === worker)).toMatchObject({
      type: 'adminWorkers',
      attributes: { worker, held: 1, done: 1, failed: 1, lastSeenAt: expect.any(String) },
    });
  });
});
