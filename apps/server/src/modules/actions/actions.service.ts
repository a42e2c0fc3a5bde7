import { BalanceTransactionType, SKIP_REASONS } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import type { PageQuery } from '../../http/present.ts';
import { assertCanStartTasks } from '../balance/blocking.ts';
import { applyLedgerEntry, InsufficientBalanceError } from '../balance/ledger.ts';
import { countSelection } from '../links/links.selection.ts';
import { publishActionCount } from '../notifications/notifications.service.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { findProject } from '../projects/projects.queries.ts';
import {
  type ActionFilters,
  actionDates,
  cancelPendingItems,
  countLeftOut,
  findAction,
  findOwnAction,
  findRunningAction,
  insertAction,
  insertLinkItems,
  keptWhere,
  listActions,
  lockCampaign,
  lockProject,
  markCancelRequested,
  RUNNING,
  setActionTotals,
} from './actions.queries.ts';
import { actionCatalog, missingProvider } from './catalog.ts';
import { deadFeedRule } from './dead-feeds.ts';
import { finishIfComplete } from './lifecycle.ts';
import { priceFor } from './prices.ts';
import { projectTaskCost } from './project-tasks.ts';
import { renderPreview } from './render-preview.ts';
import type { Selection } from './selection.ts';
import type { TaskQuery } from './task-query.ts';
import type { ActionHandler, ActionRow, LeaveOutRule } from './types.ts';

/** The tasks page: the user's tasks, newest first, with their project's and campaign's names. */
export function actionsPage(
  ctx: AppContext,
  params: { userId: number; page: PageQuery; filters: ActionFilters },
) {
  return listActions(ctx.db, params);
}

/** Days that have tasks, newest first, for the tasks page's date filter. */
export function actionDays(ctx: AppContext, userId: number) {
  return actionDates(ctx.db, userId);
}

/** One task of the user's with its names; another user's is as absent as a missing one. */
export async function showAction(ctx: AppContext, params: { userId: number; id: number }) {
  const row = await findAction(ctx.db, params);
  if (!row) throw notFound();
  return row;
}

export type ShownAction = Awaited<ReturnType<typeof showAction>>;

/** A start from the tasks form: the task, the live count of running tasks, the task as shown. */
export async function startActionForUser(ctx: AppContext, params: StartParams): Promise<ShownAction> {
  const action = await startAction(ctx, params);
  await publishActionCount(ctx, params.userId);
  const row = await findAction(ctx.db, { userId: params.userId, id: action.id });
  return row!;
}

/**
 * The price preview of a task: a project-level task's (project-tasks.ts), else what the selected
 * links would cost at the user's price once the links the task leaves out are taken away.
 */
export async function actionCost(
  ctx: AppContext,
  params: { user: { id: number; balance: number }; action: number; query: TaskQuery },
) {
  const { user, action, query } = params;
  if (query.kind === 'project') return projectTaskCost(ctx, { user, action, filters: query.filters });
  const selection = query.selection;
  const handler = actionCatalog.get(action);
  // The dead-feed leave-outs are counted even when included, so the dialog can offer them either way.
  const leaveOut = leaveOutRules(ctx, { handler, includeDeadFeeds: false });
  const [{ price }, selected, leftOut] = await Promise.all([
    priceFor(ctx.db, { userId: user.id, action }),
    countSelection(ctx.db, selection.where),
    countLeftOut(ctx.db, selection.where, leaveOut),
  ]);
  const deadFeeds = leftOut.deadTierOne ?? 0;
  if (selection.includeDeadFeeds) delete leftOut.deadTierOne;
  const skipped = SKIP_REASONS.filter((reason) => leftOut[reason]).map((reason) => ({
    reason,
    count: leftOut[reason]!,
  }));
  const count = selected - skipped.reduce((sum, s) => sum + s.count, 0);
  const kept = leaveOutRules(ctx, { handler, includeDeadFeeds: selection.includeDeadFeeds });
  const render = await renderPreview(ctx, {
    userId: user.id,
    action,
    kept: keptWhere(selection.where, kept),
  });
  return {
    type: 'actionCosts' as const,
    attributes: {
      cost: price * count,
      price,
      count,
      balance: user.balance,
      selected,
      skipped,
      deadFeeds,
      ...(render === undefined ? {} : { render }),
    },
  };
}

/**
 * What a task leaves out of its selection before charging: its kind's own rules, then (a paid task
 * on links) the tier 2 links that feed a dead tier 1 page, unless the start includes them.
 */
function leaveOutRules(
  ctx: AppContext,
  params: { handler: ActionHandler | undefined; includeDeadFeeds: boolean | undefined },
): LeaveOutRule[] {
  const own = params.handler?.leaveOut?.(ctx.providers) ?? [];
  return params.handler?.leavesOutDeadFeeds && !params.includeDeadFeeds ? [...own, deadFeedRule] : own;
}

export interface StartParams {
  userId: number;
  /** The member who starts it in the owner's account (issue 27); left out for the owner and schedules. */
  actorId?: number | null;
  action: number;
  /** The links a link task works on; none for a project-level task (its filters say what). */
  selection?: Selection;
  filters?: Record<string, unknown>;
  isAutostart?: boolean;
  scheduleId?: number;
}

/**
 * Creates the task, its items and the charge in one transaction: either all of it exists or none,
 * and the balance can never go below zero because the charge is a conditional update.
 */
export async function startAction(ctx: AppContext, params: StartParams): Promise<ActionRow> {
  const handler = actionCatalog.get(params.action);
  if (!handler) throw new AppError('invalid', 'tasks.errors.selectTask');
  await assertCanStartTasks(ctx.db, params.userId);
  // Before anything is read or charged: with no provider the task could only fail.
  const missing = missingProvider(ctx.providers, params.action);
  if (missing) throw new AppError('invalid', `tasks.errors.noProvider.${missing}`);
  const scope = handler.project;
  const selection = params.selection;
  if (!scope && !selection) throw new AppError('invalid', 'errors.noSelectedLinks');
  const campaign = selection?.campaignId
    ? await ownCampaign(ctx, params.userId, selection.campaignId)
    : undefined;
  const filters = taskFiltersFor(handler, params.filters);
  const project = scope ? await ownProject(ctx, params.userId, scope.projectId(filters)) : undefined;
  await handler.beforeStart?.(ctx.db, { userId: params.userId, filters });
  await scope?.beforeStart?.(ctx, { userId: params.userId, filters });
  const { price } = await priceFor(ctx.db, { userId: params.userId, action: params.action });
  const leaveOut = leaveOutRules(ctx, { handler, includeDeadFeeds: selection?.includeDeadFeeds });

  try {
    return await ctx.db.transaction(async (tx) => {
      if (campaign)
        await assertNotRunning(tx, { ...params, campaignId: campaign.id, campaignName: campaign.name });
      if (project) await assertNotRunning(tx, { ...params, projectId: project.id });
      const action = await insertAction(tx, {
        userId: params.userId,
        actorId: params.actorId ?? null,
        actionId: params.action,
        projectId: project?.id ?? campaign?.projectId ?? null,
        campaignId: campaign?.id ?? null,
        tier: campaign?.tier ?? null,
        price,
        filters,
        isAutostart: params.isAutostart ?? false,
        scheduleId: params.scheduleId ?? null,
      });
      let skipped: Awaited<ReturnType<typeof countLeftOut>> | null = null;
      let total: number;
      if (scope) {
        total = await scope.insertItems(tx, { actionId: action.id, userId: params.userId, filters });
        if (total === 0) throw new AppError('invalid', scope.nothingKey);
      } else {
        const where = selection!.where;
        const counted = leaveOut.length > 0 ? await countLeftOut(tx, where, leaveOut) : null;
        // A task that leaves out only dead feeds says nothing (null, as before) while it left none out.
        skipped = counted && (handler.leaveOut || Object.keys(counted).length > 0) ? counted : null;
        total = await insertLinkItems(tx, {
          actionId: action.id,
          where: keptWhere(where, leaveOut),
          days: handler.dripDays?.(filters) ?? 1,
        });
      }
      if (total === 0) {
        if (skipped && Object.keys(skipped).length > 0)
          throw new AppError('invalid', 'tasks.errors.allLeftOut');
        if (campaign) throw new AppError('invalid', 'tasks.errors.noLinks', { campaign: campaign.name });
        throw new AppError('invalid', 'errors.noSelectedLinks');
      }
      const cost = price * total;
      const started = await setActionTotals(tx, { id: action.id, totalCount: total, cost, skipped });
      if (cost > 0) {
        await applyLedgerEntry(tx, {
          userId: params.userId,
          value: -cost,
          typeId: BalanceTransactionType.Charge,
          description: `task:${params.action}`,
          actionId: action.id,
        });
      }
      return started;
    });
  } catch (error) {
    if (error instanceof InsufficientBalanceError) {
      throw new AppError('invalid', 'tasks.errors.insufficientBalance', {
        required: error.required,
        balance: error.balance,
      });
    }
    throw error;
  }
}

async function ownCampaign(ctx: AppContext, userId: number, id: number) {
  const row = await findCampaign(ctx.db, { userId, id });
  if (!row) throw notFound();
  return row.campaign;
}

/** A project-level task's project: another user's is as absent as a missing one. */
async function ownProject(ctx: AppContext, userId: number, id: number) {
  const project = await findProject(ctx.db, { userId, id });
  if (!project) throw notFound();
  return project;
}

/**
 * The filters a task stores, as its kind declares them; what does not parse is the caller's mistake,
 * told on the field it came from (`days`), else on the campaign.
 */
function taskFiltersFor(handler: ActionHandler, filters: Record<string, unknown> = {}) {
  const parsed = handler.filters.safeParse(filters);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path[0];
  if (field === 'days') throw new FieldError({ days: 'tasks.errors.days' });
  throw new FieldError({ campaign: 'validation.required' });
}

/**
 * The same action may run only once at a time on a campaign, and a project-level one (a crawler pull
 * or removal) once at a time on its project. Spec 8's words: on a campaign 'Task cannot be started for
 * campaign {campaign}. Task already run.'; on a project 'Task already started' with 'Please wait while
 * current task will be finished and try again'.
 */
async function assertNotRunning(
  tx: Tx,
  params: { userId: number; action: number } & (
    | { campaignId: number; campaignName: string }
    | { projectId: number }
  ),
) {
  // Serialises concurrent starts for one campaign (project) so two of them cannot both pass the check.
  if ('campaignId' in params) await lockCampaign(tx, { campaignId: params.campaignId });
  else await lockProject(tx, { projectId: params.projectId });
  const running = await findRunningAction(tx, params);
  if (!running) return;
  if ('campaignId' in params)
    throw new AppError('invalid', 'tasks.errors.alreadyRun', { campaign: params.campaignName });
  throw new AppError('invalid', 'tasks.errors.alreadyStarted', {}, 'tasks.errors.alreadyStartedHint');
}

/**
 * The cancel's writes, on `db`: the console passes its transaction so that its audit row and the
 * cancel are kept or lost together (issue 28). The live count is the caller's to publish.
 */
export async function cancelActionRows(db: Queryable, params: { userId: number; id: number }) {
  const action = await findOwnAction(db, params);
  if (!action) throw notFound();
  if (!RUNNING.includes(action.statusId as 0 | 2)) throw new AppError('invalid', 'tasks.errors.notRunning');
  await cancelPendingItems(db, { actionId: action.id });
  await markCancelRequested(db, { actionId: action.id });
  await finishIfComplete(db, params.id);
}

/**
 * Cancels a waiting or running task: its pending items stop and their share is refunded. A task with
 * no batch in a worker's hands ends at once; the live count of running tasks follows. Answers the
 * task as shown.
 */
export async function cancelAction(
  ctx: AppContext,
  params: { userId: number; id: number },
): Promise<ShownAction> {
  await cancelActionRows(ctx.db, params);
  await publishActionCount(ctx, params.userId);
  const row = await findAction(ctx.db, params);
  return row!;
}
