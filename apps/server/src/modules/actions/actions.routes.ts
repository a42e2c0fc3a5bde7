import {
  ActionCode,
  DATE_MAX_TIME,
  rules,
  TaskStatus,
  ZActionCostResponse,
  ZActionDatesResponse,
  ZActionListQuery,
  ZActionListResponse,
  ZActionPriceListResponse,
  ZActionResponse,
  ZActionSelectionQuery,
  ZActionTypeListResponse,
  ZCountResponse,
  ZIdParams,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { FieldError, notFound } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import {
  type RawQuery,
  readDateFilter,
  readFilter,
  readId,
  readIdFilter,
  readNumberFilter,
  readPage,
} from '../../http/list-query.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated, resource } from '../../http/present.ts';
import { countSelection } from '../links/links.selection.ts';
import { publishActionCount, runningActionCount } from '../notifications/notifications.service.ts';
import { presentAction } from './actions.presenter.ts';
import { actionDates, findAction, listActions } from './actions.queries.ts';
import { cancelAction, startAction } from './actions.service.ts';
import { STARTABLE_ACTIONS } from './catalog.ts';
import { finishIfComplete } from './lifecycle.ts';
import { allPricesFor, priceFor } from './prices.ts';
import { selectionFromQuery } from './selection.ts';

const tags = ['actions'];
const security = [{ bearerAuth: [] }];
const ZAction = z.object({ action: rules.id() });

/** The list filters a task remembers, besides the selection itself. */
function taskFilters(query: RawQuery) {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) if (key.startsWith('filter[')) filters[key] = value;
  if (query.campaign) filters.campaign = Number(query.campaign);
  const target = query.targetCampaign ?? query.target;
  if (typeof target === 'string' && target !== '') filters.targetCampaign = readId(target, 'targetCampaign');
  return filters;
}

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
        querystring: ZActionSelectionQuery,
        response: { 201: ZActionResponse },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const query = req.query as RawQuery;
      const action = await startAction(ctx, {
        userId: user.id,
        action: req.params.action,
        selection: selectionFromQuery(user.id, query),
        filters: taskFilters(query),
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
      const query = req.query as RawQuery;
      const page = readPage(query, { maxSize: 200 });
      const { rows, total } = await listActions(ctx.db, {
        userId: user.id,
        page,
        filters: {
          statuses: readStatuses(query),
          action: readNumberFilter(query, 'action', ACTION_CODES),
          project: readIdFilter(query, 'project'),
          campaign: readIdFilter(query, 'campaign'),
          date: readDay(query, 'date'),
        },
      });
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
        data: STARTABLE_ACTIONS.map((id) =>
          resource('actionTypes', id, { id, name: translate(locale, `tasks.actions.${id}`) }),
        ),
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
        querystring: ZActionSelectionQuery,
        response: { 200: ZActionCostResponse },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const selection = selectionFromQuery(user.id, req.query as RawQuery);
      const [{ price }, count] = await Promise.all([
        priceFor(ctx.db, { userId: user.id, action: req.params.action }),
        countSelection(ctx.db, selection.where),
      ]);
      return {
        data: {
          type: 'actionCosts' as const,
          attributes: { cost: price * count, price, count, balance: user.balance },
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

const STATUS_NAMES: Record<string, number> = {
  waiting: TaskStatus.Waiting,
  process: TaskStatus.Process,
  done: TaskStatus.Done,
  fail: TaskStatus.Fail,
};
const STATUS_IDS = new Set<number>(Object.values(TaskStatus));
const ACTION_CODES: readonly number[] = Object.values(ActionCode);

/** `filter[statuses]=process,waiting` as the spec's task count call sends it, or status ids (`2,3`). */
function readStatuses(query: RawQuery): number[] {
  const raw = query['filter[statuses]'] ?? query['filter[statuses][]'] ?? [];
  return (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '')
    .map((v) => {
      const status = STATUS_NAMES[v] ?? (/^\d{1,3}$/.test(v) ? Number(v) : undefined);
      if (status === undefined || !STATUS_IDS.has(status))
        throw new FieldError({ 'filter.statuses': 'validation.invalid' });
      return status;
    });
}

/** `filter[date]`: a day (`YYYY-MM-DD`; a timestamp is cut to its day) whose whole span is in the date range. */
function readDay(query: RawQuery, name: string): string | undefined {
  if (!readDateFilter(query, name)) return undefined;
  const day = readFilter(query, name)?.slice(0, 10);
  if (day && Date.parse(`${day}T00:00:00Z`) + 86_400_000 > DATE_MAX_TIME)
    throw new FieldError({ [`filter.${name}`]: 'validation.date' });
  return day;
}
