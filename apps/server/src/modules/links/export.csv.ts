import type { Locale } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { csvRows } from '../../lib/spreadsheet.ts';
import { exportHeader, rowTexts } from './export.rows.ts';
import { EXPORT_CHUNK, readCsvChunk } from './links.export.queries.ts';

/**
 * The CSV export written by the database: each chunk of links comes back as one string of CSV lines,
 * byte for byte what csv-stringify writes from `exportRows` (export.test.ts holds the two equal),
 * without a million rows turned into objects, arrays and strings in this process: a million-link
 * export costs the API process a few tens of MB instead of about 120 MB of garbage.
 */

/** Codes are smallints with a handful of values: the labels of 0–255 cover them; others fall back as translate does, to the key. */
const CODES = Array.from({ length: 256 }, (_, code) => code);

/** The labels of each coded column in one language: one jsonb parameter the query looks codes up in. */
function labelTable(locale: Locale) {
  const t = rowTexts(locale);
  const table = (label: (code: number) => string | null) =>
    Object.fromEntries(CODES.map((code) => [code, label(code)]));
  return {
    group: table(t.responseCodeGroup),
    status: table(t.linkStatus),
    unchecked: t.linkStatus(null),
    unknownStatus: t.linkStatus(-1),
    indexing: table(t.indexing),
    robots: table(t.robotsStatus),
    notRead: { robotsTxt: t.notRead('robotsTxt'), robotsUnreachable: t.notRead('robotsUnreachable') },
    // The page verdicts' texts with their `{{code}}` left in, filled by the query (see pageVerdict).
    verdict: Object.fromEntries(
      ['notFetched', 'gone404', 'gone410', 'serverError', 'refused'].map((key) => [
        key,
        translate(locale, `links.pageVerdict.${key}`, { code: '{{code}}' }),
      ]),
    ),
  };
}

/**
 * The export's CSV text: the BOM and the header, then each chunk as the database wrote it. Chunks are
 * read by keyset (`id > last`), the next one asked for while the current one is handed on.
 */
export async function* exportCsvText(
  db: Queryable,
  params: { where: SQL; locale: Locale },
): AsyncGenerator<string> {
  yield csvRows([exportHeader(params.locale)], { bom: true });
  const labels = JSON.stringify(labelTable(params.locale));
  const read = (lastId: number) => readCsvChunk(db, { where: params.where, labels, lastId });
  let pending: ReturnType<typeof read> | null = read(0);
  while (pending) {
    const chunk: Awaited<ReturnType<typeof read>> = await pending;
    pending = chunk.rows < EXPORT_CHUNK || chunk.lastId === null ? null : read(chunk.lastId);
    // A query that fails while this chunk is written is still thrown by the `await` above.
    pending?.catch(() => undefined);
    yield* chunk.parts;
  }
}
