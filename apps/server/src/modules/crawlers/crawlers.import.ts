import {
  CRAWLER_STATUS,
  CRAWLER_UPLOAD_MAX_ROWS,
  type CrawlerSourceId,
  LINK_URL_MAX_LENGTH,
  normalizeUrl,
  UPLOAD_INVALID_LIST_MAX,
} from '@linkwatch/shared';
import { sql } from 'drizzle-orm';
import { type Db, rawRows, type Tx } from '../../db/client.ts';
import { crawlerImports } from '../../db/schema/index.ts';
import { FieldError, notFound } from '../../errors.ts';
import { findProject } from '../projects/projects.queries.ts';

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
/** The status codes as SQL literals (constants, so no parameter whose type PostgreSQL must guess). */
const STATUS = {
  new: sql.raw(String(CRAWLER_STATUS.New)),
  active: sql.raw(String(CRAWLER_STATUS.Active)),
  rip: sql.raw(String(CRAWLER_STATUS.Rip)),
};

const fileError = (key: string, params?: Record<string, string | number>) =>
  new FieldError({ file: { key: `crawlers.upload.${key}`, params } });

const clip = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text.slice(0, TEXT_MAX) : null;
};

interface BatchRow {
  url: string;
  url_key: string;
  target_url: string | null;
  anchor: string | null;
  nofollow: boolean | null;
  seen_on: string | null;
}

interface ImportRun {
  tx: Tx;
  importId: number;
  projectId: number;
  source: number;
  now: string;
}

/**
 * One batch: its new referring pages, then one item per page for this source. A page with no item of
 * the source becomes New; an item seen again becomes Active (an RIP one loses its removedAt); an item
 * this import already wrote keeps its status (a page repeated in the file). An item's first sight is
 * its `first_seen_at`; its later changes are events: here the RIP items seen again, found before the
 * upsert (every part of a statement reads the same snapshot). Pages and RIP items are found by one
 * index probe each (a lateral `limit 1`, which the planner does not flatten into a join): a hash over
 * the project's rows would read all of them in every batch.
 */
async function writeBatch(run: ImportRun, batch: BatchRow[]): Promise<void> {
  const { tx, importId, projectId, source, now } = run;
  await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as v(url text, url_key text, target_url text, anchor text, nofollow boolean, seen_on date)
    ),
    added_links as (
      insert into crawler_links (project_id, url, url_key)
      select ${projectId}::int, url, url_key from v
      on conflict (project_id, url_key) do nothing
      returning id, url_key
    ),
    l as materialized (
      select id, url_key from added_links
      union all
      select x.id, x.url_key from v cross join lateral (
        select cl.id, cl.url_key from crawler_links cl
        where cl.project_id = ${projectId}::int and cl.url_key = v.url_key limit 1
      ) x
    ),
    revived as (
      select x.id from l cross join lateral (
        select i.id from crawler_items i
        where i.crawler_link_id = l.id and i.source = ${source}::int and i.status = ${STATUS.rip}
          and i.last_import_id is distinct from ${importId}::int limit 1
      ) x
    ),
    up as (
      insert into crawler_items as i (project_id, crawler_link_id, source, status, first_seen_at,
        last_seen_at, target_url, anchor, nofollow, seen_on, last_import_id)
      select ${projectId}::int, l.id, ${source}::int, ${STATUS.new}, ${now}::timestamptz, ${now}::timestamptz,
        v.target_url, v.anchor, v.nofollow, v.seen_on, ${importId}::int
      from v join l on l.url_key = v.url_key
      on conflict (crawler_link_id, source) do update set
        status = case when i.last_import_id = ${importId}::int then i.status else ${STATUS.active} end,
        removed_at = null,
        last_seen_at = excluded.last_seen_at,
        target_url = coalesce(excluded.target_url, i.target_url),
        anchor = coalesce(excluded.anchor, i.anchor),
        nofollow = coalesce(excluded.nofollow, i.nofollow),
        seen_on = coalesce(excluded.seen_on, i.seen_on),
        last_import_id = excluded.last_import_id
      returning i.id
    )
    insert into crawler_item_events (item_id, project_id, source, import_id, status, at)
    select id, ${projectId}::int, ${source}::int, ${importId}::int, ${STATUS.active}, ${now}::timestamptz
    from revived`);
}

/** Items of the source this import did not mention, and not RIP yet, are RIP now. */
async function sweepGone(run: ImportRun): Promise<number> {
  const { tx, importId, projectId, source, now } = run;
  const [row] = await rawRows<{ count: number }>(
    tx,
    sql`
    with gone as (
      update crawler_items set status = ${STATUS.rip}, removed_at = ${now}::timestamptz
      where project_id = ${projectId}::int and source = ${source}::int and status <> ${STATUS.rip}
        and last_import_id is distinct from ${importId}::int
      returning id
    ),
    logged as (
      insert into crawler_item_events (item_id, project_id, source, import_id, status, at)
      select id, ${projectId}::int, ${source}::int, ${importId}::int, ${STATUS.rip}, ${now}::timestamptz from gone
      returning 1
    )
    select count(*)::int as count from logged`,
  );
  return row.count;
}

async function countSeen(run: ImportRun) {
  const [row] = await rawRows<{ new: number; active: number }>(
    run.tx,
    sql`
    select count(*) filter (where status = ${STATUS.new})::int as new,
           count(*) filter (where status = ${STATUS.active})::int as active
    from crawler_items
    where project_id = ${run.projectId}::int and source = ${run.source}::int and last_import_id = ${run.importId}::int`,
  );
  return row;
}

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
    const [created] = await tx
      .insert(crawlerImports)
      .values({
        projectId: params.projectId,
        userId: params.userId,
        source: params.source,
        fileName: params.fileName.slice(0, 255),
        format: params.format ?? 'plain',
      })
      .returning({ id: crawlerImports.id });
    const run: ImportRun = {
      tx,
      importId: created.id,
      projectId: params.projectId,
      source: params.source,
      now: new Date().toISOString(),
    };
    // One batch is written while the next is read: the database and the parsing overlap.
    let writing: Promise<void> = Promise.resolve();
    const write = async (rows: BatchRow[]) => {
      await writing;
      writing = writeBatch(run, rows);
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
    const rip = await sweepGone(run);
    const seen = await countSeen(run);
    await tx
      .update(crawlerImports)
      .set({ rows: count, added: seen.new, active: seen.active, rip })
      .where(sql`${crawlerImports.id} = ${run.importId}::int`);
    return { id: run.importId, rows: count, new: seen.new, active: seen.active, rip, invalidCount, invalid };
  });
}
