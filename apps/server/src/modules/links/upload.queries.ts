import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { eq, lt, sql } from 'drizzle-orm';
import { type Db, type Queryable, rawRows } from '../../db/client.ts';
import { actions, links, linkUploads } from '../../db/schema/index.ts';

/** The statements of an upload (listed in links.queries.ts): its steps, its lease, and its task. */

/** The campaign an upload adds to. */
export interface UploadTarget {
  id: number;
  userId: number;
  projectId: number;
  tier: number;
}

/**
 * Who uploads (issue 27): `actorId` is the person, the owner or a member, recorded on each link as
 * `added_by` and on the upload and its task as their actor, as every task started by a person is.
 */
export interface UploadActor {
  actorId: number;
  isOwner: boolean;
}

const taskActor = (actor: UploadActor) => actor.actorId;

/** Each step of an upload renews its lease this far; a lease run out means its process died. */
const UPLOAD_LEASE = '2 minutes';

/**
 * The search indexes (trigram GIN) are what an insert pays most for. GIN's "fast update" keeps new
 * entries in a pending list and merges them into the index in bulk, once the list outgrows
 * `gin_pending_list_limit`; raised for each step of an upload, no merge happens while the customer
 * waits. On PostgreSQL `mergeSearchEntries` merges them right after the answer (searches scan the
 * pending list until then, so nothing is ever missing from a search). On the embedded database, which
 * runs one statement at a time, merging 100,000 URLs' entries at once would hold it for seconds: each
 * step merges its own entries instead (`mergeEachStep`), a few milliseconds each.
 */
const UPLOAD_PENDING_LIST_LIMIT = '512MB';
const SEARCH_INDEXES = ['links_url_trgm_idx', 'links_title_trgm_idx'] as const;

export async function mergeSearchEntries(db: Queryable): Promise<void> {
  for (const index of SEARCH_INDEXES)
    await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
}

export async function startUpload(
  db: Queryable,
  params: { target: UploadTarget; actor: UploadActor },
): Promise<number> {
  const { target } = params;
  const [row] = await db
    .insert(linkUploads)
    .values({
      userId: target.userId,
      campaignId: target.id,
      actorId: taskActor(params.actor),
      aliveUntil: sql`now() + ${UPLOAD_LEASE}::interval`,
    })
    .returning({ id: linkUploads.id });
  return row.id;
}

/**
 * One step: the URLs the campaign does not hold yet, marked with the upload (the unique (campaign,
 * url) index decides), in a transaction of their own. Answers how many were added.
 */
export function insertUploadStep(
  db: Db,
  params: {
    target: UploadTarget;
    actor: UploadActor;
    uploadId: number;
    urls: string[];
    mergeEachStep: boolean;
  },
): Promise<number> {
  const { target, uploadId, urls } = params;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local gin_pending_list_limit = '${UPLOAD_PENDING_LIST_LIMIT}'`));
    const [row] = await rawRows<{ count: number }>(
      tx,
      sql`
      with added as (
        insert into ${links} (user_id, project_id, campaign_id, tier, url, upload_id, added_by)
        select ${target.userId}, ${target.projectId}, ${target.id}, ${target.tier}, unnest(${sql.param(urls)}::text[]),
          ${uploadId}, ${params.actor.actorId}
        on conflict (campaign_id, url) do nothing
        returning 1
      ) select count(*)::int as count from added`,
    );
    await tx
      .update(linkUploads)
      .set({ aliveUntil: sql`now() + ${UPLOAD_LEASE}::interval` })
      .where(eq(linkUploads.id, uploadId));
    if (params.mergeEachStep) await mergeSearchEntries(tx);
    return row.count;
  });
}

/** The last step: the upload is over, what it added stays. */
export async function finishUpload(db: Queryable, uploadId: number): Promise<void> {
  await db.delete(linkUploads).where(eq(linkUploads.id, uploadId));
}

/** Links deleted by one statement of a discard: short, like an upload's steps. */
const DISCARD_STEP = 2_000;

/** Deletes what an upload added, a step at a time, then the upload itself. */
export async function discardUpload(
  db: Queryable,
  upload: { id: number; campaignId: number },
): Promise<void> {
  for (;;) {
    const deleted = await rawRows<{ id: number }>(
      db,
      sql`delete from ${links} where ${links.id} in (
        select ${links.id} from ${links}
        where ${links.campaignId} = ${upload.campaignId} and ${links.uploadId} = ${upload.id}
        limit ${DISCARD_STEP}
      ) returning ${links.id}`,
    );
    if (deleted.length < DISCARD_STEP) break;
  }
  await finishUpload(db, upload.id);
}

/** Uploads whose process died mid-way (their lease ran out): what they added is deleted. */
export async function sweepAbandonedUploads(db: Queryable): Promise<number> {
  const abandoned = await db
    .select({ id: linkUploads.id, campaignId: linkUploads.campaignId })
    .from(linkUploads)
    .where(lt(linkUploads.aliveUntil, sql`now()`));
  for (const upload of abandoned) await discardUpload(db, upload);
  return abandoned.length;
}

/**
 * Action 5 (load links): an upload is stored in one request, so it is recorded as a finished, free task
 * in the same transaction, and shows in the tasks list like any other work done on the user's links.
 */
export async function recordLoadLinks(
  db: Queryable,
  params: {
    userId: number;
    projectId: number;
    campaignId: number;
    tier: number;
    actor: UploadActor;
    total: number;
    added: number;
    invalid: number;
  },
) {
  const now = new Date();
  await db.insert(actions).values({
    userId: params.userId,
    actorId: taskActor(params.actor),
    actionId: ActionCode.LoadLinks,
    statusId: TaskStatus.Done,
    projectId: params.projectId,
    campaignId: params.campaignId,
    tier: params.tier,
    totalCount: params.total,
    currentCount: params.total,
    successCount: params.added,
    errorCount: params.invalid,
    totalErrorCount: params.invalid,
    startedAt: now,
    finishedAt: now,
  });
}
