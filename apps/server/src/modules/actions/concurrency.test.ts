import { ActionCode, BalanceTransactionType, TaskStatus } from '@linkwatch/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actionItems, actions, backlinkCheckHistories, balanceTransactions } from '../../db/schema/index.ts';
import { donorHtml } from '../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { withAppAndDonorWeb } from '../../test/test-app.ts';
import { createWorker } from '../../worker/worker.ts';
import { ledgerSum } from '../balance/ledger.ts';

const env = withAppAndDonorWeb();

const acceptor = 'shop.example.com';
const PARALLEL = 20;

async function userWithCampaigns(params: { balance: number; campaigns: number; linksEach: number }) {
  const { user, token } = await makeUserWithToken(env.t.db, { balance: params.balance });
  const project = await makeProject(env.t.db, { userId: user.id, domains: [acceptor] });
  const made = [];
  for (let c = 0; c < params.campaigns; c++) {
    const campaign = await makeCampaign(env.t.db, { userId: user.id, projectId: project.id });
    const paths = Array.from({ length: params.linksEach }, (_, i) => `/cc${campaign.id}/${i}`);
    const rows = await makeLinks(env.t.db, { campaign, urls: paths.map((p) => env.web.url(p)) });
    made.push({ campaign, paths, links: rows });
  }
  return { user, token, campaigns: made };
}

const start = (token: string, campaignId: number) =>
  env.t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaignId}`, { token });

const actionsOf = (userId: number) => env.t.db.select().from(actions).where(eq(actions.userId, userId));

describe('parallel starts', () => {
  // The balance would cover every start here: only "task already started" keeps it to one.
  it('of one check on one campaign: one task, charged once', async () => {
    const s = await userWithCampaigns({ balance: 5 * PARALLEL, campaigns: 1, linksEach: 5 });
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => start(s.token, s.campaigns[0].campaign.id)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(PARALLEL - 1);
    expect(await actionsOf(s.user.id)).toHaveLength(1);
    const user = await reloadUser(env.t.db, s.user.id);
    expect(user.balance).toBe(5 * PARALLEL - 5);
    expect(await ledgerSum(env.t.db, s.user.id)).toBe(user.balance);
  });

  it('of checks on different campaigns, each alone affordable, the balance covering one: one task', async () => {
    const s = await userWithCampaigns({ balance: 5, campaigns: PARALLEL, linksEach: 5 });
    const answers = await Promise.all(s.campaigns.map((c) => start(s.token, c.campaign.id)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(PARALLEL - 1);
    expect(await actionsOf(s.user.id)).toHaveLength(1);
    const user = await reloadUser(env.t.db, s.user.id);
    expect(user.balance).toBe(0);
    expect(await ledgerSum(env.t.db, s.user.id)).toBe(user.balance);
  });
});

describe('parallel cancels', () => {
  it('of a running task with a batch mid-check: refunded once, for exactly what was not done', async () => {
    const s = await userWithCampaigns({ balance: 100, campaigns: 1, linksEach: 30 });
    const { paths, links } = s.campaigns[0];
    const page = donorHtml({ links: [`<a href="https://${acceptor}/">shop</a>`] });
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A task of 30 is worked in batches of 10: the first answers at once, the second hangs.
    paths.forEach((p, i) => {
      env.web.set(p, i < 10 ? page : { body: page, hold });
    });
    await env.t.drain(); // the tasks of other tests, so the worker below takes this one's batches
    const started = await start(s.token, s.campaigns[0].campaign.id);
    expect(started.status).toBe(201);
    const actionId = started.body.data.id as number;

    const worker = createWorker(
      { db: env.t.db, checker: env.t.checker, providers: env.t.ctx.providers, log: env.t.ctx.log },
      { id: 'mid-check' },
    );
    await worker.runOnce();
    const working = worker.runOnce();
    await waitFor(async () => {
      const held = await env.t.db
        .select()
        .from(actionItems)
        .where(and(eq(actionItems.actionId, actionId), eq(actionItems.lockedBy, 'mid-check')));
      return held.filter((i) => i.status === 0).length === 10;
    });
    const [running] = await env.t.db.select().from(actions).where(eq(actions.id, actionId));
    expect(running.statusId).toBe(TaskStatus.Process);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        env.t.api('POST', `actions/${actionId}/cancel`, { token: s.token }),
      ),
    );
    release();
    await working;

    expect(answers.every((a) => a.status === 200 || a.status === 422)).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const refunds = await env.t.db
      .select()
      .from(balanceTransactions)
      .where(
        and(
          eq(balanceTransactions.actionId, actionId),
          eq(balanceTransactions.typeId, BalanceTransactionType.Refund),
        ),
      );
    expect(refunds.map((r) => r.value)).toEqual([20]);
    const shown = await env.t.api('GET', `actions/${actionId}`, { token: s.token });
    expect(shown.body.data.attributes).toMatchObject({
      statusId: TaskStatus.Done,
      successCount: 10,
      refunded: 20,
    });
    // The batch that was mid-check when the task was cancelled is refunded, so none of it is written.
    const histories = await env.t.db
      .select()
      .from(backlinkCheckHistories)
      .where(
        inArray(
          backlinkCheckHistories.linkId,
          links.map((l) => l.id),
        ),
      );
    expect(histories).toHaveLength(10);
    const user = await reloadUser(env.t.db, s.user.id);
    expect(user.balance).toBe(100 - 30 + 20);
    expect(await ledgerSum(env.t.db, s.user.id)).toBe(user.balance);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
