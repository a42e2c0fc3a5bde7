import {
  ActionCode,
  rules,
  SKIP_REASONS,
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
import { notFound } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated, resource } from '../../http/present.ts';
import { countSelection } from '../links/links.selection.ts';
import { publishActionCount, runningActionCount } from '../notifications/notifications.service.ts';
import { presentAction } from './actions.presenter.ts';
import { actionDates, findAction, listActions } from './actions.queries.ts';
import { cancelAction, startAction } from './actions.service.ts';
import { actionCatalog, missingProvider, runsOnDemoService, STARTABLE_ACTIONS } from './catalog.ts';
import { countLeftOut } from './left-out.ts';
import { finishIfComplete } from './lifecycle.ts';
import { allPricesFor, priceFor } from './prices.ts';
import { projectTaskCost } from './project-tasks.ts';
import { readCostQuery, readStartQuery, ZTaskQuery } from './task-query.ts';

const tags = ['actions'];
const security = [{ bearerAuth: [] }];
const ZAction = z.object({ action: rules.id() });

export function actionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const present = (req: FastifyRequest, row: NonNullable<Awaited<ReturnType<typeof findAction>>>) =>
    presentAction(row.action, requestLocale(req), { project: row.project, campaign: row.campaign });

  r.post(
    '/actions/:action/start',
    {
      schema: {
        tags,
        security,
        params: ZAction,
        querystring: ZTaskQuery,
        response: { 201: ZActionResponse },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const query = readStartQuery(actionCatalog.get(req.params.action), user.id, req.query);
      const action = await startAction(ctx, {
        userId: user.id,
        action: req.params.action,
        selection: query.kind === 'links' ? query.selection : undefined,
        filters: query.filters,
      });
      await publishActionCount(ctx, user.id);
      const row = await findAction(ctx.db, { userId: user.id, id: action.id });
      return reply.code(201).send({ data: present(req, row!) });
    },
  );

  r.get(
    '/actions',
    { schema: { tags, security, querystring: ZActionListQuery, response: { 200: ZActionListResponse } } },
    async (req) => {
      const user = requireUser(req);
      const { page, filters } = req.query;
      const { rows, total } = await listActions(ctx.db, { userId: user.id, page, filters });
      return paginated(
        rows.map((row) => present(req, row)),
        page,
        total,
      );
    },
  );

  r.get('/actions/count', { schema: { tags, security, response: { 200: ZCountResponse } } }, async (req) => ({
    data: { count: await runningActionCount(ctx, requireUser(req).id) },
  }));

  r.get(
    '/actions/dates',
    { schema: { tags, security, response: { 200: ZActionDatesResponse } } },
    async (req) => ({
      data: await actionDates(ctx.db, requireUser(req).id),
    }),
  );

  r.get(
    '/actions/list',
    { schema: { tags, security, response: { 200: ZActionTypeListResponse } } },
    async (req) => {
      requireUser(req);
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
    { schema: { tags, security, response: { 200: ZActionPriceListResponse } } },
    async (req) => {
      const prices = await allPricesFor(ctx.db, requireUser(req).id);
      return { data: prices.map((p) => resource('actionPrices', p.action, p)) };
    },
  );

  r.get(
    '/actions/:action/balance',
    {
      schema: {
        tags,
        security,
        params: ZAction,
        querystring: ZTaskQuery,
        response: { 200: ZActionCostResponse },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const handler = actionCatalog.get(req.params.action);
      const query = readCostQuery(handler, user.id, req.query);
      if (query.kind === 'project') {
        return {
          data: await projectTaskCost(ctx, { user, action: req.params.action, filters: query.filters }),
        };
      }
      const selection = query.selection;
      const locale = requestLocale(req);
      const leaveOut = handler?.leaveOut?.(ctx.providers) ?? [];
      const [{ price }, selected, leftOut] = await Promise.all([
        priceFor(ctx.db, { userId: user.id, action: req.params.action }),
        countSelection(ctx.db, selection.where),
        countLeftOut(ctx.db, selection.where, leaveOut),
      ]);
      const skipped = SKIP_REASONS.filter((reason) => leftOut[reason]).map((reason) => ({
        reason,
        count: leftOut[reason]!,
        title: translate(locale, `tasks.skipReasons.${reason}`),
      }));
      const count = selected - skipped.reduce((sum, s) => sum + s.count, 0);
      return {
        data: {
          type: 'actionCosts' as const,
          attributes: { cost: price * count, price, count, balance: user.balance, selected, skipped },
        },
      };
    },
  );

  r.get(
    '/actions/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZActionResponse } } },
    async (req) => {
      const row = await findAction(ctx.db, { userId: requireUser(req).id, id: req.params.id });
      if (!row) throw notFound();
      return { data: present(req, row) };
    },
  );

  r.post(
    '/actions/:id/cancel',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZActionResponse } } },
    async (req) => {
      const user = requireUser(req);
      await cancelAction(ctx, { userId: user.id, id: req.params.id });
      await finishIfComplete(ctx.db, req.params.id);
      await publishActionCount(ctx, user.id);
      const row = await findAction(ctx.db, { userId: user.id, id: req.params.id });
      return { data: present(req, row!) };
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
