import type { FoundBacklink } from '@linkwatch/checker';
import { LinkListType, Tier } from '@linkwatch/shared';
import { and, eq, sql } from 'drizzle-orm';
import { inIds, insertRows, jsonRows } from '../../../db/bulk.ts';
import type { Queryable, Tx } from '../../../db/client.ts';
import {
  actionItems,
  actions,
  backlinkCheckHistories,
  backlinks,
  links,
  projects,
} from '../../../db/schema/index.ts';

/**
 * A batch's links to check, with their project's render mode: only the task owner's, so a deleted
 * link is simply absent.
 */
export function listLinksToCheck(db: Queryable, params: { userId: number; linkIds: number[] }) {
  return db
    .select({
      id: links.id,
      url: links.url,
      projectId: links.projectId,
      tier: links.tier,
      renderMode: projects.renderMode,
    })
    .from(links)
    .innerJoin(projects, eq(projects.id, links.projectId))
    .where(and(eq(links.userId, params.userId), inIds(links.id, params.linkIds)));
}

/** The donor pages of a project's active tier 1 links: what its tier 2 links must point to. */
export async function listActiveTierOneUrls(db: Queryable, params: { projectId: number }) {
  const rows = await db
    .select({ url: links.url })
    .from(links)
    .where(
      and(
        eq(links.projectId, params.projectId),
        eq(links.tier, Tier.One),
        eq(links.listType, LinkListType.Active),
      ),
    );
  return rows.map((r) => r.url);
}

/** The project's domains (none for a project deleted meanwhile). */
export async function findProjectDomains(db: Queryable, params: { projectId: number }) {
  const [project] = await db
    .select({ domains: projects.domains })
    .from(projects)
    .where(eq(projects.id, params.projectId));
  return project?.domains ?? [];
}

/** The columns of a link that a check compares with or copies into its report. */
const CHECKED_LINK = {
  id: links.id,
  userId: links.userId,
  projectId: links.projectId,
  campaignId: links.campaignId,
  url: links.url,
  title: links.title,
  dateCheckData: links.dateCheckData,
  responseCode: links.responseCode,
  responseCodeGroup: links.responseCodeGroup,
  redirect: links.redirect,
  indexingCapabilityId: links.indexingCapabilityId,
  missedChecks: links.missedChecks,
  countBacklinks: links.countBacklinks,
};
export type CheckedLink = { [K in keyof typeof CHECKED_LINK]: (typeof links.$inferSelect)[K] };
export type StoredBacklink = typeof backlinks.$inferSelect;

/** The checked links as they were, locked until the batch is written. */
export function lockCheckedLinks(tx: Tx, params: { linkIds: number[] }): Promise<CheckedLink[]> {
  return tx.select(CHECKED_LINK).from(links).where(inIds(links.id, params.linkIds)).for('update');
}

/** The backlinks stored for the links. */
export function listStoredBacklinks(tx: Tx, params: { linkIds: number[] }): Promise<StoredBacklink[]> {
  return tx.select().from(backlinks).where(inIds(backlinks.linkId, params.linkIds));
}

const BACKLINK_SHAPE = {
  user_id: 'int',
  link_id: 'int',
  href: 'text',
  anchor: 'text',
  attribute: 'text',
  type_id: 'smallint',
  text_before: 'text',
  text_after: 'text',
  rendered: 'boolean',
} as const;

/** The links' stored backlinks give way to those the check found. */
export async function replaceBacklinks(
  tx: Tx,
  replaced: { link: { id: number; userId: number }; backlinks: FoundBacklink[] }[],
) {
  await tx.delete(backlinks).where(
    inIds(
      backlinks.linkId,
      replaced.map((d) => d.link.id),
    ),
  );
  const rows = replaced.flatMap(({ link, backlinks: found }) =>
    found.map((b) => ({
      user_id: link.userId,
      link_id: link.id,
      href: b.href,
      anchor: b.anchor,
      attribute: b.attribute,
      type_id: b.typeId,
      text_before: b.textBefore,
      text_after: b.textAfter,
      rendered: b.rendered === true,
    })),
  );
  await insertRows(tx, backlinks, BACKLINK_SHAPE, rows);
}

const HISTORY_SHAPE = {
  link_id: 'int',
  action_id: 'int',
  status_id: 'smallint',
  response_code: 'int',
  response_code_group: 'smallint',
  indexing_capability_id: 'smallint',
  count_backlinks: 'int',
} as const;

/** A check-history row per link. */
export async function insertCheckHistories(tx: Tx, rows: Record<keyof typeof HISTORY_SHAPE, unknown>[]) {
  await insertRows(tx, backlinkCheckHistories, HISTORY_SHAPE, rows);
}

const LINK_CHECK_SHAPE = {
  id: 'int',
  response_code: 'int',
  response_code_group: 'smallint',
  redirect: 'text',
  title: 'text',
  meta_robots: 'text',
  x_robots_tag: 'text',
  canonical: 'text',
  indexing_capability_id: 'smallint',
  count_backlinks: 'int',
  missed_checks: 'smallint',
  check_status: 'smallint',
} as const;

/** What a check read, written onto each link, checked now. */
export async function updateCheckedLinks(tx: Tx, values: Record<keyof typeof LINK_CHECK_SHAPE, unknown>[]) {
  await tx.execute(sql`
    update ${links} set
      response_code = v.response_code, response_code_group = v.response_code_group, redirect = v.redirect,
      title = v.title, meta_robots = v.meta_robots, x_robots_tag = v.x_robots_tag, canonical = v.canonical,
      indexing_capability_id = v.indexing_capability_id, count_backlinks = v.count_backlinks,
      missed_checks = v.missed_checks, check_status = v.check_status, date_check_data = now(), updated_at = now()
    from ${jsonRows(values, LINK_CHECK_SHAPE)}
    where ${links.id} = v.id`);
}

/** A project's tier 1 pages. */
export function listTierOnePages(db: Queryable, params: { projectId: number }) {
  return db
    .select({ id: links.id, url: links.url })
    .from(links)
    .where(and(eq(links.projectId, params.projectId), eq(links.tier, Tier.One)));
}

/** The hrefs of the backlinks found on a project's active tier 2 links, once per link and href. */
export function listTierTwoBacklinks(db: Queryable, params: { projectId: number }) {
  return db
    .selectDistinct({ linkId: backlinks.linkId, href: backlinks.href })
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .where(
      and(
        eq(links.projectId, params.projectId),
        eq(links.tier, Tier.Two),
        eq(links.listType, LinkListType.Active),
      ),
    );
}

/** Writes `countBacklinksT2` of tier 1 pages, only where it changed. */
export async function writeTier2Counts(db: Queryable, counts: { id: number; count: number }[]) {
  await db.execute(sql`
    update ${links} set count_backlinks_t2 = v.count
    from ${jsonRows(counts, { id: 'int', count: 'int' })}
    where ${links.id} = v.id and ${links.countBacklinksT2} is distinct from v.count`);
}

/** The projects of the tier 2 links a task has items for. */
export async function listTierTwoProjectsOfItems(db: Queryable, params: { actionId: number }) {
  const rows = await db
    .selectDistinct({ projectId: links.projectId })
    .from(actionItems)
    .innerJoin(links, eq(links.id, actionItems.linkId))
    .where(and(eq(actionItems.actionId, params.actionId), eq(links.tier, Tier.Two)));
  return rows.map((r) => r.projectId);
}

/** A task's cost grows by what its rendered checks were charged. */
export async function addActionCost(tx: Tx, params: { id: number; credits: number }) {
  await tx
    .update(actions)
    .set({ cost: sql`${actions.cost} + ${params.credits}` })
    .where(eq(actions.id, params.id));
}
