import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/**
 * Spec 6: a blocked account (a card dispute, or the operator's `user:block`) can sign in and read,
 * but starts no task until a top-up of at least $1 is paid. Read from the database, not the request's
 * user, so a block that lands during the request counts.
 */
export async function assertCanStartTasks(db: Queryable, userId: number) {
  const [user] = await db.select({ isBlocked: users.isBlocked }).from(users).where(eq(users.id, userId));
  if (user?.isBlocked) throw new AppError('forbidden', 'balance.errors.blocked');
}

export async function setBlocked(db: Queryable, params: { userId: number; blocked: boolean }) {
  const [row] = await db
    .update(users)
    .set({ isBlocked: params.blocked })
    .where(eq(users.id, params.userId))
    .returning({ id: users.id });
  return row !== undefined;
}
