import { count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The statements of accounts as their owners and the operator change them (auth.queries.ts finds them). */

export type UserValues = typeof users.$inferInsert;

export async function insertUser(db: Queryable, values: UserValues) {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}

export async function updateUser(db: Queryable, params: { userId: number; values: Partial<UserValues> }) {
  const [user] = await db.update(users).set(params.values).where(eq(users.id, params.userId)).returning();
  return user;
}

export async function countUsers(db: Queryable): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(users);
  return total;
}
