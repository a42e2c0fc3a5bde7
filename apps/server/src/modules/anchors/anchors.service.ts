import type { AnchorFilters, ExportFileFormat, Locale } from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import type { PageQuery } from '../../http/present.ts';
import type { CellValue } from '../../lib/spreadsheet.ts';
import { findProject } from '../projects/projects.queries.ts';
import { anchorExportHeader, anchorExportRow } from './anchors.presenter.ts';
import {
  type AnchorSort,
  allAnchors,
  anchorCounts,
  anchorKinds,
  anchorLinkScope,
  anchorLinks,
  anchorRelated,
  anchorTotals,
  anchorWhere,
  campaignNames,
  countUnverifiedLinks,
  groupAnchorBacklinks,
  listAnchors,
  topAnchors,
} from './anchors.queries.ts';

/** An anchors-page call: the user's backlinks under the anchor filters. */
interface AnchorRequest {
  userId: number;
  filters: AnchorFilters;
}

const whereOf = (params: AnchorRequest) => anchorWhere({ userId: params.userId, filters: params.filters });

/** `GET anchors`: a page of anchors, the names of their campaigns, and each one's first backlinks. */
export async function pageOfAnchors(
  db: Queryable,
  params: AnchorRequest & { sort: AnchorSort; page: PageQuery },
) {
  const where = whereOf(params);
  const { rows, total } = await listAnchors(db, { where, sort: params.sort, page: params.page });
  const [names, related] = await Promise.all([
    campaignNames(db, { userId: params.userId, ids: [...new Set(rows.flatMap((r) => r.campaignIds))] }),
    anchorRelated(db, { where, anchors: rows.map((r) => r.anchor) }),
  ]);
  return { rows, total, names, related };
}

/** `GET anchors/links`: the backlinks of one anchor, for an expanded row. */
export const backlinksOfAnchor = (db: Queryable, params: AnchorRequest & { page: PageQuery }) =>
  anchorLinks(db, { where: whereOf(params), page: params.page });

export const countsOfAnchors = (db: Queryable, params: AnchorRequest) => anchorCounts(db, params);

/** Links not checked yet, whose anchors are therefore unverified. */
export const countOfUnverifiedLinks = (db: Queryable, params: AnchorRequest) =>
  countUnverifiedLinks(db, anchorLinkScope({ userId: params.userId, filters: params.filters }));

/** Backlinks counted by attribute, type and their page's indexing. */
export async function statisticOfAnchors(db: Queryable, params: AnchorRequest) {
  const where = whereOf(params);
  const [attributes, types, indexing] = await Promise.all([
    groupAnchorBacklinks(db, { where, by: 'attribute' }),
    groupAnchorBacklinks(db, { where, by: 'backlinkType' }),
    groupAnchorBacklinks(db, { where, by: 'indexing' }),
  ]);
  return { attributes, types, indexing };
}

/** The top anchors by backlinks; `other` sums the rest. */
export const chartOfAnchors = (db: Queryable, params: AnchorRequest) => topAnchors(db, whereOf(params));

/** The chart's caption: totals, and backlinks per anchor kind. */
export async function chartInfoOfAnchors(db: Queryable, params: AnchorRequest) {
  const where = whereOf(params);
  const [totals, kinds] = await Promise.all([anchorTotals(db, where), anchorKinds(db, where)]);
  return { totals, kinds };
}

/** `GET anchors/export`: the whole anchors table's rows, read as they are written, and the file's name. */
export async function exportAnchors(
  db: Queryable,
  params: AnchorRequest & { sort: AnchorSort; format: ExportFileFormat; locale: Locale },
) {
  const { userId, filters, locale } = params;
  const where = whereOf(params);

  async function* rows(): AsyncGenerator<CellValue[]> {
    yield anchorExportHeader(locale);
    for await (const chunk of allAnchors(db, { where, sort: params.sort })) {
      const names = await campaignNames(db, {
        userId,
        ids: [...new Set(chunk.flatMap((r) => r.campaignIds))],
      });
      for (const row of chunk) yield anchorExportRow(row, { locale, campaignNames: names });
    }
  }

  const project = filters.project ? await findProject(db, { userId, id: filters.project }) : undefined;
  return { filename: `anchor_${project?.name ?? 'all'}.${params.format}`, rows: rows() };
}
