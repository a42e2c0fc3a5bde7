import {
  ANCHOR_CHART_TOP,
  ANCHOR_RELATED_MAX,
  type ANCHOR_SORT_FIELDS,
  type AnchorFilters,
  IndexState,
  LinkElementKind,
  LinkListType,
} from '@linkwatch/shared';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Queryable, rawRows } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import { backlinks, campaigns, linkCounters, links, projects } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

/** The user's active links of the project, campaign and tier asked for. */
export function anchorLinkScope(params: {
  userId: number;
  filters: AnchorFilters;
  ignoreTier?: boolean;
}): SQL {
  const f = params.filters;
  return and(
    eq(links.userId, params.userId),
    eq(links.listType, LinkListType.Active),
    f.project !== undefined ? eq(links.projectId, f.project) : undefined,
    f.campaign !== undefined ? eq(links.campaignId, f.campaign) : undefined,
    f.tier !== undefined && !params.ignoreTier ? eq(links.tier, f.tier) : undefined,
  ) as SQL;
}

/** A WHERE over `backlinks` joined to `links`, scoped to the owner on both tables. */
export function anchorWhere(params: { userId: number; filters: AnchorFilters; ignoreTier?: boolean }): SQL {
  const f = params.filters;
  return and(
    eq(backlinks.userId, params.userId),
    anchorLinkScope(params),
    f.query ? ilike(backlinks.anchor, `%${escapeLike(f.query)}%`) : undefined,
    f.anchor !== undefined ? eq(backlinks.anchor, f.anchor) : undefined,
    f.anchorId !== undefined ? sql`md5(${backlinks.anchor}) = ${f.anchorId}` : undefined,
  ) as SQL;
}

export type AnchorSort = { field: (typeof ANCHOR_SORT_FIELDS)[number]; desc: boolean };

const countLinks = countDistinct(links.id);
const countBacklinks = count(backlinks.id);

/** One row per anchor text, with what the anchors table shows about it. */
const summaryFields = {
  id: sql<string>`md5(${backlinks.anchor})`,
  anchor: backlinks.anchor,
  countLinks,
  countBacklinks,
  share: sql<number>`round(count(${backlinks.id}) * 100.0 / nullif(sum(count(${backlinks.id})) over (), 0), 2)::float8`,
  indexed: sql<number>`count(distinct ${links.id}) filter (where ${links.indexing} = ${IndexState.Indexed})::int`,
  acceptors: sql<string[]>`(array_agg(distinct ${backlinks.href}))[1:5]`,
  campaignIds: sql<number[]>`array_agg(distinct ${links.campaignId})`,
  attributes: sql<string[]>`array_agg(distinct ${backlinks.attribute})`,
  typeIds: sql<number[]>`array_agg(distinct ${backlinks.typeId})`,
};

const anchorOrder = (sort: AnchorSort): SQL[] => {
  const column = { anchor: backlinks.anchor, countLinks, countBacklinks }[sort.field];
  return [sort.desc ? desc(column) : asc(column), asc(backlinks.anchor)];
};

function summaryQuery(db: Queryable, where: SQL) {
  return db
    .select(summaryFields)
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .where(where)
    .groupBy(backlinks.anchor);
}

export async function listAnchors(db: Queryable, params: { where: SQL; sort: AnchorSort; page: PageQuery }) {
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      summaryQuery(db, params.where)
        .orderBy(...anchorOrder(params.sort))
        .$dynamic(),
      params.page,
    ),
    db
      .select({ total: countDistinct(backlinks.anchor) })
      .from(backlinks)
      .innerJoin(links, eq(links.id, backlinks.linkId))
      .where(params.where),
  ]);
  return { rows, total };
}

export type AnchorSummary = Awaited<ReturnType<typeof listAnchors>>['rows'][number];

/** Every anchor of the selection, a chunk at a time, for the export. */
export async function* allAnchors(db: Queryable, params: { where: SQL; sort: AnchorSort }) {
  const chunk = 5000;
  for (let offset = 0; ; offset += chunk) {
    const rows = await summaryQuery(db, params.where)
      .orderBy(...anchorOrder(params.sort))
      .limit(chunk)
      .offset(offset);
    yield rows;
    if (rows.length < chunk) return;
  }
}

/**
 * The first ANCHOR_RELATED_MAX backlinks of each of these anchors in the selection, with their pages:
 * the relationships `GET anchors` carries, so an expanded row needs no call of its own.
 */
export async function anchorRelated(db: Queryable, params: { where: SQL; anchors: string[] }) {
  if (params.anchors.length === 0) return [];
  const ranked = db
    .select({
      id: backlinks.id,
      anchor: backlinks.anchor,
      href: backlinks.href,
      attribute: backlinks.attribute,
      typeId: backlinks.typeId,
      linkId: sql<number>`${links.id}`.as('link_id'),
      url: links.url,
      indexing: links.indexing,
      tier: links.tier,
      campaignId: links.campaignId,
      rank: sql<number>`row_number() over (partition by ${backlinks.anchor} order by ${links.id}, ${backlinks.id})`.as(
        'rank',
      ),
    })
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .where(and(params.where, inArray(backlinks.anchor, params.anchors)))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, ANCHOR_RELATED_MAX))
    .orderBy(asc(ranked.anchor), asc(ranked.rank));
}

export type AnchorRelatedRow = Awaited<ReturnType<typeof anchorRelated>>[number];

export async function campaignNames(db: Queryable, params: { userId: number; ids: number[] }) {
  if (params.ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.userId, params.userId), inArray(campaigns.id, params.ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The backlinks behind an anchor: the rows of an expanded anchor. */
export async function anchorLinks(db: Queryable, params: { where: SQL; page: PageQuery }) {
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select({
          backlink: backlinks,
          url: links.url,
          indexing: links.indexing,
          tier: links.tier,
          campaignId: campaigns.id,
          campaignName: campaigns.name,
        })
        .from(backlinks)
        .innerJoin(links, eq(links.id, backlinks.linkId))
        .innerJoin(campaigns, eq(campaigns.id, links.campaignId))
        .where(params.where)
        .orderBy(asc(links.id), asc(backlinks.id))
        .$dynamic(),
      params.page,
    ),
    db
      .select({ total: count() })
      .from(backlinks)
      .innerJoin(links, eq(links.id, backlinks.linkId))
      .where(params.where),
  ]);
  return { rows, total };
}

export async function anchorTotals(db: Queryable, where: SQL) {
  const [row] = await db
    .select({ anchors: countDistinct(backlinks.anchor), backlinks: count(), links: countDistinct(links.id) })
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .where(where);
  return row;
}

export async function anchorsPerTier(db: Queryable, where: SQL) {
  const rows = await db
    .select({ tier: links.tier, anchors: countDistinct(backlinks.anchor) })
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .where(where)
    .groupBy(links.tier);
  const of = (tier: number) => rows.find((r) => r.tier === tier)?.anchors ?? 0;
  return { tierOne: of(1), tierTwo: of(2) };
}

/** The filters link_counters are kept by; any other (a search, one anchor) means a scan. */
const COUNTED_FILTERS = new Set(['project', 'campaign', 'tier']);

/**
 * `anchors/counts`: distinct anchors per tier, and the selection's distinct anchors, backlinks and
 * links with backlinks. Read from link_counters (kept by triggers with the rows) when only project,
 * campaign and tier are filtered: an anchor counts while its `bl_anchor` total is positive.
 */
export async function anchorCounts(db: Queryable, params: { userId: number; filters: AnchorFilters }) {
  const { userId, filters: f } = params;
  const other = Object.entries(f).some(([name, value]) => value !== undefined && !COUNTED_FILTERS.has(name));
  if (other) {
    const [perTier, totals] = await Promise.all([
      anchorsPerTier(db, anchorWhere({ userId, filters: f, ignoreTier: true })),
      anchorTotals(db, anchorWhere({ userId, filters: f })),
    ]);
    return { ...perTier, ...totals };
  }
  const base = and(
    eq(linkCounters.userId, userId),
    eq(linkCounters.listType, LinkListType.Active),
    f.project !== undefined ? eq(linkCounters.projectId, f.project) : undefined,
    f.campaign !== undefined ? eq(linkCounters.campaignId, f.campaign) : undefined,
  );
  const scope = and(base, f.tier !== undefined ? eq(linkCounters.tier, f.tier) : undefined);
  const [tiers, [totals]] = await Promise.all([
    rawRows<{ tier: number; anchors: number }>(
      db,
      sql`select tier, count(*)::int as anchors from (
            select ${linkCounters.tier} as tier, ${linkCounters.key} from ${linkCounters}
            where ${base} and ${linkCounters.kind} = 'bl_anchor'
            group by 1, 2 having sum(${linkCounters.n}) > 0
          ) a group by tier`,
    ),
    rawRows<{ anchors: number; backlinks: number; links: number }>(
      db,
      sql`select
            (select count(*) from (
              select ${linkCounters.key} from ${linkCounters} where ${scope} and ${linkCounters.kind} = 'bl_anchor'
              group by 1 having sum(${linkCounters.n}) > 0) a)::int as anchors,
            (select coalesce(sum(${linkCounters.n}), 0) from ${linkCounters}
              where ${scope} and ${linkCounters.kind} = 'bl_type')::int as backlinks,
            (select coalesce(sum(${linkCounters.n}), 0) from ${linkCounters}
              where ${scope} and ${linkCounters.kind} = 'bl_links')::int as links`,
    ),
  ]);
  const of = (tier: number) => tiers.find((r) => Number(r.tier) === tier)?.anchors ?? 0;
  return { tierOne: of(1), tierTwo: of(2), ...totals };
}

/** Active links in scope not checked yet: their anchors are still unknown. */
export async function countUnverifiedLinks(db: Queryable, linkScope: SQL) {
  const [row] = await db
    .select({ total: count() })
    .from(links)
    .where(and(linkScope, isNull(links.dateCheckData)));
  return row.total;
}

const ANCHOR_GROUP_KEYS = {
  attribute: sql`${backlinks.attribute}`,
  backlinkType: sql`${backlinks.typeId}`,
  indexing: sql`${links.indexing}`,
};

/** Backlinks of the selection counted by one of their properties. */
export async function groupAnchorBacklinks(
  db: Queryable,
  params: { where: SQL; by: keyof typeof ANCHOR_GROUP_KEYS },
) {
  const key = ANCHOR_GROUP_KEYS[params.by];
  const where = params.where;
  const rows = await db
    .select({ key: sql<number | string>`${key}`, value: count() })
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .where(where)
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** The most used anchors, by backlinks; the rest summed as `other`. */
export async function topAnchors(db: Queryable, where: SQL) {
  const [rows, totals] = await Promise.all([
    db
      .select({ anchor: backlinks.anchor, value: countBacklinks })
      .from(backlinks)
      .innerJoin(links, eq(links.id, backlinks.linkId))
      .where(where)
      .groupBy(backlinks.anchor)
      .orderBy(desc(countBacklinks), asc(backlinks.anchor))
      .limit(ANCHOR_CHART_TOP),
    anchorTotals(db, where),
  ]);
  const shown = rows.reduce((sum, r) => sum + r.value, 0);
  return { rows, total: totals.backlinks, other: totals.backlinks - shown };
}

/**
 * Backlinks per anchor kind: an image link (its anchor is the image's alt text, whatever it says), an
 * empty anchor, a URL or bare domain, the project's brand (the main domain's first label, `www.`
 * dropped, inside the anchor), or any other text.
 */
export async function anchorKinds(db: Queryable, where: SQL) {
  const brand = sql`split_part(regexp_replace(lower(${projects.mainDomain}), '^www\\.', ''), '.', 1)`;
  const kind = sql<string>`case
    when ${backlinks.typeId} = ${LinkElementKind.Image} then 'image'
    when btrim(${backlinks.anchor}) = '' then 'empty'
    when ${backlinks.anchor} ~* '^(https?://|www\\.)' or ${backlinks.anchor} ~* '^[a-z0-9-]+(\\.[a-z0-9-]+)+(/\\S*)?$' then 'url'
    when length(${brand}) > 2 and position(${brand} in lower(${backlinks.anchor})) > 0 then 'brand'
    else 'text' end`;
  const rows = await db
    .select({ key: kind, value: count() })
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .innerJoin(projects, eq(projects.id, links.projectId))
    .where(where)
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.key, r.value]));
}
