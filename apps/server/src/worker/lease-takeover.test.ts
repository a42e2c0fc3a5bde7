import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rawRows } from '../db/client.ts';
import { actionItems, actions } from '../db/schema/index.ts';
import { donorHtml } from '../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../test/factories.ts';
import { withAppAndDonorWeb } from '../test/test-app.ts';
import { createWorker } from './worker.ts';

const env = withAppAndDonorWeb();
const acceptor = 'shop.example.com';
const LEASE_SECONDS = 1;

describe('taking over a dead worker’s items', () => {
  it('happens as their lease runs out, even while every slot of the survivor is busy', async () => {
    const { user, token } = await makeUserWithToken(env.t.db, { balance: 100 });
    const project = await makeProject(env.t.db, { userId: user.id, domains: [acceptor] });
    const body = donorHtml({ links: [`<a href="https://${acceptor}/">shop</a>`] });
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    /** A task of `count` pages; `held` ones answer only once released. */
    async function task(name: string, count: number, held: boolean) {
      const campaign = await makeCampaign(env.t.db, { userId: user.id, projectId: project.id, name });
      const paths = Array.from({ length: count }, (_, i) => `/${name}/${i}`);
      for (const p of paths) env.web.set(p, held ? { body, hold } : { body });
      await makeLinks(env.t.db, { campaign, urls: paths.map((p) => env.web.url(p)) });
      const started = await env.t.api(
        'POST',
        `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`,
        {
          token,
        },
      );
      expect(started.status).toBe(201);
      return started.body.data.id as number;
    }
    // One page: the checker's two requests per host leave the other to the dead worker's pages.
    const busy = await task('busy', 1, true);
    const orphaned = await task('orphaned', 3, false);
    // Held by a worker that died just after renewing its lease: nobody renews it again.
    await env.t.db
      .update(actionItems)
      .set({
        lockedBy: 'dead',
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        attempts: 1,
      })
      .where(eq(actionItems.actionId, orphaned));
    const [{ ends }] = await rawRows<{ ends: string }>(
      env.t.db,
      sql`select max(locked_until)::text as ends from action_items where action_id = ${orphaned}`,
    );

    const survivor = createWorker(
      { db: env.t.db, checker: env.t.checker, providers: env.t.ctx.providers, log: env.t.ctx.log },
      { id: 'survivor', slots: 1, pollMs: 50, leaseSeconds: LEASE_SECONDS },
    );
    survivor.start();
    try {
      // Its one slot is busy with a batch that will not end before the dead worker's lease does.
      await waitFor(async () => {
        const items = await env.t.db.select().from(actionItems).where(eq(actionItems.actionId, busy));
        return items.every((i) => i.lockedBy === 'survivor');
      });
      // The dead worker's items are taken over and done within a lease (and a few polls) of its last
      // renewal, while the busy batch is still held.
      await waitFor(async () => {
        const [action] = await env.t.db.select().from(actions).where(eq(actions.id, orphaned));
        return action.statusId === TaskStatus.Done;
      }, 10_000);
      const [{ late }] = await rawRows<{ late: number }>(
        env.t.db,
        sql`select extract(epoch from now() - ${ends}::timestamptz)::float as late`,
      );
      // The busy batch is still in hand (its page answers only when released, or when the checker's 5 s
      // timeout ends it): the takeover did not wait for it.
      const held = await env.t.db.select().from(actionItems).where(eq(actionItems.actionId, busy));
      expect(held.map((i) => [i.status, i.lockedBy])).toEqual([[0, 'survivor']]);
      expect(late).toBeLessThan(4);
      const items = await env.t.db.select().from(actionItems).where(eq(actionItems.actionId, orphaned));
      expect(items.map((i) => [i.status, i.lockedBy, i.attempts])).toEqual(
        items.map(() => [1, 'survivor', 2]),
      );
    } finally {
      release();
      await survivor.stop();
    }
    const [done] = await env.t.db.select().from(actions).where(eq(actions.id, busy));
    expect(done.statusId).toBe(TaskStatus.Done);
  }, 60_000);
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
