import type { AppContext } from '../../context.ts';
import type { SessionsRevoked } from '../../events/bus.ts';
import {
  findSession,
  findUserByAccessToken,
  revokeAccessToken,
  revokeAllAccessTokens,
} from './auth.queries.ts';
import { accountOf } from './authenticate.ts';
import { hashSecret } from './tokens.ts';

export type { SessionsRevoked };

export function isRevoked(revoked: SessionsRevoked, tokenHash: string): boolean {
  if (revoked.tokenHashes) return revoked.tokenHashes.includes(tokenHash);
  return tokenHash !== revoked.exceptTokenHash;
}

/** The user a live token belongs to, or null (a revoked or unknown token). */
export function sessionUser(ctx: Pick<AppContext, 'db'>, token: string) {
  return findUserByAccessToken(ctx.db, token);
}

/**
 * A live token's user and the account its session works in (their own, or a team's they are still a
 * member of), or null.
 */
export async function sessionAccount(ctx: Pick<AppContext, 'db'>, token: string) {
  const session = await findSession(ctx.db, token);
  if (!session) return null;
  const account = await accountOf(ctx.db, session.user, session.accountId);
  return account ? { user: session.user, account } : null;
}

/** Tells the live sockets of the ended sessions to close (issue 24, point 4). */
export function announceRevoked(ctx: AppContext, params: { userId: number } & SessionsRevoked) {
  const { userId, ...data } = params;
  return ctx.events.publish({ userId, event: 'SessionsRevoked', data });
}

export async function logout(ctx: AppContext, params: { userId: number; token: string }) {
  await revokeAccessToken(ctx.db, params.token);
  await announceRevoked(ctx, { userId: params.userId, tokenHashes: [hashSecret(params.token)] });
}

/** Ends every session of a user but `except` (a password change keeps the one that made it). */
export async function endOtherSessions(ctx: AppContext, params: { userId: number; except?: string | null }) {
  await revokeAllAccessTokens(ctx.db, { userId: params.userId, except: params.except });
  const exceptTokenHash = params.except ? hashSecret(params.except) : undefined;
  await announceRevoked(ctx, { userId: params.userId, exceptTokenHash });
}
