import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isUserBlocked, setUserBlocked } from './balance.queries.ts';

/**
 * Spec 6: a blocked account (a card dispute, or the operator's `user:block`) can sign in and read,
 * but starts no task until a top-up of at least $1 is paid. Read from the database, not the request's
 * user, so a block that lands during the request counts.
 */
export async function assertCanStartTasks(db: Queryable, userId: number) {
  if (await isUserBlocked(db, userId)) throw new AppError('forbidden', 'balance.errors.blocked');
}

export function setBlocked(db: Queryable, params: { userId: number; blocked: boolean }) {
  return setUserBlocked(db, params);
}
