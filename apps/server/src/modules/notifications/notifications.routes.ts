import { ZIdParams } from '@linkwatch/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notifications } from '../../db/schema/index.ts';
import { requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { presentNotification } from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

export function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/notifications', { schema: { tags, security } }, async (req) => {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, requireUser(req).id))
      .orderBy(asc(notifications.id))
      .limit(100);
    return { data: rows.map(presentNotification) };
  });

  r.delete('/notifications/:id', { schema: { tags, security, params: ZIdParams } }, async (req) => {
    const deleted = await ctx.db
      .delete(notifications)
      .where(and(eq(notifications.id, req.params.id), eq(notifications.userId, requireUser(req).id)))
      .returning({ id: notifications.id });
    if (deleted.length === 0) throw notFound();
    return true;
  });
}
