import { permissionsForRole } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { unauthenticated } from '../../errors.ts';
import { type AccountContext, assertPermission, bearerToken, type CurrentUser } from '../../http/auth.ts';
import { findMembership, findSession } from './auth.queries.ts';

/**
 * Resolves the bearer token once per request, so routes can call requireUser synchronously; a route
 * documented as secured answers 401 to a guest before its input is validated (a guest learns nothing
 * of a route's rules). It also resolves the session's current account (issue 27) and refuses, before
 * the input is read, a member whose role lacks the route's declared `x-permission`.
 */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('accessToken', null);
  app.decorateRequest('impersonatorId', null);
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (!token) return;
    const session = await findSession(db, token);
    if (!session) return;
    const account = await accountOf(db, session.user, session.accountId);
    // A member removed from the account the session works in: the session is over.
    if (!account) return;
    req.user = session.user;
    req.accessToken = token;
    req.impersonatorId = session.impersonatorId;
    req.account = account;
  });
  app.addHook('preValidation', async (req) => {
    const secured = (req.routeOptions.schema?.security?.length ?? 0) > 0;
    if (secured && !req.user) throw unauthenticated();
    if (secured && req.account) assertPermission(req.account, req.routeOptions.schema?.['x-permission']);
  });
}

/** A user working in their own account, as its owner. */
function ownAccount(user: CurrentUser): AccountContext {
  return {
    accountId: user.id,
    actorId: user.id,
    roleId: user.roleId,
    permissions: [],
    isOwner: true,
    owner: user,
  };
}

/** The account a session or an API key works in: the user's own (no query), or one they are a member of. */
export async function accountOf(
  db: Db,
  user: CurrentUser,
  accountId: number | null,
): Promise<AccountContext | null> {
  if (accountId === null || accountId === user.id) return ownAccount(user);
  const membership = await findMembership(db, { accountId, userId: user.id });
  if (!membership) return null;
  return {
    accountId,
    actorId: user.id,
    roleId: membership.roleId,
    permissions: permissionsForRole(membership.roleId, membership.permissions),
    isOwner: false,
    owner: membership.owner,
  };
}
