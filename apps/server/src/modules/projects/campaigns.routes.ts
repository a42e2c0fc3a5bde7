import {
  ZCampaignListQuery,
  ZCampaignListResponse,
  ZCampaignResponse,
  ZCreateCampaignRequest,
  ZIdParams,
  ZTrueResponse,
  ZUpdateCampaignRequest,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { paginated } from '../../http/present.ts';
import { presentCampaign } from './campaigns.presenter.ts';
import {
  campaignPage,
  changeCampaignSettings,
  createCampaign,
  ownCampaign,
  removeCampaign,
} from './campaigns.service.ts';

const tags = ['campaigns'];
const security = [{ bearerAuth: [] }];

export function campaignRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/campaigns',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZCampaignListQuery,
        response: { 200: ZCampaignListResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { page, filters } = req.query;
      const { rows, total } = await campaignPage(ctx, { userId: user.id, page, filters });
      return paginated(
        rows.map((row) =>
          presentCampaign(row.campaign, { projectName: row.projectName, linksCount: row.linksCount }),
        ),
        page,
        total,
      );
    },
  );

  r.get(
    '/campaigns/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        response: { 200: ZCampaignResponse },
      },
    },
    async (req) => {
      const row = await ownCampaign(ctx, { userId: requireAccount(req).accountId, id: req.params.id });
      return { data: presentCampaign(row.campaign, { projectName: row.projectName }) };
    },
  );

  r.post(
    '/campaigns/',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        body: ZCreateCampaignRequest,
        response: { 201: ZCampaignResponse },
      },
    },
    async (req, reply) => {
      const { campaign, project } = await createCampaign(ctx, {
        userId: requireAccount(req).accountId,
        input: req.body,
      });
      return reply.code(201).send({ data: presentCampaign(campaign, { projectName: project.name }) });
    },
  );

  r.put(
    '/campaigns/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        body: ZUpdateCampaignRequest,
        response: { 200: ZCampaignResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const campaign = await changeCampaignSettings(ctx, {
        userId: user.id,
        id: req.params.id,
        body: req.body,
      });
      return { data: presentCampaign(campaign) };
    },
  );

  r.delete(
    '/campaigns/:id',
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
      await removeCampaign(ctx, { userId: requireAccount(req).accountId, id: req.params.id });
      return true as const;
    },
  );
}
