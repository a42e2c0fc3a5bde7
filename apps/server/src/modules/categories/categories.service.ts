import type { Queryable } from '../../db/client.ts';
import { FieldError, notFound } from '../../errors.ts';
import {
  deleteCategory,
  findCategory,
  findCategoryByName,
  insertCategory,
  listCategories,
  renameCategory,
} from './categories.queries.ts';

export function categoryPage(db: Queryable, params: Parameters<typeof listCategories>[1]) {
  return listCategories(db, params);
}

/** The user's category with its project count; another user's is not found. */
export async function ownCategory(db: Queryable, params: { userId: number; id: number }) {
  const row = await findCategory(db, params);
  if (!row) throw notFound();
  return row;
}

const taken = () => new FieldError({ name: 'projects.categories.errors.taken' });

/** `POST categories/`: a second category of the same name (any case) is a 422 under `name`. */
export async function createCategory(db: Queryable, params: { userId: number; name: string }) {
  const category = await insertCategory(db, params);
  if (!category) throw taken();
  return category;
}

export async function changeCategory(db: Queryable, params: { userId: number; id: number; name: string }) {
  const same = await findCategoryByName(db, params);
  if (same && same.id !== params.id) throw taken();
  const category = await renameCategory(db, params);
  if (!category) throw notFound();
  return category;
}

/** `PUT categories/{id}`: the rename, then the category as the list shows it. */
export async function renameOwnCategory(db: Queryable, params: { userId: number; id: number; name: string }) {
  await changeCategory(db, params);
  return (await findCategory(db, params))!;
}

/** Its projects stay, uncategorised. */
export async function removeCategory(db: Queryable, params: { userId: number; id: number }) {
  if (!(await deleteCategory(db, params))) throw notFound();
}

/**
 * The category a project is created in or moved to (spec point 2: an existing, a new or no category):
 * a new name makes the category, or takes the user's one of that name; an id must be the user's.
 * Null for none; undefined when neither was sent (an update then leaves the project where it is).
 */
export async function projectCategory(
  db: Queryable,
  params: { userId: number; category?: number | null; categoryName?: string | null },
): Promise<number | null | undefined> {
  const { userId, categoryName } = params;
  if (categoryName) {
    const existing = await findCategoryByName(db, { userId, name: categoryName });
    if (existing) return existing.id;
    return (await insertCategory(db, { userId, name: categoryName }))?.id ?? null;
  }
  if (params.category === undefined || params.category === null) return params.category;
  const own = await findCategory(db, { userId, id: params.category });
  if (!own) throw new FieldError({ category: 'validation.invalid' });
  return own.category.id;
}
