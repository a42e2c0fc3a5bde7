import {
  CRAWLER_UPLOAD_MAX_ROWS,
  type CrawlerSourceId,
  LINK_URL_MAX_LENGTH,
  normalizeUrl,
  UPLOAD_INVALID_LIST_MAX,
} from '@linkwatch/shared';
import type { Db } from '../../db/client.ts';
import { FieldError, notFound } from '../../errors.ts';
import { findProject } from '../projects/projects.queries.ts';
import {
  type BatchRow,
  countSeenItems,
  finishCrawlerImport,
  type ImportRun,
  insertCrawlerImport,
  sweepGoneItems,
  writeImportBatch,
} from './crawlers.queries.ts';

/** One referring page as a file row (or an API answer) gives it. `line` names the row in errors. */
export interface CrawlerRow {
  line: number;
  url: string;
  targetUrl?: string | null;
  anchor?: string | null;
  nofollow?: boolean | null;
  /** YYYY-MM-DD: the date the file gave for the row. */
  seenOn?: string | null;
}

/** Why a row of a file was not imported. */
export type RowProblem = { kind: 'badUrl' } | { kind: 'badDate'; column: string };

/** A row the import skips, named in its answer by its number in the file and what it held. */
export interface SkippedRow {
  line: number;
  value: string;
  skipped: RowProblem;
}

/** What a file gives the import: a row to import, or one to skip. */
export type FileRow = CrawlerRow | SkippedRow;

export interface CrawlerImportParams {
  projectId: number;
  userId: number;
  source: CrawlerSourceId;
  rows: AsyncIterable<FileRow>;
  fileName: string;
  /** What kind of file it was (CRAWLER_FILE_FORMATS), or e.g. `ahrefsApi`. */
  format?: string;
}

export interface CrawlerImportResult {
  id: number;
  rows: number;
  new: number;
  active: number;
  rip: number;
  /** Rows skipped (not imported), and the first UPLOAD_INVALID_LIST_MAX of them. */
  invalidCount: number;
  invalid: SkippedRow[];
}

/** Rows written per statement: one jsonb parameter each, so memory holds one batch, not the file. */
const BATCH = 2000;
const TEXT_MAX = 2000;
const fileError = (key: string, params?: Record<string, string | number>) =>
  new FieldError({ file: { key: `crawlers.upload.${key}`, params } });

const clip = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text.slice(0, TEXT_MAX) : null;
};

/** A row as stored: its page normalised; or, not being an address, skipped. */
function batchRow(row: CrawlerRow): BatchRow | SkippedRow {
  const url = row.url.trim();
  const key = url.length <= LINK_URL_MAX_LENGTH ? normalizeUrl(url) : null;
  if (!key) return { line: row.line, value: url.slice(0, 100), skipped: { kind: 'badUrl' } };
  return {
    url,
    url_key: key,
    target_url: clip(row.targetUrl),
    anchor: clip(row.anchor),
    nofollow: row.nofollow ?? null,
    seen_on: row.seenOn ?? null,
  };
}

/** The 422 for a file none of whose rows could be imported: the first bad row, by number. */
function nothingImported(first: SkippedRow | undefined): FieldError {
  if (!first) return fileError('noLinks');
  const { line: row, value, skipped } = first;
  if (skipped.kind === 'badDate') return fileError('badDate', { row, value, column: skipped.column });
  return fileError('badUrl', { row, value });
}

/**
 * One import of `source` into a project, in one transaction: the rows are read as they come (a file
 * being parsed, or an API being paged) and written in batches; a row that is not an address, or whose
 * date does not read, is skipped and listed, like the link upload's lines. A reading that fails (the
 * file itself unreadable) rolls everything back. Then what the source no longer lists is RIP.
 */
export async function importCrawlerRows(db: Db, params: CrawlerImportParams): Promise<CrawlerImportResult> {
  const project = await findProject(db, { userId: params.userId, id: params.projectId });
  if (!project) throw notFound();
  return db.transaction(async (tx) => {
    const created = await insertCrawlerImport(tx, {
      projectId: params.projectId,
      userId: params.userId,
      source: params.source,
      fileName: params.fileName.slice(0, 255),
      format: params.format ?? 'plain',
    });
    const run: ImportRun = {
      importId: created.id,
      projectId: params.projectId,
      source: params.source,
      now: new Date().toISOString(),
    };
    // One batch is written while the next is read: the database and the parsing overlap.
    let writing: Promise<void> = Promise.resolve();
    const write = async (rows: BatchRow[]) => {
      await writing;
      writing = writeImportBatch(tx, run, rows);
      // Awaited before the next batch or at the end; until then its failure must not go unhandled.
      writing.catch(() => undefined);
    };
    let count = 0;
    let imported = 0;
    const invalid: SkippedRow[] = [];
    let invalidCount = 0;
    const skip = (row: SkippedRow) => {
      invalidCount += 1;
      if (invalid.length < UPLOAD_INVALID_LIST_MAX) invalid.push(row);
    };
    let batch = new Map<string, BatchRow>();
    for await (const row of params.rows) {
      count += 1;
      if (count > CRAWLER_UPLOAD_MAX_ROWS)
        throw fileError('tooManyRows', { max: CRAWLER_UPLOAD_MAX_ROWS.toLocaleString('en-US') });
      const stored = 'skipped' in row ? row : batchRow(row);
      if ('skipped' in stored) {
        skip(stored);
        continue;
      }
      imported += 1;
      batch.set(stored.url_key, stored);
      if (batch.size >= BATCH) {
        await write([...batch.values()]);
        batch = new Map();
      }
    }
    if (imported === 0) throw nothingImported(invalid[0]);
    if (batch.size > 0) await write([...batch.values()]);
    await writing;
    const rip = await sweepGoneItems(tx, run);
    const seen = await countSeenItems(tx, run);
    await finishCrawlerImport(tx, {
      importId: run.importId,
      rows: count,
      added: seen.new,
      active: seen.active,
      rip,
    });
    return { id: run.importId, rows: count, new: seen.new, active: seen.active, rip, invalidCount, invalid };
  });
}
