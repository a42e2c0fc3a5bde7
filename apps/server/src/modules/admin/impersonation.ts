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
 * Calls an acting operator may not make: they spend the customer's credits or money (a task, an
 * add-to-index recheck, a payment, a partner payout), change who can sign in or reach the account (the
 * password, the login e-mail, a team invitation), or leave something that outlives the acting session
 * (an API key, a webhook sending the account's data out). Matched by route, so a new such route is
 * added here; a route with a rule refuses only when the rule says so.
 */
const REFUSED_WHILE_ACTING = new Map<string, (req: FastifyRequest) => boolean>([
  ['POST /api/actions/:action/start', always],
  ['POST /api/user/change-password', always],
  ['PUT /api/user', changesLoginEmail],
  ['PUT /api/schedules/:id', always],
  ['POST /api/schedules', always],
  ['POST /api/schedules/', always],
  ['POST /api/payments/:method', always],
  ['POST /api/referral/outpayments', always],
  ['POST /api/team/invitations', always],
  ['POST /api/user/api-keys', always],
  ['POST /api/user/webhooks', always],
]);

function always() {
  return true;
}

/**
 * The profile form sends the e-mail with the rest; a different address (as `email` or `newEmail`) is
 * mailed a confirmation link, which would let whoever reads that mailbox sign in.
 */
function changesLoginEmail(req: FastifyRequest): boolean {
  const body = (req.body ?? {}) as { email?: unknown; newEmail?: unknown };
  const current = req.user?.email.toLowerCase();
  return [body.email, body.newEmail].some(
    (e) => typeof e === 'string' && e !== '' && e.toLowerCase() !== current,
  );
}

export function isRefusedWhileActing(req: FastifyRequest): boolean {
  if (req.impersonatorId === null) return false;
  return REFUSED_WHILE_ACTING.get(`${req.method} ${req.routeOptions.url}`)?.(req) ?? false;
}

/** One hook on the whole API: the rule above, before any handler of those routes runs. */
export function refuseWhileActing(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    if (isRefusedWhileActing(req)) throw forbiddenWhileActing();
  });
}

const forbiddenWhileActing = () => new AppError('forbidden', 'admin.errors.notWhileActing');
