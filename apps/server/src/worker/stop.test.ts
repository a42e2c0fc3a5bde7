import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actionItems, actions, backlinkCheckHistories } from '../db/schema/index.ts';
import { donorHtml } from '../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../test/factories.ts';
import { withAppAndDonorWeb } from '../test/test-app.ts';
import { createWorker } from './worker.ts';

const env = withAppAndDonorWeb();

const acceptor = 'shop.example.com';

describe('stopping a worker', () => {
  it('gives back the batches it could not finish in the grace time: another worker takes them at once', async () => {
    const { user, token } = await makeUserWithToken(env.t.db, { balance: 10 });
    const project = await makeProject(env.t.db, { userId: user.id, domains: [acceptor] });
    const campaign = await makeCampaign(env.t.db, { userId: user.id, projectId: project.id });
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const paths = ['/deploy/1', '/deploy/2', '/deploy/3'];
    for (const p of paths)
      env.web.set(p, { body: donorHtml({ links: [`<a href="https://${acceptor}/">shop</a>`] }), hold });
    const rows = await makeLinks(env.t.db, { campaign, urls: paths.map((p) => env.web.url(p)) });
    const started = await env.t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`,
      {
        token,
      },
    );
    const actionId = started.body.data.id as number;
    const items = () => env.t.db.select().from(actionItems).where(eq(actionItems.actionId, actionId));

    const stopping = createWorker(
      { db: env.t.db, checker: env.t.checker, providers: env.t.ctx.providers, log: env.t.ctx.log },
      { id: 'stopping', pollMs: 20 },
    );
    stopping.start();
    await waitFor(async () => (await items()).every((i) => i.lockedBy === 'stopping'));
    await stopping.stop({ graceMs: 50 });
    // Given back, and the claim not counted as a try.
    expect((await items()).map((i) => [i.lockedUntil, i.attempts])).toEqual(paths.map(() => [null, 0]));

    const next = createWorker(
      { db: env.t.db, checker: env.t.checker, providers: env.t.ctx.providers, log: env.t.ctx.log },
      { id: 'next' },
    );
    const drained = next.drain();
    await waitFor(async () => (await items()).every((i) => i.lockedBy === 'next'));
    release();
    await Promise.all([drained, stopping.stop()]);

    expect((await items()).map((i) => [i.status, i.lockedBy])).toEqual(paths.map(() => [1, 'next']));
    const histories = await env.t.db
      .select()
      .from(backlinkCheckHistories)
      .where(
        inArray(
          backlinkCheckHistories.linkId,
          rows.map((r) => r.id),
        ),
      );
    expect(histories).toHaveLength(paths.length);
    const [action] = await env.t.db.select().from(actions).where(eq(actions.id, actionId));
    expect(action).toMatchObject({ statusId: TaskStatus.Done, successCount: 3, refunded: 0 });
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
