import websocket from '@fastify/websocket';
import { REALTIME_SUBSCRIBED, ZRealtimeQuery } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { isRevoked, sessionUser } from '../auth/sessions.ts';
import { hashSecret } from '../auth/tokens.ts';

export const WS_PATH = '/ws';

/**
 * Real-time events on each user's private channel `user.{id}`. Browsers cannot set headers on a
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
      const user = token ? await sessionUser(ctx, token) : null;
      if (!token || !user) {
        socket.close(4401, 'Unauthenticated');
        return;
      }
      const channel = `user.${user.id}`;
      const tokenHash = hashSecret(token);
      const unsubscribe = ctx.events.subscribe((event) => {
        if (event.userId !== user.id) return;
        // Logout, a password change or reset ended this socket's session: it stops here (issue 24, point 4).
        if (event.event === 'SessionsRevoked') {
          if (isRevoked(event.data, tokenHash)) socket.close(4401, 'Unauthenticated');
          return;
        }
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
