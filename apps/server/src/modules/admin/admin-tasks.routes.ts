import {
  ZAdminProviderListResponse,
  ZAdminTaskCancelRequest,
  ZAdminTaskListQuery,
  ZAdminTaskListResponse,
  ZAdminTaskResponse,
  ZAdminWorkerListResponse,
  ZIdParams,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { presentProviders, presentTask, presentTaskList, presentWorkers } from './admin-tasks.presenter.ts';
import { cancelTask, findTasks, taskPage, workers } from './admin-tasks.service.ts';
import { providersHealth } from './provider-health.service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/**
 * The console's tasks and workers (issue 28), registered inside the admin scope (its hook refuses
 * anyone but an operator before the input is read).
 */
export function taskRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/tasks',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.tasks.manage' as const,
        querystring: ZAdminTaskListQuery,
        response: { 200: ZAdminTaskListResponse },
      },
    },
    async (req) => presentTaskList({ found: await findTasks(ctx, req.query), page: req.query.page }),
  );
  r.get(
    '/tasks/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.tasks.manage' as const,
        params: ZIdParams,
        response: { 200: ZAdminTaskResponse },
      },
    },
    async (req) => presentTask(await taskPage(ctx, req.params.id)),
  );
  r.post(
    '/tasks/:id/cancel',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.tasks.manage' as const,
        params: ZIdParams,
        body: ZAdminTaskCancelRequest,
        response: { 200: ZAdminTaskResponse },
      },
    },
    async (req) =>
      presentTask(
        await cancelTask(ctx, { actorId: requireUser(req).id, taskId: req.params.id, input: req.body }),
      ),
  );
  r.get(
    '/workers',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.tasks.manage' as const,
        response: { 200: ZAdminWorkerListResponse },
      },
    },
    async () => presentWorkers(await workers(ctx)),
  );
  r.get(
    '/providers',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.tasks.manage' as const,
        description:
          'Each outside provider as the processes saw it: the last error, the 429s of the last hour, and the quota left where the provider reports it.',
        response: { 200: ZAdminProviderListResponse },
      },
    },
    async () => presentProviders(await providersHealth(ctx)),
  );
}
