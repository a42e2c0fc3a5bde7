import {
  ZCreateScheduleRequest,
  ZIdParams,
  ZScheduleListQuery,
  ZScheduleProjectListResponse,
  ZScheduleResponse,
  ZUpdateScheduleRequest,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { changeSchedule, saveSchedule, scheduleGroupsPage } from './schedules.service.ts';

const tags = ['schedules'];
const security = [{ bearerAuth: [] }];

/** The schedule page (spec points 2, 3 and 7): project groups, and saving a campaign's schedule. */
export function scheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/schedules/projects',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZScheduleListQuery,
        response: { 200: ZScheduleProjectListResponse },
      },
    },
    async (req) => {
      return scheduleGroupsPage(ctx, {
        userId: requireAccount(req).accountId,
        ...req.query,
        locale: requestLocale(req),
      });
    },
  );

  /** 201 when the campaign had no schedule of this action, 200 when the existing one was updated. */
  r.post(
    '/schedules/',
    {
      schema: {
        tags,
        security,
        'x-permission': 'schedules.manage' as const,
        body: ZCreateScheduleRequest,
        response: { 200: ZScheduleResponse, 201: ZScheduleResponse },
      },
    },
    async (req, reply) => {
      const { created, data } = await saveSchedule(ctx, {
        userId: requireAccount(req).accountId,
        body: req.body,
        locale: requestLocale(req),
      });
      return reply.code(created ? 201 : 200).send({ data });
    },
  );

  r.put(
    '/schedules/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'schedules.manage' as const,
        params: ZIdParams,
        body: ZUpdateScheduleRequest,
        response: { 200: ZScheduleResponse },
      },
    },
    async (req) => ({
      data: await changeSchedule(ctx, {
        userId: requireAccount(req).accountId,
        id: req.params.id,
        body: req.body,
        locale: requestLocale(req),
      }),
    }),
  );
}
