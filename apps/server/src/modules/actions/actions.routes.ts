import {
  ActionCode,
  rules,
  ZActionCostResponse,
  ZActionDatesResponse,
  ZActionListQuery,
  ZActionListResponse,
  ZActionPriceListResponse,
  ZActionResponse,
  ZActionTypeListResponse,
  ZCountResponse,
  ZIdParams,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated, resource } from '../../http/present.ts';
import { runningActionCount } from '../notifications/notifications.service.ts';
import { presentAction, presentActionCost } from './actions.presenter.ts';
import {
  actionCost,
  actionDays,
  actionsPage,
  cancelAction,
  type ShownAction,
  showAction,
  startActionForUser,
} from './actions.service.ts';
import { actionCatalog, missingProvider, runsOnDemoService, STARTABLE_ACTIONS } from './catalog.ts';
import { allPricesFor } from './prices.ts';
import { readCostQuery, readStartQuery, ZTaskQuery } from './task-query.ts';

const tags = ['actions'];
const security = [{ bearerAuth: [] }];
const ZAction = z.object({ action: rules.id() });

export function actionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const present = (req: FastifyRequest, row: ShownAction) =>
    presentAction(row.action, requestLocale(req), {
      project: row.project,
      campaign: row.campaign,
      actor: row.actor,
    });

  r.post(
    '/actions/:action/start',
    {
      schema: {
        tags,
        security,
        'x-permission': 'tasks.start' as const,
        params: ZAction,
        querystring: ZTaskQuery,
        response: { 201: ZActionResponse },
      },
    },
    async (req, reply) => {
      const handler = actionCatalog.get(req.params.action);
      const account = requireAccount(req, handler?.permission);
      const user = account.owner;
      const query = readStartQuery(handler, user.id, req.query);
      const row = await startActionForUser(ctx, {
        userId: user.id,
        actorId: account.actorId,
        action: req.params.action,
        selection: query.kind === 'links' ? query.selection : undefined,
        filters: query.filters,
      });
      return reply.code(201).send({ data: present(req, row) });
    },
  );

  r.get(
    '/actions',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        querystring: ZActionListQuery,
        response: { 200: ZActionListResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { page, filters } = req.query;
      const { rows, total } = await actionsPage(ctx, { userId: user.id, page, filters });
      return paginated(
        rows.map((row) => present(req, row)),
        page,
        total,
      );
    },
  );

  r.get(
    '/actions/count',
    {
      schema: { tags, security, 'x-permission': 'reports.read' as const, response: { 200: ZCountResponse } },
    },
    async (req) => ({
      data: { count: await runningActionCount(ctx, requireAccount(req).accountId) },
    }),
  );

  r.get(
    '/actions/dates',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        response: { 200: ZActionDatesResponse },
      },
    },
    async (req) => ({
      data: await actionDays(ctx, requireAccount(req).accountId),
    }),
  );

  r.get(
    '/actions/list',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        response: { 200: ZActionTypeListResponse },
      },
    },
    async (req) => {
      requireAccount(req);
      const locale = requestLocale(req);
      return {
        data: STARTABLE_ACTIONS.map((id) => {
          const missing = missingProvider(ctx.providers, id);
          return resource('actionTypes', id, {
            id,
            name: translate(locale, `tasks.actions.${id}`),
            available: missing === null,
            unavailableReason: missing && translate(locale, `tasks.errors.noProvider.${missing}`),
            demoNote: runsOnDemoService(ctx.providers, id) ? translate(locale, demoNoteKey(id)) : null,
          });
        }),
      };
    },
  );

  r.get(
    '/actions/prices',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        response: { 200: ZActionPriceListResponse },
      },
    },
    async (req) => {
      const prices = await allPricesFor(ctx.db, requireAccount(req).accountId);
      return { data: prices.map((p) => resource('actionPrices', p.action, p)) };
    },
  );

  r.get(
    '/actions/:action/balance',
    {
      schema: {
        tags,
        security,
        'x-permission': 'tasks.start' as const,
        params: ZAction,
        querystring: ZTaskQuery,
        response: { 200: ZActionCostResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const query = readCostQuery(actionCatalog.get(req.params.action), user.id, req.query);
      const cost = await actionCost(ctx, { user, action: req.params.action, query });
      return { data: presentActionCost(cost, requestLocale(req)) };
    },
  );

  r.get(
    '/actions/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        params: ZIdParams,
        response: { 200: ZActionResponse },
      },
    },
    async (req) => {
      const row = await showAction(ctx, { userId: requireAccount(req).accountId, id: req.params.id });
      return { data: present(req, row) };
    },
  );

  r.post(
    '/actions/:id/cancel',
    {
      schema: {
        tags,
        security,
        'x-permission': 'tasks.start' as const,
        params: ZIdParams,
        response: { 200: ZActionResponse },
      },
    },
    async (req) => {
      const row = await cancelAction(ctx, { userId: requireAccount(req).accountId, id: req.params.id });
      return { data: present(req, row) };
    },
  );
}

/** What the note of an action running on the offline demo's stand-in says it is. */
function demoNoteKey(action: number): string {
  if (action === ActionCode.AddToIndex) return 'tasks.demoIndexer';
  if (action === ActionCode.CheckTrust) return 'tasks.demoAuthority';
  if (action === ActionCode.LoadToCrawlers) return 'crawlerTasks.demoService';
  return 'tasks.demoService';
}
