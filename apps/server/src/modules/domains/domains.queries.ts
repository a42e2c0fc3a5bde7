import {
  DOMAIN_LINKS_SHOWN,
  type DomainFilters,
  type DomainSortField,
  IndexState,
  LinkListType,
} from '@linkwatch/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rawRows } from '../../db/client.ts';
import { domains, links } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

/** One donor domain of the scope: its links there, and its Domain row once its authority was checked. */
export interface DomainRow {
  domain: string;
  links: number;
  indexed_links: number;
  /** Tier 2 backlinks to the domain's pages of the scope (their countBacklinksT2, summed). */
  backlinks_tier: number;
  id: number | null;
  da: number | null;
  moz_rank: number | null;
  face_book_activity: number | null;
  spam_score: number | null;
  page_rank_decimal: number | null;
  page_rank: number | null;
  sem_rush_rank: number | null;
  sem_rush_traffic: number | null;
  sem_rush_keywords: number | null;
  sem_rush_links: number | null;
  links_in: number | null;
  referring_page: number | null;
  providers: string | null;
  date_check_authority: Date | string | null;
}

/** The host of a stored (normalised) link URL without `www.`: how the Domain rows are keyed. */
const hostOf = sql`regexp_replace(substring(${links.url} from '^[a-z][a-z0-9+.-]*://([^/?#:]+)'), '^www\\.', '')`;

function scopeWhere(userId: number, f: DomainFilters): SQL {
  return and(
    eq(links.userId, userId),
    eq(links.listType, LinkListType.Active),
    f.project !== undefined ? eq(links.projectId, f.project) : undefined,
    f.campaign !== undefined ? eq(links.campaignId, f.campaign) : undefined,
    f.tier !== undefined ? eq(links.tier, f.tier) : undefined,
  ) as SQL;
}

const ORDER: Record<DomainSortField, string> = {
  domain: 's.domain',
  links: 's.links',
  indexed: 's.indexed_links::float / s.links',
  da: 'd.da',
  pageRank: 'd.page_rank_decimal',
  spamScore: 'd.spam_score',
  semRushTraffic: 'd.sem_rush_traffic',
  referringPage: 'd.referring_page',
  faceBookActivity: 'd.face_book_activity',
};

function orderBy(sort: { field: DomainSortField; desc: boolean }) {
  // Unchecked domains (no figure) go last either way; the domain name breaks ties.
  const direction = sort.desc ? 'desc nulls last' : 'asc nulls last';
  return sql.raw(`${ORDER[sort.field]} ${direction}, s.domain asc`);
}

function domainsOfScope(params: { userId: number; filters: DomainFilters }) {
  return sql`
    with s as (
      select ${hostOf} as domain, count(*)::int as links,
        count(*) filter (where ${links.indexing} = ${IndexState.Indexed})::int as indexed_links,
        coalesce(sum(${links.countBacklinksT2}), 0)::int as backlinks_tier
      from ${links} where ${scopeWhere(params.userId, params.filters)}
      group by 1)
    select s.*, d.id, d.da, d.moz_rank, d.face_book_activity, d.spam_score, d.page_rank_decimal, d.page_rank, d.sem_rush_rank,
      d.sem_rush_traffic, d.sem_rush_keywords, d.sem_rush_links, d.links_in, d.referring_page, d.providers,
      d.date_check_authority
    from s left join ${domains} d on d.user_id = ${params.userId} and d.domain = s.domain
    where s.domain is not null`;
}

export async function listDomains(
  db: Queryable,
  params: {
    userId: number;
    filters: DomainFilters;
    sort: { field: DomainSortField; desc: boolean };
    page: PageQuery;
  },
) {
  const all = domainsOfScope(params);
  const offset = (params.page.number - 1) * params.page.size;
  const [rows, [{ total }]] = await Promise.all([
    rawRows<DomainRow>(
      db,
      sql`${all} order by ${orderBy(params.sort)} limit ${params.page.size} offset ${offset}`,
    ),
    rawRows<{ total: number }>(db, sql`select count(*)::int as total from (${all}) x`),
  ]);
  return { rows, total };
}

/** Every domain of the scope in the asked order, for an export. */
export function allDomains(
  db: Queryable,
  params: { userId: number; filters: DomainFilters; sort: { field: DomainSortField; desc: boolean } },
) {
  return rawRows<DomainRow>(db, sql`${domainsOfScope(params)} order by ${orderBy(params.sort)}`);
}

/**
 * Gives every listed domain its Domain row (the spec's `id`): a domain gets one the first time it is
 * listed, before any authority check. Answers the ids by domain; an insert racing another finds its row.
 */
export async function domainIds(db: Queryable, params: { userId: number; domains: string[] }) {
  if (params.domains.length === 0) return new Map<string, number>();
  await db
    .insert(domains)
    .values(params.domains.map((domain) => ({ userId: params.userId, domain })))
    .onConflictDoNothing({ target: [domains.userId, domains.domain] });
  const rows = await db
    .select({ id: domains.id, domain: domains.domain })
    .from(domains)
    .where(and(eq(domains.userId, params.userId), inArray(domains.domain, params.domains)));
  return new Map(rows.map((r) => [r.domain, r.id]));
}

/** The first DOMAIN_LINKS_SHOWN links of the scope on each of these domains (the Domain's list of links). */
export async function domainLinks(
  db: Queryable,
  params: { userId: number; filters: DomainFilters; domains: string[] },
) {
  if (params.domains.length === 0) return new Map<string, { id: number; url: string }[]>();
  const rows = await rawRows<{ domain: string; id: number; url: string }>(
    db,
    sql`select domain, id, url from (
          select ${hostOf} as domain, ${links.id} as id, ${links.url} as url,
            row_number() over (partition by ${hostOf} order by ${links.id}) as n
          from ${links}
          where ${scopeWhere(params.userId, params.filters)} and ${inArray(hostOf, params.domains)}
        ) x where n <= ${DOMAIN_LINKS_SHOWN} order by domain, id`,
  );
  const byDomain = new Map<string, { id: number; url: string }[]>();
  for (const row of rows) {
    const list = byDomain.get(row.domain) ?? [];
    list.push({ id: Number(row.id), url: row.url });
    byDomain.set(row.domain, list);
  }
  return byDomain;
}
