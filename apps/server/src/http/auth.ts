import type { AccountPermissionKey } from '@linkwatch/shared';
import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema/index.ts';
import { AppError, unauthenticated } from '../errors.ts';

/** The signed-in user, set on each request by the auth module's hook (modules/auth/authenticate.ts). */
export type CurrentUser = typeof users.$inferSelect;

/**
 * What a route declares about who may call it in a team's account (issue 27), as the `x-permission`
 * of its schema (so it is in the OpenAPI document too):
 * - a permission key: the account's owner, and a member holding that key;
 * - `self`: anyone signed in, about themselves (their own profile, sessions, accounts, notifications);
 * - left out: the account's owner only (a new route is closed to members until it says otherwise).
 */
export type RoutePermission = AccountPermissionKey | 'self';

/** The account a request works in: the session's current account, and who acts in it. */
export interface AccountContext {
  /** The account: its owner's user id (every data row's `user_id`). */
  accountId: number;
  /** The signed-in user who acts (the owner, or a member). */
  actorId: number;
  /** Participant role in this account (spec 6): 1 works in the app, others are payroll roles. */
  roleId: number;
  /** What the actor may do here; the owner holds every key. */
  permissions: readonly string[];
  isOwner: boolean;
  /** The owner's row: the account's balance, block, prices and invoice details. */
  owner: CurrentUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    accessToken: string | null;
    /** The operator acting as `user` (issue 28), on an operator's time-limited session; else null. */
    impersonatorId: number | null;
    /** The session's current account (issue 27); null for a guest. */
    account: AccountContext | null;
  }
  interface FastifySchema {
    /** Who may call the route in a team's account (see RoutePermission). */
    'x-permission'?: RoutePermission;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/** The signed-in person (for their own profile, password, sessions): not the account they work in. */
export function requireUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

/**
 * The account the request works in and who acts in it. Every data query is scoped by `accountId`.
 * The route's declared `x-permission` was checked before its input (authenticate.ts); `permission`
 * here checks one more key a single call needs beyond it.
 */
export function requireAccount(req: FastifyRequest, permission?: AccountPermissionKey): AccountContext {
  if (!req.user || !req.account) throw unauthenticated();
  if (permission) assertPermission(req.account, permission);
  return req.account;
}

/** May this account context make a call declared with `declared`? */
export function allows(account: AccountContext, declared: RoutePermission | undefined): boolean {
  if (account.isOwner || declared === 'self') return true;
  return declared !== undefined && account.permissions.includes(declared);
}

/** A 403 saying which permission is missing (or that only the owner may), in the caller's language. */
export function assertPermission(account: AccountContext, declared: RoutePermission | undefined) {
  if (allows(account, declared)) return;
  throw declared === undefined || declared === 'self'
    ? new AppError('forbidden', 'errors.forbidden', {}, 'errors.ownerOnly')
    : new AppError('forbidden', 'errors.forbidden', { permission: declared }, 'errors.permissionMissing');
}
