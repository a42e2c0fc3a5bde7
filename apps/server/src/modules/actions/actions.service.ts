import { BalanceTransactionType, TaskStatus } from '@linkwatch/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rawRowCount, type Tx } from '../../db/client.ts';
import { actionItems, actions, campaigns, links } from '../../db/schema/index.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import { assertCanStartTasks } from '../balance/blocking.ts';
import { applyLedgerEntry, InsufficientBalanceError } from '../balance/ledger.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { actionCatalog, missingProvider } from './catalog.ts';
import { countLeftOut, keptWhere } from './left-out.ts';
import { priceFor } from './prices.ts';
import type { Selection } from './selection.ts';
import { type ActionHandler, type ActionRow, ITEM_STATUS } from './types.ts';

const RUNNING = [TaskStatus.Waiting, TaskStatus.Process];

export interface StartParams {
  userId: number;
  action: number;
  selection: Selection;
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
  const campaign = params.selection.campaignId
    ? await ownCampaign(ctx, params.userId, params.selection.campaignId)
    : undefined;
  const filters = taskFiltersFor(handler, params.filters);
  await handler.beforeStart?.(ctx.db, { userId: params.userId, filters });
  const { price } = await priceFor(ctx.db, { userId: params.userId, action: params.action });
  const leaveOut = handler.leaveOut?.(ctx.providers) ?? [];

  try {
    return await ctx.db.transaction(async (tx) => {
      if (campaign) await assertNotRunning(tx, { ...params, campaignId: campaign.id });
      const [action] = await tx
        .insert(actions)
        .values({
          userId: params.userId,
          actionId: params.action,
          projectId: campaign?.projectId ?? null,
          campaignId: campaign?.id ?? null,
          tier: campaign?.tier ?? null,
          price,
          filters,
          isAutostart: params.isAutostart ?? false,
          scheduleId: params.scheduleId ?? null,
        })
        .returning();
      const skipped = leaveOut.length > 0 ? await countLeftOut(tx, params.selection.where, leaveOut) : null;
      const total = await insertItems(tx, {
        actionId: action.id,
        where: keptWhere(params.selection.where, leaveOut),
        days: handler.dripDays?.(filters) ?? 1,
      });
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

/** 'Task already started': the same action may run only once at a time on a campaign. */
async function assertNotRunning(tx: Tx, params: { userId: number; campaignId: number; action: number }) {
  // Serialises concurrent starts for one campaign so two of them cannot both pass the check.
  await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, params.campaignId))
    .for('update');
  const [running] = await tx
    .select({ id: actions.id })
    .from(actions)
    .where(
      and(
        eq(actions.campaignId, params.campaignId),
        eq(actions.actionId, params.action),
        inArray(actions.statusId, RUNNING),
      ),
    )
    .limit(1);
  if (running) throw new AppError('invalid', 'tasks.errors.alreadyStarted');
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
