import { LinkCheckStatus, type Locale, RobotsStatus } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { and, gt, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rawRows } from '../../db/client.ts';
import { links } from '../../db/schema/index.ts';
import { csvRows } from '../../lib/spreadsheet.ts';
import { EXPORT_CHUNK, exportFields, exportHeader, rowTexts } from './export.rows.ts';
import { qualified } from './links.filters.ts';

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
async function readCsvChunk(db: Queryable, params: { where: SQL; labels: string; lastId: number }) {
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
