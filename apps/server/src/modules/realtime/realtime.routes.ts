import websocket from '@fastify/websocket';
import { REALTIME_SUBSCRIBED, ZRealtimeQuery } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { reaches } from '../../events/bus.ts';
import { type AccountContext, allows } from '../../http/auth.ts';
import { isRevoked, sessionAccount, sessionUser } from '../auth/sessions.ts';
import { hashSecret } from '../auth/tokens.ts';

export const WS_PATH = '/ws';

/** Account events a team member hears only with a permission: the balance is the accountant's. */
const PERMISSION_OF: Partial<Record<string, Parameters<typeof allows>[1]>> = { Balance: 'balance.read' };

function hears(account: AccountContext, event: string): boolean {
  const permission = PERMISSION_OF[event];
  return permission === undefined || allows(account, permission);
}

/**
 * Real-time events of the account a session works in (issue 27: a member's socket hears the team's
 * account, as far as their permissions go), on the user's private channel `user.{id}`. Browsers cannot set headers on a
 * WebSocket, so the bearer token comes as `?token=` (or an Authorization header from other clients).
 */
export async function registerWebSocket(app: FastifyInstance, ctx: AppContext) {
  await app.register(websocket);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    WS_PATH,
    { websocket: true, schema: { hide: true, querystring: ZRealtimeQuery } },
    async (socket, req) => {
      const token = req.query.token ?? req.headers.authorization?.replace(/^Bearer\s+/i, '');
      const session = token ? await sessionAccount(ctx, token) : null;
      if (!token || !session) {
        socket.close(4401, 'Unauthenticated');
        return;
      }
      const { user, account } = session;
      const channel = `user.${user.id}`;
      const tokenHash = hashSecret(token);
      const unsubscribe = ctx.events.subscribe((event) => {
        // Logout, a password change or reset, or leaving the team ended this socket's session: it
        // stops here (issue 24, point 4). Those are the person's events; the rest are the account's.
        if (event.event === 'SessionsRevoked') {
          if (event.userId === user.id && isRevoked(event.data, tokenHash))
            socket.close(4401, 'Unauthenticated');
          return;
        }
        if (!reaches(event, account.accountId) || !hears(account, event.event)) return;
        if (socket.readyState !== socket.OPEN) return;
        socket.send(JSON.stringify({ channel, event: event.event, data: event.data }));
      });
      socket.on('close', unsubscribe);
      // A logout between the first look-up and the subscription would have gone unheard: look again.
      if (!(await sessionUser(ctx, token))) {
        socket.close(4401, 'Unauthenticated');
        return;
      }
      socket.send(JSON.stringify({ channel, event: REALTIME_SUBSCRIBED, data: { userId: user.id } }));
    },
  );
}
