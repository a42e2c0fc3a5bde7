import {
  LINK_URL_MAX_LENGTH,
  type Locale,
  normalizeUrl,
  type TUploadResult,
  UPLOAD_INVALID_LIST_MAX,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { sql } from 'drizzle-orm';
import { type Db, type Queryable, rawRows } from '../../db/client.ts';
import { links } from '../../db/schema/index.ts';
import { FieldError } from '../../errors.ts';
import { recordLoadLinks } from './load-links.ts';
import type { UploadEntry } from './upload-file.ts';

/**
 * One statement inserts this many URLs, passed as one array parameter: few statements (each also
 * runs the links' statement triggers once), none so large that a chunk's normalising waits long.
 */
export const INSERT_CHUNK = 10_000;

interface UploadTarget {
  id: number;
  userId: number;
  projectId: number;
  tier: number;
}

interface SortedEntries {
  /** How many distinct valid URLs the file holds. */
  urlCount: number;
  repeated: number;
  invalid: { line: number; value: string; reason: string }[];
  invalidCount: number;
}

/**
 * Normalises values a slice at a time; invalid lines are reported, and a URL repeated in the file
 * counts once (in any slice).
 */
function entrySorter(locale: Locale) {
  const seen = new Set<string>();
  const result: SortedEntries = { urlCount: 0, repeated: 0, invalid: [], invalidCount: 0 };
  const reject = (entry: UploadEntry, key: string) => {
    result.invalidCount += 1;
    if (result.invalid.length < UPLOAD_INVALID_LIST_MAX) {
      const reason = translate(locale, `links.upload.${key}`, { max: LINK_URL_MAX_LENGTH });
      result.invalid.push({ line: entry.line, value: entry.value.slice(0, 300), reason });
    }
  };
  /** The new URLs of the slice, in file order. */
  const sort = (entries: UploadEntry[]): string[] => {
    const urls: string[] = [];
    for (const entry of entries) {
      if (entry.value.length > LINK_URL_MAX_LENGTH) {
        reject(entry, 'tooLong');
        continue;
      }
      const url = normalizeUrl(entry.value);
      if (!url) reject(entry, 'invalidUrl');
      else if (seen.has(url)) result.repeated += 1;
      else {
        seen.add(url);
        urls.push(url);
      }
    }
    result.urlCount += urls.length;
    return urls;
  };
  return { sort, result };
}

/** Lets a query just started be written to the database before the next synchronous stretch. */
const handOver = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Inserts what the campaign does not hold yet; the unique (campaign, url) index decides. */
async function insertNewUrls(db: Queryable, target: UploadTarget, urls: string[]): Promise<number> {
  const [row] = await rawRows<{ count: number }>(
    db,
    sql`
    with added as (
      insert into ${links} (user_id, project_id, campaign_id, tier, url)
      select ${target.userId}, ${target.projectId}, ${target.id}, ${target.tier}, unnest(${sql.param(urls)}::text[])
      on conflict (campaign_id, url) do nothing
      returning 1
    ) select count(*)::int as count from added`,
  );
  return row.count;
}

/**
 * The search indexes (trigram GIN) are what an insert pays most for. GIN's "fast update" keeps new
 * entries in a pending list and merges them into the index in bulk, once the list outgrows
 * `gin_pending_list_limit`; raised for the upload's transaction, no merge happens while the customer
 * waits. `mergeSearchEntries` merges them right after the answer (searches scan the pending list
 * until then, so nothing is ever missing from a search).
 */
const UPLOAD_PENDING_LIST_LIMIT = '512MB';
const SEARCH_INDEXES = ['links_url_trgm_idx', 'links_title_trgm_idx'] as const;

export async function mergeSearchEntries(db: Queryable): Promise<void> {
  for (const index of SEARCH_INDEXES)
    await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
}

/**
 * Stores the URLs of an upload in one transaction: a failure half-way stores nothing. While the
 * database inserts one chunk, the next is normalised, so the two cores work at once.
 */
export async function storeUploadedLinks(
  db: Db,
  params: { campaign: UploadTarget; entries: UploadEntry[]; locale: Locale },
): Promise<TUploadResult> {
  const { entries } = params;
  const sorter = entrySorter(params.locale);
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local gin_pending_list_limit = '${UPLOAD_PENDING_LIST_LIMIT}'`));
    let total = 0;
    let pending: Promise<number> | null = null;
    for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
      const urls = sorter.sort(entries.slice(i, i + INSERT_CHUNK));
      if (pending) total += await pending;
      pending = null;
      if (urls.length === 0) continue;
      pending = insertNewUrls(tx, params.campaign, urls);
      // Awaited on the next turn; a failure meanwhile must not count as unhandled.
      pending.catch(() => undefined);
      await handOver();
    }
    if (pending) total += await pending;
    // Nothing valid in the file: the transaction is rolled back (it has inserted nothing anyway).
    if (sorter.result.urlCount === 0) throw new FieldError({ file: 'links.upload.noLinks' });
    const { id: campaignId, userId, projectId, tier } = params.campaign;
    const counts = { total: entries.length, added: total, invalid: sorter.result.invalidCount };
    await recordLoadLinks(tx, { userId, projectId, campaignId, tier, ...counts });
    return total;
  });
  const sorted = sorter.result;
  return {
    campaignId: params.campaign.id,
    total: entries.length,
    added,
    duplicates: sorted.repeated + (sorted.urlCount - added),
    invalidCount: sorted.invalidCount,
    invalid: sorted.invalid,
  };
}
