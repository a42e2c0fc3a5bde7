import { type ChangeWords, changeReading, type Locale, type ReportChangeType } from '@linkwatch/shared';
import { formatNumber, translate } from '@linkwatch/shared/i18n';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
// The one place that knows how a spreadsheet cell is escaped (formula injection), shared by every export.
import type { CellValue } from '../../lib/spreadsheet.ts';
import { changesTypeText } from './reports.presenter.ts';
import { exportChunk } from './reports.queries.ts';

/** Rows read per query: keeps memory flat however long the report is. */
const EXPORT_CHUNK = 5000;

const COLUMNS = ['createdAt', 'campaign', 'url', 'changesType', 'old', 'new', 'title', 'task'] as const;

const header = (locale: Locale): CellValue[] =>
  COLUMNS.map((c) => translate(locale, `reports.exportColumns.${c}`));

/** report_{YYYY-MM-DD}.{csv|xlsx} */
export const reportFilename = (format: string, now = new Date()) =>
  `report_${now.toISOString().slice(0, 10)}.${format}`;

/**
 * The header, then one row per change, oldest first, read in keyset chunks (`id > last`) so each
 * query is an index range scan however deep the export goes.
 */
export async function* reportExportRows(
  db: Queryable,
  params: { where: SQL; locale: Locale },
): AsyncGenerator<CellValue[]> {
  yield header(params.locale);
  const words: ChangeWords = {
    t: (key, values) => translate(params.locale, key, values),
    number: (value) => formatNumber(params.locale, value),
  };
  let lastId = 0;
  for (;;) {
    const chunk = await exportChunk(db, { where: params.where, afterId: lastId, limit: EXPORT_CHUNK });
    for (const { change, link, campaignName, pageTitle } of chunk) {
      // The screen's words, never the stored codes: a sentence goes in the new value's column.
      const reading = changeReading(words, {
        ...change,
        changesType: change.changesType as ReportChangeType,
      });
      const [old, now] = 'sentence' in reading ? [null, reading.sentence] : [reading.old, reading.new];
      yield [
        link.createdAt.toISOString(),
        campaignName,
        link.url,
        changesTypeText(params.locale, change.changesType),
        old,
        now,
        change.title ?? pageTitle,
        link.actionId,
      ];
    }
    if (chunk.length < EXPORT_CHUNK) return;
    lastId = chunk[chunk.length - 1].change.id;
  }
}
