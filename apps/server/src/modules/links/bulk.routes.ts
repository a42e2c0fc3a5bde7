import {
  type LinkSelection,
  ZCountResponse,
  ZLinkMoveQuery,
  ZLinkSelectionQuery,
  ZMoveResponse,
} from '@linkwatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { FieldError } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import {
  addLinksToDisallow,
  addLinksToHistory,
  type BulkParams,
  deleteLinks,
  moveLinks,
  recoverLinksFromDisallow,
  recoverLinksFromHistory,
} from './links.bulk.ts';
import { noSelectedLinks, resolveSelection } from './links.selection.ts';

const tags = ['links'];
const security = [{ bearerAuth: [] }];
const schema = { tags, security, querystring: ZLinkSelectionQuery, response: { 200: ZCountResponse } };

/** The move target: one of the user's campaigns, named by the `campaign` query parameter. */
async function findTargetCampaign(db: Queryable, params: { userId: number; id: number }) {
  const found = await findCampaign(db, params);
  if (!found) throw new FieldError({ campaign: 'validation.invalid' });
  return found.campaign;
}

/**
 * Bulk calls take no body: `links[]` ids or the list filters select the links (spec point 7).
 * Each answers `{data: {count}}`; an empty selection answers 422 'No selected links'.
 */
export function bulkLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bulk =
    (operation: (db: Queryable, params: BulkParams) => Promise<number>) =>
    async (req: FastifyRequest<{ Querystring: { selection: LinkSelection } }>) => {
      const userId = requireUser(req).id;
      const { selection } = await resolveSelection(ctx.db, { userId, selection: req.query.selection });
      return { data: { count: await operation(ctx.db, { userId, selection }) } };
    };

  r.post('/links/history', { schema }, bulk(addLinksToHistory));
  r.post('/links/history/recover', { schema }, bulk(recoverLinksFromHistory));
  r.post('/links/disallow', { schema }, bulk(addLinksToDisallow));
  r.post('/links/disallow/recover', { schema }, bulk(recoverLinksFromDisallow));
  r.delete('/links/delete', { schema }, bulk(deleteLinks));

  /** `count` and `moved` are the links moved; `skipped` were already in the target campaign. */
  r.post(
    '/links/move',
    { schema: { tags, security, querystring: ZLinkMoveQuery, response: { 200: ZMoveResponse } } },
    async (req) => {
      const userId = requireUser(req).id;
      const target = await findTargetCampaign(ctx.db, { userId, id: req.query.target });
      if (!req.query.selection) throw noSelectedLinks();
      const { selection, total } = await resolveSelection(ctx.db, { userId, selection: req.query.selection });
      const { moved } = await moveLinks(ctx.db, { userId, selection, target });
      return { data: { count: moved, moved, skipped: total - moved } };
    },
  );
}
