import { IndexState, LinkCheckStatus, RobotsStatus } from '@linkwatch/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import { inIds, jsonRows } from '../../../db/bulk.ts';
import { type Queryable, rawRows, type Tx } from '../../../db/client.ts';
import { indexRequests, links, projects } from '../../../db/schema/index.ts';
import type { Providers } from '../../../providers/index.ts';
import type { ActionRow, DoneOutcome, LeaveOutRule } from '../types.ts';

/** index_requests.state */
export const REQUEST_STATE = { Waiting: 0, Confirming: 1, Indexed: 2, Refunded: 3 } as const;

const ROBOTS_BLOCKED = [RobotsStatus.Forbidden, RobotsStatus.MayBeForbidden, RobotsStatus.RobotsTxt];
const NOINDEX = [
  RobotsStatus.MetaNoindex,
  RobotsStatus.MetaNone,
  RobotsStatus.XRobotsNoindex,
  RobotsStatus.XRobotsNone,
];

/** The page's host, lower-case and without `www.`, as a project's domains are compared. */
export const linkHost = sql`regexp_replace(lower(substring(${links.url} from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\\.', '')`;

/**
 * Whether the page is on one of its project's own domains (the site itself, not a donor): those go to
 * the own-site services (IndexNow, Google's Indexing API), every other page to the donor services.
 */
export const isOwnSitePage = sql<boolean>`exists (
  select 1 from ${projects} p
  where p.id = ${links.projectId}
    and ${linkHost} in (
      select regexp_replace(lower(d), '^www\\.', '') from unnest(array_append(p.domains, p.main_domain)) as d))`;

const inList = (values: readonly number[]) =>
  sql`${links.indexingCapabilityId} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * Which selected pages an indexing request leaves out, in order (a page is counted under the first
 * that holds): sending them would cost credits and could not get them indexed. It reads the latest
 * backlink check, so a page never checked is left out too: nobody knows yet whether it answers.
 */
export function indexingLeaveOutRules(providers: Providers): LeaveOutRule[] {
  const kinds = new Set(providers.indexing.adapters.map((a) => a.kind));
  const noIndexer =
    kinds.has('donor') && kinds.has('own-site')
      ? sql`false`
      : kinds.has('donor')
        ? isOwnSitePage
        : kinds.has('own-site')
          ? sql`not ${isOwnSitePage}`
          : sql`true`;
  return [
    { reason: 'indexed', where: sql`${links.indexing} = ${IndexState.Indexed}` },
    { reason: 'unchecked', where: sql`${links.dateCheckData} is null` },
    { reason: 'notOk', where: sql`coalesce(${links.responseCode}, 0) <> 200` },
    // A donor page that no longer carries the backlink is worth nothing to the customer indexed.
    { reason: 'missing', where: sql`${links.checkStatus} is not distinct from ${LinkCheckStatus.Missing}` },
    { reason: 'robots', where: sql`coalesce(${inList(ROBOTS_BLOCKED)}, false)` },
    { reason: 'noindex', where: sql`coalesce(${inList(NOINDEX)}, false)` },
    {
      reason: 'canonical',
      where: sql`${links.indexingCapabilityId} is not distinct from ${RobotsStatus.Canonical}`,
    },
    { reason: 'noIndexer', where: noIndexer },
  ];
}

/** A batch's pages: only the task owner's, so a deleted link is simply absent. */
export function listPages(db: Queryable, params: { userId: number; ids: number[] }) {
  return db
    .select({
      linkId: links.id,
      url: links.url,
      projectId: links.projectId,
      ownSite: sql<boolean>`${isOwnSitePage}`,
    })
    .from(links)
    .where(and(eq(links.userId, params.userId), inIds(links.id, params.ids)));
}

/** A page a service took: which one, and when to see whether it got indexed. */
export interface SentResult {
  provider: string;
  recheckAt: Date;
}

/**
 * Writes a batch of sent pages: the link's `dateAddIndex`, and an index request to re-check it later
 * (and refund its price when it is still not indexed then).
 */
export async function applySentPages(tx: Tx, action: ActionRow, done: DoneOutcome<SentResult>[]) {
  const sent = done.filter((d): d is DoneOutcome<SentResult> & { linkId: number } => d.linkId !== null);
  if (sent.length === 0) return;
  await tx
    .update(links)
    .set({ dateAddIndex: sql`now()`, updatedAt: sql`now()` })
    .where(
      inIds(
        links.id,
        sent.map((d) => d.linkId),
      ),
    );
  // A batch is at most a few hundred pages: drizzle's insert is fine here.
  await tx.insert(indexRequests).values(
    sent.map((d) => ({
      userId: action.userId,
      actionId: action.id,
      linkId: d.linkId,
      provider: d.result.provider,
      price: action.price,
      recheckAt: d.result.recheckAt,
    })),
  );
}

/** A claimed request is left to other processes this long. */
const LEASE = sql`interval '15 minutes'`;

export interface DueRequest {
  id: number;
  action_id: number;
  link_id: number;
  price: number;
  state: number;
  url: string;
}

/** The due requests, each claimed by this process alone (SKIP LOCKED) for one lease. */
export function claimDueRequests(db: Queryable, params: { limit: number }) {
  return rawRows<DueRequest>(
    db,
    sql`
    update ${indexRequests} r set recheck_at = now() + ${LEASE}, updated_at = now()
    from ${links} l
    where l.id = r.link_id and r.id in (
      select id from ${indexRequests}
      where state < ${REQUEST_STATE.Indexed} and recheck_at <= now()
      order by recheck_at limit ${params.limit}
      for update skip locked)
    returning r.id, r.action_id, r.link_id, r.price, r.state, l.url`,
  );
}

/** Requests whose page got indexed are done (a refunded one stays refunded). */
export async function markRequestsIndexed(tx: Tx, params: { ids: number[] }) {
  await tx
    .update(indexRequests)
    .set({ state: REQUEST_STATE.Indexed })
    .where(and(inIds(indexRequests.id, params.ids), lt(indexRequests.state, REQUEST_STATE.Indexed)));
}

/** Marks requests refunded, each once; answers those this call refunded, with their link and price. */
export function markRequestsRefunded(tx: Tx, params: { ids: number[] }) {
  return tx
    .update(indexRequests)
    .set({ state: REQUEST_STATE.Refunded })
    .where(and(inIds(indexRequests.id, params.ids), lt(indexRequests.state, REQUEST_STATE.Indexed)))
    .returning({ linkId: indexRequests.linkId, price: indexRequests.price });
}

/** Requests asked again later, each in its state and after its delay. */
export async function scheduleRechecks(
  db: Queryable,
  rows: { id: number; state: number; afterMs: number }[],
) {
  await db.execute(sql`
    update ${indexRequests} set state = v.state, updated_at = now(),
      recheck_at = now() + v.after_ms * interval '1 millisecond'
    from ${jsonRows(
      rows.map((r) => ({ id: r.id, state: r.state, after_ms: r.afterMs })),
      { id: 'int', state: 'smallint', after_ms: 'bigint' },
    )}
    where ${indexRequests.id} = v.id`);
}
