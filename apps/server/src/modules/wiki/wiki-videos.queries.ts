import { count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import { wikiVideoFiles, wikiVideos } from '../../db/schema/index.ts';
import type { VideoRow } from './wiki.queries.ts';

/**
 * The wiki's videos as operators manage them, and their uploaded files (issue 30). Videos are the
 * product's own content: these statements are reached through admin-only routes, and the public ones
 * (`GET video/{id}`, a file's bytes) read nothing a reader could not see on a published page anyway.
 */

export type VideoFileInfo = Omit<typeof wikiVideoFiles.$inferSelect, 'bytes'>;

const fileInfoColumns = {
  id: wikiVideoFiles.id,
  mime: wikiVideoFiles.mime,
  size: wikiVideoFiles.size,
  sha256: wikiVideoFiles.sha256,
  createdBy: wikiVideoFiles.createdBy,
  createdAt: wikiVideoFiles.createdAt,
};

export async function listVideos(
  db: Queryable,
  q: { page: { number: number; size: number }; search?: string },
) {
  const where = q.search ? ilike(wikiVideos.title, `%${escapeLike(q.search)}%`) : undefined;
  const rows = await paginate(
    db.select().from(wikiVideos).where(where).orderBy(desc(wikiVideos.id)).$dynamic(),
    q.page,
  );
  const [total] = await db.select({ n: count() }).from(wikiVideos).where(where);
  return { rows: rows as VideoRow[], total: total?.n ?? 0 };
}

export async function lockVideo(db: Queryable, id: number): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(wikiVideos).where(eq(wikiVideos.id, id)).for('update');
  return row;
}

export async function updateVideo(
  db: Queryable,
  id: number,
  values: Partial<typeof wikiVideos.$inferInsert>,
): Promise<VideoRow> {
  const [row] = await db.update(wikiVideos).set(values).where(eq(wikiVideos.id, id)).returning();
  return row;
}

export async function deleteVideo(db: Queryable, id: number) {
  await db.delete(wikiVideos).where(eq(wikiVideos.id, id));
}

export async function insertVideoFile(
  db: Queryable,
  values: typeof wikiVideoFiles.$inferInsert,
): Promise<VideoFileInfo> {
  const [row] = await db.insert(wikiVideoFiles).values(values).returning(fileInfoColumns);
  return row;
}

export async function findVideoFile(db: Queryable, id: number): Promise<VideoFileInfo | undefined> {
  const [row] = await db.select(fileInfoColumns).from(wikiVideoFiles).where(eq(wikiVideoFiles.id, id));
  return row;
}

/**
 * `length` bytes of a file from byte `start` (0-based). The column is stored uncompressed out of line
 * (migration 0041), so the database reads only the chunks that hold the slice.
 */
export async function videoFileSlice(
  db: Queryable,
  { id, start, length }: { id: number; start: number; length: number },
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: sql<Uint8Array>`substring(${wikiVideoFiles.bytes} from ${start + 1} for ${length})` })
    .from(wikiVideoFiles)
    .where(eq(wikiVideoFiles.id, id));
  if (!row) return undefined;
  const bytes = row.bytes;
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A file no video uses any more (its video was deleted or given another file) is deleted with it. */
export async function deleteVideoFileIfUnused(db: Queryable, fileId: number) {
  await db
    .delete(wikiVideoFiles)
    .where(
      sql`${wikiVideoFiles.id} = ${fileId} AND NOT EXISTS (SELECT 1 FROM ${wikiVideos} WHERE ${wikiVideos.fileId} = ${fileId})`,
    );
}
