import { ZIdParams, ZWastedTierTwoResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { resource } from '../../http/present.ts';
import { wastedTierTwoOf } from './tiers.service.ts';

const tags = ['projects'];
const security = [{ bearerAuth: [] }];

/** Tiers as a graph (issue 31): what a project's tier 2 links that feed dead tier 1 pages cost. */
export function tierRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/projects/:id/wasted-tier-two',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        response: { 200: ZWastedTierTwoResponse },
      },
    },
    async (req) => {
      const userId = requireAccount(req).accountId;
      const wasted = await wastedTierTwoOf(ctx, { userId, projectId: req.params.id });
      return { data: resource('wastedTierTwo', req.params.id, wasted) };
    },
  );
}
