import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    uid: uuid('uid').notNull().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    newEmail: text('new_email'),
    emailVerifiedAt: at('email_verified_at'),
    vatNumber: text('vat_number'),
    regCode: text('reg_code'),
    postalIndex: text('postal_index'),
    city: text('city'),
    address: text('address'),
    country: text('country'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isPartner: boolean('is_partner').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    locale: text('locale').notNull().default('en'),
    roleId: integer('role_id').notNull().default(1),
    /** An operator's console keys (`console.*`); empty: all of them (issue 28). */
    consolePermissions: text('console_permissions').array().notNull().default(sql`'{}'::text[]`),
    referral: text('referral'),
    /** Kept equal to the sum of the user's balance_transactions; changed only together with a ledger row. */
    balance: integer('balance').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

/** Opaque bearer tokens; only their SHA-256 is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    /** Set on an operator's session as the customer (issue 28): it ends by itself then. */
    expiresAt: at('expires_at'),
    /** The operator acting as this user, on such a session. */
    impersonatorId: integer('impersonator_id'),
    /** The account this session works in (issue 27); null: the user's own. */
    accountId: integer('account_id'),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_unique').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
  ],
);

/** One-time codes sent by mail: email confirmation, email change, password reset. Stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm', 'change', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_unique').on(t.tokenHash)],
);

/**
 * Failed logins counted per key (`pair:<email>|<ip>`, `account:<email>`, `address:<ip>`,
 * `device:<id>`: see login.service.ts) in a fixed window that starts
 * at the first failure; one row a key, so a count is incremented and read in one statement.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: at('window_started_at').notNull(),
});

/**
 * Browsers an account has logged in from (a random cookie, stored hashed): the owner's right password
 * from one of them passes the login limits that others' failures raised (issue 24, point 6). One
 * browser may be known for several accounts.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('known_devices_hash_user_unique').on(t.tokenHash, t.userId),
    index('known_devices_user_idx').on(t.userId),
  ],
);
