import { ActionCode, IndexState, LinkCheckStatus, LinkListType, RobotsStatus, Tier } from '@linkwatch/shared';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { jsonRows } from '../../db/bulk.ts';
import { type Queryable, rawRows } from '../../db/client.ts';
import { actionItems, actions, backlinks, indexRequests, links, projects } from '../../db/schema/index.ts';

const BLOCKED = [RobotsStatus.Forbidden, RobotsStatus.MayBeForbidden, RobotsStatus.RobotsTxt];
const NOINDEX = [
  RobotsStatus.MetaNoindex,
  RobotsStatus.MetaNone,
  RobotsStatus.XRobotsNoindex,
  RobotsStatus.XRobotsNone,
];
const capabilityIn = (values: readonly number[]) =>
  sql`${links.indexingCapabilityId} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * Why a tier 1 page is no longer worth strengthening, by its last checks (DEAD_FEED_REASONS, in that
 * order), null while it is alive or never checked. A first miss is not "missing": the check keeps the
 * link found until a second one confirms it. A redirect (3xx first answer) is not an error by itself.
 */
const deadReason = sql<string | null>`case
  when ${links.responseCodeGroup} is not null or ${links.responseCode} >= 400 then 'error'
  when ${links.checkStatus} = ${LinkCheckStatus.Missing} then 'missing'
  when ${capabilityIn(BLOCKED)} then 'blocked'
  when ${capabilityIn(NOINDEX)} then 'noindex'
  when ${links.indexing} = ${IndexState.NotIndexed} then 'not_indexed'
end`;

/** A project's active tier 1 pages (what its tier 2 links point to), each with why it is dead, if it is. */
export function listTierOneStates(db: Queryable, params: { projectId: number }) {
  return db
    .select({ id: links.id, url: links.url, reason: deadReason })
    .from(links)
    .where(
      and(
        eq(links.projectId, params.projectId),
        eq(links.tier, Tier.One),
        eq(links.listType, LinkListType.Active),
      ),
    )
    .orderBy(links.id);
}

/** The hrefs found on a project's tier 2 pages (any list), once per link and href. */
export function listTierTwoHrefs(db: Queryable, params: { projectId: number }) {
  return db
    .selectDistinct({ linkId: backlinks.linkId, href: backlinks.href })
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .where(and(eq(links.projectId, params.projectId), eq(links.tier, Tier.Two)));
}

/**
 * Writes the flags of a project's tier 2 links in one statement: the flagged ones get their reason (the
 * since-date kept while they stay flagged, whatever the reason becomes), every other flagged one is
 * cleared. Only rows whose reason changes are written.
 */
export async function writeDeadFeedFlags(
  db: Queryable,
  params: { projectId: number; flags: { id: number; reason: string }[] },
) {
  await db.execute(sql`
    update ${links} as l set
      dead_feed_reason = f.reason,
      dead_feed_since = case when f.reason is null then null
                             when l.dead_feed_reason is null then now()
                             else l.dead_feed_since end
    from (
      select t.id, v.reason from ${links} t
      left join ${jsonRows(params.flags, { id: 'int', reason: 'text' })} on v.id = t.id
      where t.project_id = ${params.projectId} and t.tier = ${Tier.Two}
        and (t.dead_feed_reason is not null or v.id is not null)
    ) as f
    where l.id = f.id and l.dead_feed_reason is distinct from f.reason`);
}

/** The condition a paid task leaves a selected link out by: a tier 2 link that feeds a dead tier 1 page. */
export const feedsDeadTierOne: SQL = sql`(${links.tier} = ${Tier.Two} and ${isNotNull(links.deadFeedReason)})`;

/** The paid actions a wasted tier 2 link's spending is counted for: checks and indexing requests. */
const CHECKS = [ActionCode.CheckIndexing, ActionCode.CheckBacklinks, ActionCode.CheckTrust];
const INDEXING = ActionCode.AddToIndex;
/** action_items.status of an item worked on and kept charged (actions/types.ts ITEM_STATUS.Done). */
const ITEM_DONE = 1;
/** index_requests.state of a page refunded for not getting indexed (add-to-index REQUEST_STATE.Refunded). */
const REQUEST_REFUNDED = 3;

/**
 * `GET projects/{id}/wasted-tier-two`: the project's flagged tier 2 links, and what the tasks charged
 * for them over the last `days` (each done item at its task's price; failed and cancelled items were
 * refunded, and so were indexing requests that did not get the page indexed), split into checks
 * (backlinks, indexing, trust) and indexing requests, and the part spent while already flagged.
 */
export async function wastedTierTwo(
  db: Queryable,
  params: { userId: number; projectId: number; days: number },
) {
  const [row] = await rawRows<{
    links: number | string;
    check_cost: number | string;
    index_cost: number | string;
    cost_while_flagged: number | string;
  }>(
    db,
    sql`with flagged as (
          select id, dead_feed_since from ${links}
          where user_id = ${params.userId} and project_id = ${params.projectId}
            and tier = ${Tier.Two} and dead_feed_reason is not null
        ),
        spent as (
          select i.link_id, a.action_id, i.processed_at,
                 a.price - case when exists (
                   select 1 from ${indexRequests} r
                   where r.action_id = a.id and r.link_id = i.link_id and r.state = ${REQUEST_REFUNDED}
                 ) then a.price else 0 end as charged
          from ${actionItems} i
          join ${actions} a on a.id = i.action_id
          join flagged f on f.id = i.link_id
          where a.user_id = ${params.userId} and i.status = ${ITEM_DONE}
            and i.processed_at >= now() - make_interval(days => ${params.days}::int)
            and a.action_id in (${sql.join(
              [...CHECKS, INDEXING].map((c) => sql`${c}`),
              sql`, `,
            )})
        )
        select (select count(*) from flagged) as links,
          coalesce((select sum(charged) from spent where action_id <> ${INDEXING}), 0) as check_cost,
          coalesce((select sum(charged) from spent where action_id = ${INDEXING}), 0) as index_cost,
          coalesce((select sum(s.charged) from spent s join flagged f on f.id = s.link_id
                    where s.processed_at >= f.dead_feed_since), 0) as cost_while_flagged`,
  );
  return {
    links: Number(row.links),
    checkCost: Number(row.check_cost),
    indexCost: Number(row.index_cost),
    costWhileFlagged: Number(row.cost_while_flagged),
  };
}

/** Whether the project is the owner's (another user's is as absent as a missing one). */
export async function ownsProject(db: Queryable, params: { userId: number; projectId: number }) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, params.projectId), eq(projects.userId, params.userId)));
  return row !== undefined;
}
