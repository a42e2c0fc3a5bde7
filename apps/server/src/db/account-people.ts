import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { accountMembers } from './schema/index.ts';

/**
 * Whether `userId` is one of the account's people: its owner (the account is the owner's user id) or a
 * current member (issue 27). What an account shows of a person (who added, moved or started
 * something) is shown only while this holds, so another account's user or one who left is not named.
 */
export function belongsToAccount(accountId: AnyColumn | SQL | number, userId: AnyColumn | SQL): SQL {
  return sql`(${userId} = ${accountId} or exists (select 1 from ${accountMembers}
    where ${accountMembers.accountId} = ${accountId} and ${accountMembers.userId} = ${userId}))`;
}
