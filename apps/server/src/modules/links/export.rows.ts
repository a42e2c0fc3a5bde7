import { type Locale, linkStatusOf, notReadReason } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { CellValue } from '../../lib/spreadsheet.ts';
import { EXPORT_CHUNK, type ExportRecord, readChunk } from './links.export.queries.ts';
import { linkTexts } from './links.presenter.ts';

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

/** A translation looked up once per distinct value, not once per row. */
function memo<K, V>(get: (key: K) => V): (key: K) => V {
  const seen = new Map<K, V>();
  return (key) => {
    if (seen.has(key)) return seen.get(key) as V;
    const value = get(key);
    seen.set(key, value);
    return value;
  };
}

export function rowTexts(locale: Locale) {
  const t = linkTexts(locale);
  return {
    responseCodeGroup: memo(t.responseCodeGroup),
    linkStatus: memo((checkStatus: number | null) => t.linkStatus(linkStatusOf(checkStatus))),
    indexing: memo(t.indexing),
    robotsStatus: memo(t.robotsStatus),
    pageVerdict: t.pageVerdict,
    notRead: t.notRead,
    /** The code cell as the table shows it: why a page that answered was not read, the code, or its group. */
    code: (row: Parameters<typeof notReadReason>[0]) =>
      t.notRead(notReadReason(row)) ?? row.responseCode ?? t.responseCodeGroup(row.responseCodeGroup),
  };
}

/**
 * The header, then every selected link in id order, in chunks read by keyset (`id > last`): each
 * query is an index range scan however deep the export goes, unlike OFFSET. The next chunk's query
 * is sent before the current one is handed on, so the database reads while this process writes.
 */
export async function* exportChunks(
  db: Queryable,
  params: { where: SQL; locale: Locale },
): AsyncGenerator<CellValue[][]> {
  const t = rowTexts(params.locale);
  yield [exportHeader(params.locale)];
  // execute(): a real promise, started now; drizzle's query builder would run again on every `then`.
  const read = (lastId: number): Promise<ExportRecord[]> => readChunk(db, params.where, lastId).execute();
  let pending: Promise<ExportRecord[]> | null = read(0);
  while (pending) {
    const chunk: ExportRecord[] = await pending;
    pending = chunk.length < EXPORT_CHUNK ? null : read(chunk[chunk.length - 1].id);
    // An unawaited query that fails while this chunk is written must not go unhandled; the
    // failure is still thrown by the `await` above on the next turn.
    pending?.catch(() => undefined);
    yield chunk.map((row) => [
      row.url,
      row.title,
      t.code(row),
      t.linkStatus(row.checkStatus),
      t.indexing(row.indexing),
      t.pageVerdict(row),
      row.countBacklinks,
      row.anchors,
      row.rels,
      row.comment,
      row.createdAt,
      row.dateCheckData,
    ]);
  }
}

/** The same rows one at a time, for the XLSX file (built in memory, at most XLSX_EXPORT_MAX_ROWS). */
export async function* exportRows(
  db: Queryable,
  params: { where: SQL; locale: Locale },
): AsyncGenerator<CellValue[]> {
  for await (const chunk of exportChunks(db, params)) yield* chunk;
}
