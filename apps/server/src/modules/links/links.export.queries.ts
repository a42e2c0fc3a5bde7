import { LinkCheckStatus, RobotsStatus } from '@linkwatch/shared';
import { and, asc, gt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Queryable, rawRows } from '../../db/client.ts';
import { backlinks, links } from '../../db/schema/index.ts';
import { qualified } from './links.queries.ts';

/**
 * The statements of the links export (listed in links.queries.ts): the selected links read a chunk at
 * a time by keyset (`id > last`), as records for the XLSX file (export.rows.ts) or as CSV text the
 * database writes (export.csv.ts).
 */

/** Rows read per query: two chunks (one written, the next being read) stay small on a million links. */
export const EXPORT_CHUNK = 2000;

/**
 * A timestamp as `Date#toISOString` writes it (UTC, milliseconds, Z), formatted by the database: a
 * million rows skip parsing two dates each into Date objects only to print them again.
 */
const isoText = (column: PgColumn) =>
  sql<string | null>`to_char(${qualified(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
  createdAt: isoText(links.createdAt),
  dateCheckData: isoText(links.dateCheckData),
  anchors: sql<
    string | null
  >`(select string_agg(distinct ${qualified(backlinks.anchor)}, ' | ') from ${backlinks}
    where ${qualified(backlinks.linkId)} = ${qualified(links.id)} and ${qualified(backlinks.anchor)} <> '')`,
  rels: sql<
    string | null
  >`(select string_agg(distinct ${qualified(backlinks.attribute)}, ', ') from ${backlinks}
    where ${qualified(backlinks.linkId)} = ${qualified(links.id)})`,
};

/** One chunk of the selected links after `lastId`, in id order. */
export const readChunk = (db: Queryable, where: SQL, lastId: number) =>
  db
    .select(exportFields)
    .from(links)
    .where(and(where, gt(links.id, lastId)))
    .orderBy(asc(links.id))
    .limit(EXPORT_CHUNK);

export type ExportRecord = Awaited<ReturnType<typeof readChunk>>[number];

// The CSV the database writes: the cells of export.rows.ts, labelled with the texts of export.csv.ts.

/** A code's label, or the i18n key translate would answer for a code it has no text for. */
const label = (table: string, code: SQL, keyPrefix: string) =>
  sql`coalesce(labels.l -> ${table} ->> ${code}::text, ${keyPrefix} || ${code})`;

/** The values of a chunk's rows, each computed once (the labels looked up, the anchors aggregated). */
function chunkValues(params: { where: SQL; labels: string; lastId: number }): SQL {
  const f = exportFields;
  const group = qualified(links.responseCodeGroup);
  const status = qualified(links.checkStatus);
  const robots = qualified(links.indexingCapabilityId);
  const code = qualified(links.responseCode);
  // notReadReason (packages/shared), in SQL: why a page that answered was not read, for the code cell.
  const unreadAnswer = sql`${status} = ${LinkCheckStatus.Unread} and ${group} is null and ${code} < 400`;
  const verdict = (key: SQL) => sql`replace(labels.l -> 'verdict' ->> ${key}, '{{code}}', ${code}::text)`;
  return sql`select ${qualified(links.id)} as id, ${qualified(links.url)} as url, ${qualified(links.title)} as title,
      case when ${unreadAnswer} and ${robots} is not distinct from ${RobotsStatus.RobotsTxt}
          then labels.l -> 'notRead' ->> 'robotsTxt'
        when ${unreadAnswer} and ${code} = 200 then labels.l -> 'notRead' ->> 'robotsUnreachable'
        else coalesce(${code}::text,
          case when ${group} is not null then ${label('group', group, 'links.responseCodeGroup.')} end) end as code,
      case when ${status} is null then labels.l ->> 'unchecked'
        else coalesce(labels.l -> 'status' ->> ${status}::text, labels.l ->> 'unknownStatus') end as status,
      ${label('indexing', qualified(links.indexing), 'links.indexing.')} as indexing,
      case when ${group} is not null then labels.l -> 'verdict' ->> 'notFetched'
        when ${code} in (404, 410) then ${verdict(sql`'gone' || ${code}`)}
        when ${code} >= 500 then ${verdict(sql`'serverError'`)}
        when ${code} >= 400 then ${verdict(sql`'refused'`)}
        when ${robots} is not null then ${label('robots', robots, 'links.robotsStatus.')} end as robots,
      ${qualified(links.countBacklinks)}::text as backlinks,
      ${f.anchors} as anchors, ${f.rels} as rels, ${qualified(links.comment)} as comment,
      ${f.createdAt} as created, ${f.dateCheckData} as checked
    from ${links} cross join (select ${params.labels}::jsonb as l) labels
    where ${and(params.where, gt(links.id, params.lastId))}
    order by ${qualified(links.id)} limit ${EXPORT_CHUNK}`;
}

/**
 * One value as csv-stringify writes it after `escapeCell`: null is empty, a text starting like a formula
 * gets a leading quote, and a text with a comma, a double quote, CR or LF is quoted, its quotes doubled.
 * Numbers (`code` when it is one, `backlinks`) go through unchanged: they never start or contain those.
 */
function csvCell(name: string): SQL {
  const value = sql.identifier(name);
  const escaped = sql`(case when left(${value}, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || ${value} else ${value} end)`;
  return sql`case when ${value} is null then ''
    when ${value} ~ '[,"\r\n]' then '"' || replace(${escaped}, '"', '""') || '"'
    else ${escaped} end`;
}

const CELLS = [
  'url',
  'title',
  'code',
  'status',
  'indexing',
  'robots',
  'backlinks',
  'anchors',
  'rels',
  'comment',
  'created',
  'checked',
];
const csvLine = sql`${sql.join(CELLS.map(csvCell), sql` || ',' || `)} || E'\n'`;

/**
 * Lines per string the database sends: a few tens of KB, small enough to stay in V8's young generation
 * (a chunk's 2,000 lines in one string of ~300 KB would be a large object, left for a full collection).
 */
const LINES_PER_PART = 250;

/** One chunk of links after `lastId`, in id order, as parts of CSV text, with the last id read. */
export async function readCsvChunk(db: Queryable, params: { where: SQL; labels: string; lastId: number }) {
  const parts = await rawRows<{ lastId: number; rows: number; text: string }>(
    db,
    sql`select max(id)::float8 as "lastId", count(*)::int as rows, string_agg(line, '' order by id) as text
      from (select id, ${csvLine} as line, (row_number() over (order by id) - 1) / ${LINES_PER_PART} as part
        from (${chunkValues(params)}) page) lines
      group by part order by part`,
  );
  return {
    parts: parts.map((part) => part.text),
    rows: parts.reduce((sum, part) => sum + part.rows, 0),
    lastId: parts.at(-1)?.lastId ?? null,
  };
}
