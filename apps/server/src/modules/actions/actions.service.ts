import { BalanceTransactionType, TaskStatus } from '@linkwatch/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rawRowCount, type Tx } from '../../db/client.ts';
import { actionItems, actions, campaigns, links, projects } from '../../db/schema/index.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import { assertCanStartTasks } from '../balance/blocking.ts';
import { applyLedgerEntry, InsufficientBalanceError } from '../balance/ledger.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { findProject } from '../projects/projects.queries.ts';
import { actionCatalog, missingProvider } from './catalog.ts';
import { countLeftOut, keptWhere } from './left-out.ts';
import { priceFor } from './prices.ts';
import type { Selection } from './selection.ts';
import { type ActionHandler, type ActionRow, ITEM_STATUS } from './types.ts';

const RUNNING = [TaskStatus.Waiting, TaskStatus.Process];

export interface StartParams {
  userId: number;
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
  const leaveOut = handler.leaveOut?.(ctx.providers) ?? [];

  try {
    return await ctx.db.transaction(async (tx) => {
      if (campaign)
        await assertNotRunning(tx, { ...params, campaignId: campaign.id, campaignName: campaign.name });
      if (project) await assertNotRunning(tx, { ...params, projectId: project.id });
      const [action] = await tx
        .insert(actions)
        .values({
          userId: params.userId,
          actionId: params.action,
          projectId: project?.id ?? campaign?.projectId ?? null,
          campaignId: campaign?.id ?? null,
          tier: campaign?.tier ?? null,
          price,
          filters,
          isAutostart: params.isAutostart ?? false,
          scheduleId: params.scheduleId ?? null,
        })
        .returning();
      let skipped: Awaited<ReturnType<typeof countLeftOut>> | null = null;
      let total: number;
      if (scope) {
        total = await scope.insertItems(tx, { actionId: action.id, userId: params.userId, filters });
        if (total === 0) throw new AppError('invalid', scope.nothingKey);
      } else {
        const where = selection!.where;
        skipped = leaveOut.length > 0 ? await countLeftOut(tx, where, leaveOut) : null;
        total = await insertItems(tx, {
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
      const [started] = await tx
        .update(actions)
        .set({ totalCount: total, cost, skipped })
        .where(eq(actions.id, action.id))
        .returning();
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
  const scoped =
    'campaignId' in params
      ? eq(actions.campaignId, params.campaignId)
      : and(eq(actions.projectId, params.projectId), isNull(actions.campaignId));
  if ('campaignId' in params) {
    await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.id, params.campaignId))
      .for('update');
  } else {
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, params.projectId))
      .for('update');
  }
  const [running] = await tx
    .select({ id: actions.id })
    .from(actions)
    .where(and(scoped, eq(actions.actionId, params.action), inArray(actions.statusId, RUNNING)))
    .limit(1);
  if (!running) return;
  if ('campaignId' in params)
    throw new AppError('invalid', 'tasks.errors.alreadyRun', { campaign: params.campaignName });
  throw new AppError('invalid', 'tasks.errors.alreadyStarted', {}, 'tasks.errors.alreadyStartedHint');
}

/**
 * One item per link. Spread over `days` (a drip feed), the k-th of n items waits until day
 * ⌊k·days/n⌋: the first portion goes at once, the others one day after another.
 */
async function insertItems(tx: Tx, params: { actionId: number; where: SQL; days: number }): Promise<number> {
  if (params.days <= 1) {
    return rawRowCount(
      tx,
      sql`
      insert into ${actionItems} (action_id, link_id)
      select ${params.actionId}, ${links.id} from ${links} where ${params.where} order by ${links.id}`,
    );
  }
  return rawRowCount(
    tx,
    sql`
    insert into ${actionItems} (action_id, link_id, locked_until)
    select ${params.actionId}, id,
      case when portion = 0 then null else now() + portion * interval '1 day' end
    from (
      select ${links.id} as id,
        floor((row_number() over (order by ${links.id}) - 1) * ${params.days}::int / count(*) over ())::int as portion
      from ${links} where ${params.where}) as spread
    order by id`,
  );
}

/** Cancels a waiting or running task: its pending items stop and their share is refunded. */
export async function cancelAction(ctx: AppContext, params: { userId: number; id: number }) {
  const [action] = await ctx.db
    .select()
    .from(actions)
    .where(and(eq(actions.id, params.id), eq(actions.userId, params.userId)));
  if (!action) throw notFound();
  if (!RUNNING.includes(action.statusId as 0 | 2)) throw new AppError('invalid', 'tasks.errors.notRunning');
  await ctx.db
    .update(actionItems)
    .set({ status: ITEM_STATUS.Cancelled, processedAt: new Date() })
    .where(and(eq(actionItems.actionId, action.id), eq(actionItems.status, ITEM_STATUS.Pending)));
  await ctx.db.update(actions).set({ cancelRequested: true }).where(eq(actions.id, action.id));
}
