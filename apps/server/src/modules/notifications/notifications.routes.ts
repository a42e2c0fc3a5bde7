import { ZIdParams, ZNotificationListResponse, ZTrueResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { dismissNotification, notificationsOf, presentNotification } from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

export function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notifications',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        response: { 200: ZNotificationListResponse },
      },
    },
    async (req) => {
      const rows = await notificationsOf(ctx, requireUser(req).id);
      return { data: rows.map(presentNotification) };
    },
  );

  r.delete(
    '/notifications/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        params: ZIdParams,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await dismissNotification(ctx, { userId: requireUser(req).id, id: req.params.id });
      return true as const;
    },
  );
}
