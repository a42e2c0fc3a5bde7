import { ACCOUNT_PERMISSION_KEYS } from '@linkwatch/shared';
import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMembers,
  actionItems,
  actions,
  apiKeys,
  backlinkCheckHistories,
  backlinks,
  balanceTransactions,
  campaigns,
  crawlerItems,
  crawlerLinks,
  indexHistories,
  links,
  mailings,
  notifications,
  payments,
  projects,
  reportLinks,
  schedules,
  teamInvitations,
  users,
} from '../db/schema/index.ts';
import { type DonorWeb, startDonorWeb } from './donor-web.ts';
import { makeMember } from './factories.ts';
import {
  fillPath,
  type Operation,
  type QueryValue,
  queryString,
  readOperations,
  resourceOf,
  sampleValue,
} from './openapi-operations.ts';
import { makeOwnedWorld, type OwnedWorld } from './owned-world.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every documented operation that names a row by id (a path id, or a project, campaign, link, task
 * or report-link id in the query or the body), called by user B with user A's ids. B may get a
 * 404, 403 or 422, or an answer about B's own rows; never a word of A's data, and A's rows, and
 * every row that points at them, stay exactly as they were. Driven by /api/openapi.json, so a new
 * route that takes an id is covered by being documented.
 */

let t: TestApp;
let web: DonorWeb;
let a: OwnedWorld;
let b: OwnedWorld;

beforeAll(async () => {
  t = await createTestApp();
  web = await startDonorWeb();
  a = await makeOwnedWorld({ t, web, label: 'alpha' });
  b = await makeOwnedWorld({ t, web, label: 'bravo' });
});
afterAll(async () => {
  await web?.close();
  await t?.close();
});

/** Paths whose `{id}` names an account's row (issue 27), by their start rather than their first segment. */
const ACCOUNT_PATH_IDS: [string, (w: OwnedWorld) => number][] = [
  ['/api/team/members/', (w) => w.teamMemberId],
  ['/api/team/invitations/', (w) => w.invitationId],
  ['/api/payments/', (w) => w.paymentId],
  ['/api/balances/invoice/', (w) => w.paymentId],
  ['/api/user/api-keys/', (w) => w.apiKeyId],
  ['/api/user/accounts/', (w) => w.user.id],
];

/** The id of a world's row that a path's `{id}` names, by the path's first segment. */
function pathId(w: OwnedWorld, op: Operation): number | undefined {
  const account = ACCOUNT_PATH_IDS.find(([start]) => op.path.startsWith(start));
  if (account) return account[1](w);
  const ids: Record<string, number | undefined> = {
    projects: w.project.id,
    campaigns: w.campaign.id,
    links: w.links[0].id,
    backlinks: w.backlinkId,
    actions: w.actionId,
    notifications: w.notificationId,
    mailings: w.mailingId,
    schedules: w.scheduleId,
    // reports/links/{id}/…: a report link.
    reports: w.reportLinkId,
  };
  return ids[resourceOf(op.path)];
}

/** Query keys that carry ids, and which of a world's ids each takes. */
function queryId(w: OwnedWorld, op: Operation, name: string): string | undefined {
  const reports = resourceOf(op.path) === 'reports';
  const byName: Record<string, number | undefined> = {
    'filter[project]': w.project.id,
    'filter[campaign]': w.campaign.id,
    campaign: w.campaign.id,
    targetCampaign: w.spare.id,
    'filter[link]': w.links[0].id,
    'links[]': reports ? w.reportLinkId : w.links[0].id,
    'filter[action]': w.actionId,
    'actions[]': w.actionId,
    'ids[]': w.crawlerItemId,
  };
  const id = byName[name];
  return id === undefined ? undefined : String(id);
}

/** Body fields that carry ids. */
function bodyId(w: OwnedWorld, name: string): unknown {
  const byName: Record<string, unknown> = {
    project: w.project.id,
    campaign: w.campaign.id,
    actions: [w.actionId],
    ids: [w.crawlerItemId],
  };
  return byName[name];
}

interface Call {
  op: Operation;
  url: string;
  body?: unknown;
  label: string;
}

/** B's calls with A's ids: one id input at a time (the others B's own), then all of them at once. */
function callsWithForeignIds(op: Operation): Call[] {
  const idParams = op.parameters.filter(
    (p) => (p.in === 'path' && p.name === 'id') || (p.in === 'query' && queryId(a, op, p.name) !== undefined),
  );
  // A boolean `actions` (a mailing's flag) is no id.
  const bodyFields = Object.entries(op.body?.properties ?? {})
    .filter(([field, schema]) => bodyId(a, field) !== undefined && schema.type !== 'boolean')
    .map(([field]) => field);
  const inputs = [...idParams.map((p) => `${p.in}:${p.name}`), ...bodyFields.map((f) => `body:${f}`)];
  if (inputs.length === 0) return [];

  const build = (foreign: Set<string>): Call => {
    const owner = (key: string) => (foreign.has(key) ? a : b);
    const path: Record<string, string> = {
      id: String(pathId(owner('path:id'), op) ?? 1),
      action: '2',
      type: 'lost',
    };
    const query: Record<string, QueryValue> = {};
    for (const p of op.parameters.filter((p) => p.in === 'query')) {
      const value = queryId(owner(`query:${p.name}`), op, p.name);
      if (value !== undefined && (foreign.has(`query:${p.name}`) || p.name === 'filter[project]'))
        query[p.name] = value;
    }
    let body: unknown;
    if (op.body) {
      const base = sampleValue(op.body) as Record<string, unknown>;
      for (const field of bodyFields) base[field] = bodyId(owner(`body:${field}`), field);
      body = base;
    }
    return { op, url: fillPath(op.path, path) + queryString(query), body, label: [...foreign].join(', ') };
  };
  const calls = inputs.map((input) => build(new Set([input])));
  if (inputs.length > 1) calls.push(build(new Set(inputs)));
  return calls;
}

/** A's rows, and every row (of anyone) that points at A's projects, campaigns or links. */
async function snapshotOfA() {
  const db = t.db;
  const [projectIds, campaignIds, linkIds] = [
    (await db.select({ id: projects.id }).from(projects).where(eq(projects.userId, a.user.id))).map(
      (r) => r.id,
    ),
    (await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.userId, a.user.id))).map(
      (r) => r.id,
    ),
    a.links.map((l) => l.id),
  ];
  const rows = {
    users: await db.select().from(users).where(eq(users.id, a.user.id)),
    projects: await db.select().from(projects).where(eq(projects.userId, a.user.id)).orderBy(projects.id),
    campaigns: await db
      .select()
      .from(campaigns)
      .where(or(eq(campaigns.userId, a.user.id), inArray(campaigns.projectId, projectIds)))
      .orderBy(campaigns.id),
    links: await db
      .select()
      .from(links)
      .where(
        or(
          eq(links.userId, a.user.id),
          inArray(links.projectId, projectIds),
          inArray(links.campaignId, campaignIds),
        ),
      )
      .orderBy(links.id),
    backlinks: await db
      .select()
      .from(backlinks)
      .where(or(eq(backlinks.userId, a.user.id), inArray(backlinks.linkId, linkIds)))
      .orderBy(backlinks.id),
    checkHistories: await db
      .select()
      .from(backlinkCheckHistories)
      .where(inArray(backlinkCheckHistories.linkId, linkIds))
      .orderBy(backlinkCheckHistories.id),
    indexHistories: await db
      .select()
      .from(indexHistories)
      .where(inArray(indexHistories.linkId, linkIds))
      .orderBy(indexHistories.id),
    actions: await db.select().from(actions).where(eq(actions.userId, a.user.id)).orderBy(actions.id),
    actionItems: await db
      .select()
      .from(actionItems)
      .where(inArray(actionItems.linkId, linkIds))
      .orderBy(actionItems.id),
    ledger: await db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.userId, a.user.id))
      .orderBy(balanceTransactions.id),
    reportLinks: await db
      .select()
      .from(reportLinks)
      .where(or(eq(reportLinks.userId, a.user.id), inArray(reportLinks.campaignId, campaignIds)))
      .orderBy(reportLinks.id),
    schedules: await db
      .select()
      .from(schedules)
      .where(or(eq(schedules.userId, a.user.id), inArray(schedules.campaignId, campaignIds)))
      .orderBy(schedules.id),
    mailings: await db.select().from(mailings).where(eq(mailings.userId, a.user.id)).orderBy(mailings.id),
    crawlerLinks: await db
      .select()
      .from(crawlerLinks)
      .where(inArray(crawlerLinks.projectId, projectIds))
      .orderBy(crawlerLinks.id),
    crawlerItems: await db
      .select()
      .from(crawlerItems)
      .where(inArray(crawlerItems.projectId, projectIds))
      .orderBy(crawlerItems.id),
    notifications: await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, a.user.id))
      .orderBy(notifications.id),
    // Issue 27: the account's team, invitations, payments and keys.
    teamMembers: await db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.accountId, a.user.id))
      .orderBy(accountMembers.id),
    invitations: await db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.accountId, a.user.id))
      .orderBy(teamInvitations.id),
    payments: await db.select().from(payments).where(eq(payments.userId, a.user.id)).orderBy(payments.id),
    apiKeys: await db
      .select()
      .from(apiKeys)
      .where(or(eq(apiKeys.userId, a.user.id), eq(apiKeys.accountId, a.user.id)))
      .orderBy(apiKeys.id),
  };
  return JSON.parse(JSON.stringify(rows)) as Record<string, unknown[]>;
}

describe('owner scoping of every documented operation that takes an id', () => {
  it('answers user B nothing of user A’s and changes nothing of A’s', { timeout: 120_000 }, async () => {
    await probeAsB(b.token);
  });

  // Issue 27: account scoping. A member of B's account holding every permission sees B's account,
  // and of A's exactly what B's owner does: nothing.
  it('answers a member of B’s account nothing of A’s and changes nothing of A’s', {
    timeout: 120_000,
  }, async () => {
    const member = await makeMember(t.db, { accountId: b.user.id, permissions: ACCOUNT_PERMISSION_KEYS });
    await probeAsB(member.token);
  });
});

/** Every call with A's ids, as `token` (of B's account): no leak, no change, no server error. */
async function probeAsB(token: string) {
  const before = await snapshotOfA();
  // The suite is only as good as its world: A must own one of everything it names.
  for (const table of [
    'projects',
    'campaigns',
    'links',
    'backlinks',
    'actions',
    'reportLinks',
    'schedules',
    'mailings',
    'notifications',
    'indexHistories',
    'crawlerItems',
    'teamMembers',
    'invitations',
    'payments',
    'apiKeys',
  ])
    expect(before[table].length, table).toBeGreaterThan(0);

  const operations = await readOperations(t);
  const calls = operations.flatMap(callsWithForeignIds);
  // A documentation regression (ids no longer described) would make this suite pass vacuously.
  expect(calls.length).toBeGreaterThan(60);
  // Issue 27: the account's rows are tried too (a member, an invitation, a payment, its invoice, a key,
  // the switch into A's account).
  for (const start of ACCOUNT_PATH_IDS.map(([s]) => s))
    expect(
      calls.filter((c) => c.url.startsWith(start) && c.label === 'path:id').length,
      start,
    ).toBeGreaterThan(0);

  const leaks: string[] = [];
  for (const call of calls) {
    const res = await t.app.inject({
      method: call.op.method,
      url: call.url,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'x-localization': 'en',
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    const where = `${call.op.method} ${call.url} (A's ${call.label}) → ${res.statusCode}`;
    if (res.statusCode >= 500) leaks.push(`${where}: server error`);
    else if (res.statusCode < 400 && /alpha/i.test(res.body)) leaks.push(`${where}: shows A's data`);
    else if (res.statusCode >= 400 && ![403, 404, 422].includes(res.statusCode))
      leaks.push(`${where}: unexpected status`);
  }
  expect(leaks).toEqual([]);
  expect(await snapshotOfA()).toEqual(before);
}
