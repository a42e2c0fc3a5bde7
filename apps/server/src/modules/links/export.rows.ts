import { type Locale, linkStatusOf } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { and, asc, gt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { backlinks, links } from '../../db/schema/index.ts';
import type { CellValue } from '../../lib/spreadsheet.ts';
import { qualified } from './links.filters.ts';
import { linkTexts } from './links.presenter.ts';

/** Rows read per query: big enough to be quick, small enough to keep memory flat on a million links. */
export const EXPORT_CHUNK = 5000;

const COLUMNS = [
  'url',
  'title',
  'responseCode',
  'linkStatus',
  'indexing',
  'robotsStatus',
  'countBacklinks',
  'anchors',
  'rel',
  'comment',
  'createdAt',
  'dateCheckData',
] as const;

export const exportHeader = (locale: Locale): CellValue[] =>
  COLUMNS.map((c) => translate(locale, `links.exportColumns.${c}`));

const exportFields = {
  id: links.id,
  url: links.url,
  title: links.title,
  responseCode: links.responseCode,
  responseCodeGroup: links.responseCodeGroup,
  checkStatus: links.checkStatus,
  indexing: links.indexing,
  indexingCapabilityId: links.indexingCapabilityId,
  countBacklinks: links.countBacklinks,
  comment: links.comment,
  createdAt: links.createdAt,
  dateCheckData: links.dateCheckData,
  anchors: sql<
    string | null
  >`(select string_agg(distinct ${qualified(backlinks.anchor)}, ' | ') from ${backlinks}
    where ${qualified(backlinks.linkId)} = ${qualified(links.id)} and ${qualified(backlinks.anchor)} <> '')`,
  rels: sql<
    string | null
  >`(select string_agg(distinct ${qualified(backlinks.attribute)}, ', ') from ${backlinks}
    where ${qualified(backlinks.linkId)} = ${qualified(links.id)})`,
};

/**
 * The header, then every selected link in id order, read in keyset chunks (`id > last`): each query
 * is an index range scan however deep the export goes, unlike OFFSET.
 */
export async function* exportRows(
  db: Queryable,
  params: { where: SQL; locale: Locale },
): AsyncGenerator<CellValue[]> {
  const t = linkTexts(params.locale);
  yield exportHeader(params.locale);
  let lastId = 0;
  for (;;) {
    const chunk = await db
      .select(exportFields)
      .from(links)
      .where(and(params.where, gt(links.id, lastId)))
      .orderBy(asc(links.id))
      .limit(EXPORT_CHUNK);
    for (const row of chunk) {
      yield [
        row.url,
        row.title,
        row.responseCode ?? t.responseCodeGroup(row.responseCodeGroup),
        t.linkStatus(linkStatusOf(row.checkStatus)),
        t.indexing(row.indexing),
        t.robotsStatus(row.indexingCapabilityId),
        row.countBacklinks,
        row.anchors,
        row.rels,
        row.comment,
        row.createdAt.toISOString(),
        row.dateCheckData?.toISOString() ?? null,
      ];
    }
    if (chunk.length < EXPORT_CHUNK) return;
    lastId = chunk[chunk.length - 1].id;
  }
}
