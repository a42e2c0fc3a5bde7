import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import { categories, projects } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

export type Category = typeof categories.$inferSelect;

// Qualified by hand: drizzle leaves the columns of a one-table select unqualified, and inside this
// subquery a bare "id" would be the project's.
const projectsCount = sql<number>`(select count(*)::int from ${projects} p where p.category_id = "categories"."id")`;

export async function listCategories(
  db: Queryable,
  params: { userId: number; page: PageQuery; search?: string },
) {
  const where = and(
    eq(categories.userId, params.userId),
    params.search ? ilike(categories.name, `%${escapeLike(params.search)}%`) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select({ category: categories, projectsCount })
        .from(categories)
        .where(where)
        .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ total: count() }).from(categories).where(where),
  ]);
  return { rows, total };
}

export async function findCategory(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .select({ category: categories, projectsCount })
    .from(categories)
    .where(and(eq(categories.id, params.id), eq(categories.userId, params.userId)));
  return row;
}

/** The user's category of that name, whatever its case. */
export async function findCategoryByName(db: Queryable, params: { userId: number; name: string }) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.userId, params.userId), sql`lower(${categories.name}) = lower(${params.name})`));
  return row;
}

/** Undefined when the user already has a category of that name (the unique index decides, race-free). */
export async function insertCategory(db: Queryable, params: { userId: number; name: string }) {
  const [row] = await db
    .insert(categories)
    .values(params)
    // Its one unique index is (user_id, lower(name)).
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function renameCategory(db: Queryable, params: { userId: number; id: number; name: string }) {
  const [row] = await db
    .update(categories)
    .set({ name: params.name, updatedAt: new Date() })
    .where(and(eq(categories.id, params.id), eq(categories.userId, params.userId)))
    .returning();
  return row;
}

/** Answers whether the user's category existed; its projects stay, uncategorised (ON DELETE SET NULL). */
export async function deleteCategory(db: Queryable, params: { userId: number; id: number }) {
  const deleted = await db
    .delete(categories)
    .where(and(eq(categories.id, params.id), eq(categories.userId, params.userId)))
    .returning({ id: categories.id });
  return deleted.length > 0;
}

/** Names of the user's categories by id, for presenting projects. */
export async function categoryNames(db: Queryable, params: { userId: number; ids: (number | null)[] }) {
  const ids = [...new Set(params.ids.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.userId, params.userId), inArray(categories.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
