import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';

/** What the IndexNow key needs of a project. */
export interface ProjectKeyRow {
  id: number;
  mainDomain: string;
  indexNowKey: string | null;
  indexNowVerifiedAt: Date | null;
}

// The key is not an edit of the project by its user: its updated_at stays as it was.
const unchanged = { updatedAt: sql`${projects.updatedAt}` };

const keyColumns = {
  id: projects.id,
  mainDomain: projects.mainDomain,
  indexNowKey: projects.indexNowKey,
  indexNowVerifiedAt: projects.indexNowVerifiedAt,
};

/** The user's project, or undefined when it is someone else's or gone. */
export async function findOwnedProjectKey(
  db: Queryable,
  params: { userId: number; projectId: number },
): Promise<ProjectKeyRow | undefined> {
  const [row] = await db
    .select(keyColumns)
    .from(projects)
    .where(and(eq(projects.id, params.projectId), eq(projects.userId, params.userId)));
  return row;
}

/** Any user's project: for a task, whose owner was checked when it started. */
export async function findProjectKey(db: Queryable, projectId: number): Promise<ProjectKeyRow | undefined> {
  const [row] = await db.select(keyColumns).from(projects).where(eq(projects.id, projectId));
  return row;
}

/**
 * Stores `key` unless the project has one already, and answers the key the project ends up with:
 * of two first reads at once, both answer the key of the one whose update came first.
 */
export async function storeKeyUnlessSet(
  db: Queryable,
  params: { projectId: number; key: string },
): Promise<string | null> {
  await db
    .update(projects)
    .set({ indexNowKey: params.key, ...unchanged })
    .where(and(eq(projects.id, params.projectId), isNull(projects.indexNowKey)));
  const [row] = await db
    .select({ key: projects.indexNowKey })
    .from(projects)
    .where(eq(projects.id, params.projectId));
  return row?.key ?? null;
}

/** When the key file was found (null: it was not, the next submission checks again). */
export async function setVerifiedAt(
  db: Queryable,
  params: { projectId: number; verifiedAt: Date | null },
): Promise<void> {
  await db
    .update(projects)
    .set({ indexNowVerifiedAt: params.verifiedAt, ...unchanged })
    .where(eq(projects.id, params.projectId));
}
