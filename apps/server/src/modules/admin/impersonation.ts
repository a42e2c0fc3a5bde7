import { IMPERSONATION_MINUTES } from '@linkwatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { createActingToken, insertAudit, lockUser, revokeToken } from './admin.queries.ts';
import type { Operator } from './admin.service.ts';

/**
 * Acting as a customer for support (issue 28): a session of the customer's that ends by itself after
 * IMPERSONATION_MINUTES, names the operator, and may not spend the customer's credits or change
 * their password. Start and end are audit rows.
 */
export async function startActing(ctx: AppContext, params: Operator & { userId: number }) {
  const expiresAt = new Date(Date.now() + IMPERSONATION_MINUTES * 60_000);
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, params.userId);
    if (!user) throw notFound();
    if (user.isAdmin) throw new AppError('forbidden', 'admin.errors.actAsAdmin');
    const accessToken = await createActingToken(tx, {
      userId: user.id,
      impersonatorId: params.actorId,
      expiresAt,
    });
    await insertAudit(tx, {
      actorId: params.actorId,
      targetUserId: user.id,
      kind: 'impersonation.start',
      after: { expiresAt: expiresAt.toISOString() },
      reason: params.reason,
    });
    return { accessToken, expiresAt, user };
  });
}

/** The operator leaves: the acting session ends (once; a second call finds it ended). */
export async function stopActing(
  ctx: AppContext,
  params: { token: string; actorId: number; userId: number },
) {
  await ctx.db.transaction(async (tx) => {
    if (!(await revokeToken(tx, params.token))) return;
    await insertAudit(tx, {
      actorId: params.actorId,
      targetUserId: params.userId,
      kind: 'impersonation.end',
    });
  });
}

/**
 * Calls an acting operator may not make: they spend the customer's credits (a task, an add-to-index
 * recheck) or change who can sign in. Matched by route, so a new spending route is added here.
 */
const REFUSED_WHILE_ACTING = new Set([
  'POST /api/actions/:action/start',
  'POST /api/user/change-password',
  'PUT /api/schedules/:id',
  'POST /api/schedules',
  'POST /api/schedules/',
  'POST /api/payments/:method',
]);

export function isRefusedWhileActing(req: FastifyRequest): boolean {
  if (req.impersonatorId === null) return false;
  return REFUSED_WHILE_ACTING.has(`${req.method} ${req.routeOptions.url}`);
}

/** One hook on the whole API: the rule above, before any handler of those routes runs. */
export function refuseWhileActing(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    if (isRefusedWhileActing(req)) throw forbiddenWhileActing();
  });
}

const forbiddenWhileActing = () => new AppError('forbidden', 'admin.errors.notWhileActing');
