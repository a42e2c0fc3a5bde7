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
import { requireAccount } from '../../http/auth.ts';
import { type BulkOperation, changeSelectedLinks, moveSelectedLinks } from './links.service.ts';

const tags = ['links'];
const security = [{ bearerAuth: [] }];
const schema = {
  tags,
  security,
  'x-permission': 'links.manage' as const,
  querystring: ZLinkSelectionQuery,
  response: { 200: ZCountResponse },
};

/**
 * Bulk calls take no body: `links[]` ids or the list filters select the links (spec point 7).
 * Each answers `{data: {count}}`; an empty selection answers 422 'No selected links'.
 */
export function bulkLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bulk =
    (operation: BulkOperation) =>
    async (req: FastifyRequest<{ Querystring: { selection: LinkSelection } }>) => {
      const { accountId: userId, actorId } = requireAccount(req);
      const params = { userId, actorId, selection: req.query.selection, operation };
      return { data: { count: await changeSelectedLinks(ctx.db, params) } };
    };

  r.post('/links/history', { schema }, bulk('addToHistory'));
  r.post('/links/history/recover', { schema }, bulk('recoverFromHistory'));
  r.post('/links/disallow', { schema }, bulk('addToDisallow'));
  r.post('/links/disallow/recover', { schema }, bulk('recoverFromDisallow'));
  r.delete('/links/delete', { schema }, bulk('delete'));

  /** `count` and `moved` are the links moved; `skipped` were already in the target campaign. */
  r.post(
    '/links/move',
    {
      schema: {
        tags,
        security,
        'x-permission': 'links.manage' as const,
        querystring: ZLinkMoveQuery,
        response: { 200: ZMoveResponse },
      },
    },
    async (req) => {
      const { accountId: userId, actorId } = requireAccount(req);
      const { target: targetId, selection } = req.query;
      const { moved, skipped } = await moveSelectedLinks(ctx.db, { userId, actorId, targetId, selection });
      return { data: { count: moved, moved, skipped } };
    },
  );
}
