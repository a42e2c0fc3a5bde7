import type { DisavowEntryKind, LinkFilters } from '@linkwatch/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { jsonRows } from '../../db/bulk.ts';
import { type Queryable, rawRows, type Tx } from '../../db/client.ts';
import { disavowEntries, disavowVersions, domains, links, projects, users } from '../../db/schema/index.ts';
import { selectionWhere } from '../links/links.selection.ts';

export type DisavowVersion = typeof disavowVersions.$inferSelect & { actorName: string | null };
export type DisavowEntryRow = { kind: DisavowEntryKind; value: string; reason: string; addedAt: Date };

/** The account's project; with `lock`, held until the transaction ends, so two changes number in turn. */
export async function findProject(db: Queryable, params: { userId: number; id: number; lock?: boolean }) {
  const query = db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, params.id), eq(projects.userId, params.userId)));
  const [project] = params.lock ? await query.for('update') : await query;
  return project;
}

const versionColumns = {
  id: disavowVersions.id,
  userId: disavowVersions.userId,
  projectId: disavowVersions.projectId,
  number: disavowVersions.number,
  reason: disavowVersions.reason,
  actorId: disavowVersions.actorId,
  domainCount: disavowVersions.domainCount,
  urlCount: disavowVersions.urlCount,
  addedCount: disavowVersions.addedCount,
  removedCount: disavowVersions.removedCount,
  createdAt: disavowVersions.createdAt,
  actorName: users.name,
};

const ofProject = (params: { userId: number; projectId: number }) =>
  and(eq(disavowVersions.userId, params.userId), eq(disavowVersions.projectId, params.projectId));

/** The project's versions, newest first, with who made each. */
export function listVersions(db: Queryable, params: { userId: number; projectId: number }) {
  return db
    .select(versionColumns)
    .from(disavowVersions)
    .leftJoin(users, eq(users.id, disavowVersions.actorId))
    .where(ofProject(params))
    .orderBy(desc(disavowVersions.number));
}

/** One version by its number (the latest when no number is given). */
export async function findVersion(
  db: Queryable,
  params: { userId: number; projectId: number; number?: number },
): Promise<DisavowVersion | undefined> {
  const [version] = await db
    .select(versionColumns)
    .from(disavowVersions)
    .leftJoin(users, eq(users.id, disavowVersions.actorId))
    .where(
      and(
        ofProject(params),
        params.number !== undefined ? eq(disavowVersions.number, params.number) : undefined,
      ),
    )
    .orderBy(desc(disavowVersions.number))
    .limit(1);
  return version;
}

export function entriesOf(db: Queryable, versionId: number): Promise<DisavowEntryRow[]> {
  return db
    .select({
      kind: sql<DisavowEntryKind>`${disavowEntries.kind}`,
      value: disavowEntries.value,
      reason: disavowEntries.reason,
      addedAt: disavowEntries.addedAt,
    })
    .from(disavowEntries)
    .where(eq(disavowEntries.versionId, versionId))
    .orderBy(asc(disavowEntries.addedAt), asc(disavowEntries.kind), asc(disavowEntries.value));
}

export async function insertVersion(
  tx: Tx,
  values: Omit<typeof disavowVersions.$inferInsert, 'id' | 'createdAt'>,
  entries: readonly DisavowEntryRow[],
) {
  const [version] = await tx.insert(disavowVersions).values(values).returning();
  if (entries.length === 0) return version;
  const rows = entries.map((e) => ({
    kind: e.kind,
    value: e.value,
    reason: e.reason,
    added_at: e.addedAt.toISOString(),
  }));
  await tx.execute(
    sql`insert into ${disavowEntries} (version_id, kind, value, reason, added_at)
      select ${version.id}, kind, value, reason, added_at::timestamptz
      from ${jsonRows(rows, { kind: 'text', value: 'text', reason: 'text', added_at: 'text' })}`,
  );
  return version;
}

/** The donor URLs of ticked links of the project (ids of other projects or accounts are not found). */
export function donorsOfLinks(db: Queryable, params: { userId: number; projectId: number; ids: number[] }) {
  return db
    .select({ id: links.id, url: links.url })
    .from(links)
    .where(
      and(
        eq(links.userId, params.userId),
        eq(links.projectId, params.projectId),
        inArray(links.id, params.ids),
      ),
    );
}

/** The host without `www.` of a stored link URL: how a donor's Domain row (its spam score) is keyed. */
const hostOf = sql`regexp_replace(substring(${links.url} from '^[a-z][a-z0-9+.-]*://([^/?#:]+)'), '^www\\.', '')`;

/**
 * The distinct donor URLs the links table's filters select in the project, at most `limit`; with
 * `spamScoreAbove`, only donors whose domain's spam score (from an authority check) is above it.
 */
export async function donorsOfFilter(
  db: Queryable,
  params: { userId: number; projectId: number; filters: LinkFilters; spamScoreAbove?: number; limit: number },
) {
  const filters = { ...params.filters, project: params.projectId };
  const where = selectionWhere({ userId: params.userId, selection: { filters } });
  const spam =
    params.spamScoreAbove === undefined
      ? sql``
      : sql` and exists (select 1 from ${domains} where ${domains.userId} = ${params.userId} and ${domains.domain} = ${hostOf} and ${domains.spamScore} > ${params.spamScoreAbove})`;
  const rows = await rawRows<{ url: string }>(
    db,
    sql`select distinct ${links.url} as url from ${links} where ${where}${spam} limit ${params.limit}`,
  );
  return rows.map((row) => row.url);
}
