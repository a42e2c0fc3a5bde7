import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Teams (issue 27): the people who work in an account besides its owner. An account is its owner's
 * user id (every data row's `user_id`), so no data moves; a member is one row here per account.
 */
export const accountMembers = pgTable(
  'account_members',
  {
    id: id(),
    /** The account: its owner's user id. */
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Participant role (spec 6): 1 works in the app, any other id is a payroll role. */
    roleId: smallint('role_id').notNull().default(1),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('account_members_account_user_unique').on(t.accountId, t.userId),
    index('account_members_user_idx').on(t.userId),
  ],
);

/** An invitation into an account: a one-time code (stored hashed) mailed to an address. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member who sent it. */
    invitedBy: integer('invited_by'),
    email: text('email').notNull(),
    roleId: smallint('role_id').notNull().default(1),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedBy: integer('accepted_by'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_code_unique').on(t.codeHash),
    index('team_invitations_account_idx').on(t.accountId),
  ],
);
