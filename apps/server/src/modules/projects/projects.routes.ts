import {
  ZCreateProjectRequest,
  ZCreateProjectResponse,
  ZIdParams,
  ZProjectListQuery,
  ZProjectListResponse,
  ZProjectResponse,
  ZProjectStatisticResponse,
  ZTrueResponse,
  ZUpdateProjectRequest,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { paginated } from '../../http/present.ts';
import { presentCampaign } from './campaigns.presenter.ts';
import { presentProject, presentStatistic } from './projects.presenter.ts';
import {
  createProject,
  deleteProject,
  ownProject,
  projectPage,
  projectStatisticTotals,
  saveProject,
} from './projects.service.ts';

const tags = ['projects'];
const security = [{ bearerAuth: [] }];

export function projectRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Totals over every project of the user, for the dashboard summary. */
  r.get(
    '/projects/statistic',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        response: { 200: ZProjectStatisticResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      return { data: presentStatistic(0, await projectStatisticTotals(ctx, user.id)) };
    },
  );

  r.get(
    '/projects',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZProjectListQuery,
        response: { 200: ZProjectListResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { page, search } = req.query;
      const { rows, total, statistics, names } = await projectPage(ctx, { userId: user.id, page, search });
      return paginated(
        rows.map((p) => presentProject(p, statistics.get(p.id), names.get(p.categoryId ?? 0))),
        page,
        total,
      );
    },
  );

  r.get(
    '/projects/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        response: { 200: ZProjectResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { project, statistics, names } = await ownProject(ctx, { userId: user.id, id: req.params.id });
      return {
        data: presentProject(project, statistics.get(project.id), names.get(project.categoryId ?? 0)),
      };
    },
  );

  r.post(
    '/projects/',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        body: ZCreateProjectRequest,
        response: { 201: ZCreateProjectResponse },
      },
    },
    async (req, reply) => {
      const user = requireAccount(req).owner;
      const { project, campaign, names } = await createProject(ctx, { userId: user.id, input: req.body });
      return reply.code(201).send({
        data: presentProject(project, undefined, names.get(project.categoryId ?? 0)),
        included: [presentCampaign(campaign)],
      });
    },
  );

  r.put(
    '/projects/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        body: ZUpdateProjectRequest,
        response: { 200: ZProjectResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { project, names } = await saveProject(ctx, {
        userId: user.id,
        id: req.params.id,
        input: req.body,
      });
      return { data: presentProject(project, undefined, names.get(project.categoryId ?? 0)) };
    },
  );

  r.delete(
    '/projects/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await deleteProject(ctx, { userId: requireAccount(req).accountId, id: req.params.id });
      return true as const;
    },
  );
}
