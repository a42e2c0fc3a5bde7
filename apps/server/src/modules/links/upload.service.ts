import {
  LINK_URL_MAX_LENGTH,
  type Locale,
  normalizeUrl,
  rules,
  type TUploadResult,
  UPLOAD_INVALID_LIST_MAX,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../errors.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { refreshDeadFeedsOf } from '../tiers/dead-feeds.ts';
import {
  discardUpload,
  finishUpload,
  insertUploadStep,
  mergeSearchEntries,
  recordLoadLinks,
  startUpload,
  sweepAbandonedUploads,
  type UploadActor,
  type UploadTarget,
} from './upload.queries.ts';
import { readUploadFile, type UploadEntry, withoutHeader } from './upload-file.ts';

/**
 * An upload adds its links in steps, each a transaction of its own: on the embedded database (one
 * connection) another user's statement waits for one step at most, not for the whole file; a call of
 * a few statements, for a few. A step's size follows how long the last one took, aiming at STEP_MS:
 * PostgreSQL takes thousands of URLs in that time, PGlite a hundred or two.
 */
const STEP_MS = 50;
const STEP_MIN = 100;
const STEP_MAX = 10_000;
/**
 * The first step is the smallest: a server's first insert into links pays for its triggers and plans
 * (over a second for 1,000 URLs on PGlite). A step at most doubles the last one, so one lucky quick
 * step does not make the next a long one.
 */
export const UPLOAD_FIRST_STEP = STEP_MIN;

const nextStepSize = (size: number, elapsedMs: number) =>
  Math.round(Math.min(STEP_MAX, size * 2, Math.max(STEP_MIN, (size * STEP_MS) / Math.max(elapsedMs, 1))));

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

/**
 * Stores the URLs of an upload, whole or not at all: the steps' links carry the upload's id until the
 * last, short transaction records the task and ends the upload; a failure deletes what the steps added
 * (and so does the sweep, for a process that died mid-way). The campaign's owner sees its links arrive
 * meanwhile; nobody else reads them. While the database inserts one step, the next is normalised.
 */
export async function storeUploadedLinks(
  db: Db,
  params: {
    campaign: UploadTarget;
    /** Who uploads: recorded on the links and the task. */
    actor: UploadActor;
    entries: UploadEntry[];
    locale: Locale;
    /** The database runs one statement at a time (the embedded one): no long statement, even after. */
    oneAtATime?: boolean;
  },
): Promise<TUploadResult> {
  const { entries, campaign, actor } = params;
  const sorter = entrySorter(params.locale);
  await sweepAbandonedUploads(db);
  const uploadId = await startUpload(db, { target: campaign, actor });
  let added = 0;
  let size = UPLOAD_FIRST_STEP;
  /** A step under way; when it ends, the next step's size follows from how long it took. */
  const step = (urls: string[]) => {
    const started = performance.now();
    const mergeEachStep = params.oneAtATime ?? false;
    const inserted = insertUploadStep(db, { target: campaign, actor, uploadId, urls, mergeEachStep }).then(
      (count) => {
        size = nextStepSize(urls.length, performance.now() - started);
        return count;
      },
    );
    // Awaited on the next turn; a failure meanwhile must not count as unhandled.
    inserted.catch(() => undefined);
    return inserted;
  };
  try {
    let pending: Promise<number> | null = null;
    for (let at = 0; at < entries.length; ) {
      const urls = sorter.sort(entries.slice(at, at + size));
      at += size;
      if (pending) added += await pending;
      pending = urls.length > 0 ? step(urls) : null;
      await handOver();
    }
    if (pending) added += await pending;
    // Nothing valid in the file: nothing was inserted, and the upload is dropped.
    if (sorter.result.urlCount === 0) throw new FieldError({ file: 'links.upload.noLinks' });
    const { id: campaignId, userId, projectId, tier } = campaign;
    const counts = { total: entries.length, added, invalid: sorter.result.invalidCount };
    await db.transaction(async (tx) => {
      await recordLoadLinks(tx, { userId, projectId, campaignId, tier, actor, ...counts });
      await finishUpload(tx, uploadId);
    });
  } catch (error) {
    await discardUpload(db, { id: uploadId, campaignId: campaign.id });
    throw error;
  }
  // New tier 1 pages may be what flagged tier 2 links point to (issue 31): their flags follow now.
  if (added > 0) await refreshDeadFeedsOf(db, [campaign.projectId]);
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

/** The fields of an upload's form, as they came. */
export interface UploadForm {
  campaign?: string;
  file?: { filename: string; content: Buffer };
}

/**
 * `POST links/upload`: the form's campaign must be one of the user's, and its file readable; answers
 * the campaign and what was stored, with the first line when it was skipped as a header.
 */
export async function uploadLinks(
  ctx: AppContext,
  params: { userId: number; actor: UploadActor; form: UploadForm; locale: Locale; log: FastifyBaseLogger },
) {
  const { form } = params;
  if (!form.campaign) throw new FieldError({ campaign: 'validation.required' });
  const id = rules.id('validation.invalid').safeParse(form.campaign);
  const found = id.success ? await findCampaign(ctx.db, { userId: params.userId, id: id.data }) : undefined;
  if (!found) throw new FieldError({ campaign: 'validation.invalid' });
  if (!form.file) throw new FieldError({ file: 'links.upload.missingFile' });

  const { header, entries } = withoutHeader(await readUploadFile(form.file));
  // No DATABASE_URL: the embedded database, one statement at a time.
  const oneAtATime = !ctx.config.databaseUrl;
  const result = await storeUploadedLinks(ctx.db, {
    campaign: found.campaign,
    actor: params.actor,
    entries,
    locale: params.locale,
    oneAtATime,
  });
  if (!oneAtATime)
    mergeSearchEntries(ctx.db).catch((error) => params.log.warn({ err: error }, 'search index merge failed'));
  return { campaignId: found.campaign.id, uploaded: { ...result, header } };
}
