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

/** One statement inserts this many URLs, passed as one array parameter. */
const INSERT_CHUNK = 5000;

interface UploadTarget {
  id: number;
  userId: number;
  projectId: number;
  tier: number;
}

interface SortedEntries {
  urls: string[];
  repeated: number;
  invalid: { line: number; value: string; reason: string }[];
  invalidCount: number;
}

/** Normalises every value; invalid lines are reported, and a URL repeated in the file counts once. */
function sortEntries(entries: UploadEntry[], locale: Locale): SortedEntries {
  const seen = new Set<string>();
  const result: SortedEntries = { urls: [], repeated: 0, invalid: [], invalidCount: 0 };
  const reject = (entry: UploadEntry, key: string) => {
    result.invalidCount += 1;
    if (result.invalid.length < UPLOAD_INVALID_LIST_MAX) {
      const reason = translate(locale, `links.upload.${key}`, { max: LINK_URL_MAX_LENGTH });
      result.invalid.push({ line: entry.line, value: entry.value.slice(0, 300), reason });
    }
  };
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
      result.urls.push(url);
    }
  }
  return result;
}

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

/** Stores the URLs of an upload in one transaction: a failure half-way stores nothing. */
export async function storeUploadedLinks(
  db: Db,
  params: { campaign: UploadTarget; entries: UploadEntry[]; locale: Locale },
): Promise<TUploadResult> {
  const sorted = sortEntries(params.entries, params.locale);
  if (sorted.urls.length === 0) throw new FieldError({ file: 'links.upload.noLinks' });
  const added = await db.transaction(async (tx) => {
    let total = 0;
    for (let i = 0; i < sorted.urls.length; i += INSERT_CHUNK) {
      total += await insertNewUrls(tx, params.campaign, sorted.urls.slice(i, i + INSERT_CHUNK));
    }
    const { id: campaignId, userId, projectId, tier } = params.campaign;
    const counts = { total: params.entries.length, added: total, invalid: sorted.invalidCount };
    await recordLoadLinks(tx, { userId, projectId, campaignId, tier, ...counts });
    return total;
  });
  return {
    campaignId: params.campaign.id,
    total: params.entries.length,
    added,
    duplicates: sorted.repeated + (sorted.urls.length - added),
    invalidCount: sorted.invalidCount,
    invalid: sorted.invalid,
  };
}
