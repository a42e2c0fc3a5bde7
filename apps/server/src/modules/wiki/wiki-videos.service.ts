import { type TAdminVideoInput, type TAdminVideoListQuery, WIKI_VIDEO_TYPES } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { FieldError, notFound } from '../../errors.ts';
import { insertAudit } from '../admin/admin.queries.ts';
import { imageExists, insertVideo, type VideoRow } from './wiki.queries.ts';
import { checkedUpload } from './wiki-upload.ts';
import {
  deleteVideo,
  deleteVideoFileIfUnused,
  findVideoFile,
  insertVideoFile,
  listVideos,
  lockVideo,
  updateVideo,
  videoFileSlice,
} from './wiki-videos.queries.ts';

/** The wiki's videos as operators write them (issue 30); every change is an audit row in its transaction. */

export async function adminVideos(ctx: AppContext, q: TAdminVideoListQuery) {
  return listVideos(ctx.db, q);
}

/** The largest upload, in whole megabytes, as the error names it. */
export const videoMaxMb = (ctx: AppContext) =>
  Math.round((ctx.config.wiki.videoMaxBytes / 2 ** 20) * 10) / 10;

export const videoTooLarge = (ctx: AppContext) =>
  new FieldError({ file: { key: 'wiki.errors.videoTooLarge', params: { max: videoMaxMb(ctx) } } });

/** An uploaded video must be an MP4 or WebM by its bytes (not its name or claimed type), within the limit. */
export async function uploadVideoFile(
  ctx: AppContext,
  actorId: number,
  file: { content: Buffer } | undefined,
) {
  const checked = await checkedUpload(file, {
    maxBytes: ctx.config.wiki.videoMaxBytes,
    tooLarge: () => videoTooLarge(ctx),
    types: WIKI_VIDEO_TYPES,
    typeError: 'wiki.errors.videoType',
  });
  return ctx.db.transaction(async (tx) => {
    const row = await insertVideoFile(tx, { ...checked, createdBy: actorId });
    await insertAudit(tx, {
      actorId,
      kind: 'video.file',
      subject: String(row.id),
      after: { mime: row.mime, size: row.size },
    });
    return row;
  });
}

/** A file's type, size and fingerprint (not its bytes). */
export async function videoFile(ctx: AppContext, id: number) {
  const found = await findVideoFile(ctx.db, id);
  if (!found) throw notFound();
  return found;
}

export async function videoFileBytes(ctx: AppContext, slice: { id: number; start: number; length: number }) {
  const bytes = await videoFileSlice(ctx.db, slice);
  if (!bytes) throw notFound();
  return bytes;
}

/** The row's values from an operator's input, after checking what it points at exists. */
async function videoValues(ctx: AppContext, input: TAdminVideoInput) {
  const file = input.provider === 'file';
  if (file && !input.fileId && !input.fileUrl) throw new FieldError({ fileId: 'validation.required' });
  if (!file && !input.externalId) throw new FieldError({ externalId: 'validation.required' });
  if (file && input.fileId && !(await findVideoFile(ctx.db, input.fileId)))
    throw new FieldError({ fileId: 'validation.invalid' });
  if (input.posterImageId && !(await imageExists(ctx.db, input.posterImageId)))
    throw new FieldError({ posterImageId: 'validation.invalid' });
  return {
    title: input.title,
    description: input.description ?? '',
    provider: input.provider,
    externalId: file ? null : (input.externalId ?? null),
    fileId: file ? (input.fileId ?? null) : null,
    fileUrl: file && !input.fileId ? (input.fileUrl ?? null) : null,
    posterImageId: input.posterImageId ?? null,
    duration: input.duration ?? null,
  };
}

const auditView = (row: VideoRow) => ({
  title: row.title,
  provider: row.provider,
  externalId: row.externalId,
  fileId: row.fileId,
  posterImageId: row.posterImageId,
  duration: row.duration,
});

export async function createVideo(ctx: AppContext, actorId: number, input: TAdminVideoInput) {
  const values = await videoValues(ctx, input);
  return ctx.db.transaction(async (tx) => {
    const row = await insertVideo(tx, { ...values, createdBy: actorId, updatedBy: actorId });
    await insertAudit(tx, { actorId, kind: 'video.create', subject: String(row.id), after: auditView(row) });
    return row;
  });
}

export async function changeVideo(ctx: AppContext, actorId: number, id: number, input: TAdminVideoInput) {
  const values = await videoValues(ctx, input);
  return ctx.db.transaction(async (tx) => {
    const before = await lockVideo(tx, id);
    if (!before) throw notFound();
    const row = await updateVideo(tx, id, { ...values, updatedBy: actorId });
    await insertAudit(tx, {
      actorId,
      kind: 'video.update',
      subject: String(id),
      before: auditView(before),
      after: auditView(row),
    });
    if (before.fileId !== null && before.fileId !== row.fileId)
      await deleteVideoFileIfUnused(tx, before.fileId);
    return row;
  });
}

/** A deleted video leaves its articles' embed lines rendering nothing; its file goes with it. */
export async function removeVideo(ctx: AppContext, actorId: number, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockVideo(tx, id);
    if (!before) throw notFound();
    await deleteVideo(tx, id);
    await insertAudit(tx, { actorId, kind: 'video.delete', subject: String(id), before: auditView(before) });
    if (before.fileId !== null) await deleteVideoFileIfUnused(tx, before.fileId);
  });
}
