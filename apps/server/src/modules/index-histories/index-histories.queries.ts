import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import { indexHistories, links } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

export interface IndexHistoryFilters {
  link?: number;
  campaign?: number;
  project?: number;
  tier?: number;
  value?: number;
}

/** Entries of the user's links only: ownership comes through the link. */
function historyWhere(params: { userId: number; filters: IndexHistoryFilters }): SQL {
  const f = params.filters;
  return and(
    eq(links.userId, params.userId),
    f.link !== undefined ? eq(indexHistories.linkId, f.link) : undefined,
    f.campaign !== undefined ? eq(links.campaignId, f.campaign) : undefined,
    f.project !== undefined ? eq(links.projectId, f.project) : undefined,
    f.tier !== undefined ? eq(links.tier, f.tier) : undefined,
    f.value !== undefined ? eq(indexHistories.value, f.value) : undefined,
  ) as SQL;
}

/** Newest first: the index history page shows what changed lately. */
export async function listIndexHistories(
  db: Queryable,
  params: { userId: number; filters: IndexHistoryFilters; page: PageQuery },
) {
  const where = historyWhere(params);
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select({ entry: indexHistories, url: links.url, campaignId: links.campaignId })
        .from(indexHistories)
        .innerJoin(links, eq(links.id, indexHistories.linkId))
        .where(where)
        .orderBy(desc(indexHistories.createdAt), desc(indexHistories.id))
        .$dynamic(),
      params.page,
    ),
    db
      .select({ total: count() })
      .from(indexHistories)
      .innerJoin(links, eq(links.id, indexHistories.linkId))
      .where(where),
  ]);
  return { rows, total };
}
