import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findUserByAccessToken } from '../auth/auth.queries.ts';

export const WS_PATH = '/ws';

/**
 * Real-time events on each user's private channel `user.{id}`. Browsers cannot set headers on a
 * WebSocket, so the bearer token comes as `?token=` (or an Authorization header from other clients).
 */
export async function registerWebSocket(app: FastifyInstance, ctx: AppContext) {
  await app.register(websocket);
  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const query = req.query as { token?: string };
    const token = query.token ?? req.headers.authorization?.replace(/^Bearer\s+/i, '');
    const user = token ? await findUserByAccessToken(ctx.db, token) : null;
    if (!user) {
      socket.close(4401, 'Unauthenticated');
      return;
    }
    const channel = `user.${user.id}`;
    const unsubscribe = ctx.events.subscribe((event) => {
      if (event.userId !== user.id || socket.readyState !== socket.OPEN) return;
      socket.send(JSON.stringify({ channel, event: event.event, data: event.data }));
    });
    socket.send(JSON.stringify({ channel, event: 'Subscribed', data: { userId: user.id } }));
    socket.on('close', unsubscribe);
  });
}
