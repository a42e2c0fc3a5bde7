import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { findProject } from '../projects/projects.queries.ts';
import { actionCatalog } from './catalog.ts';
import { priceFor } from './prices.ts';

/**
 * The price preview of a project-level task (actions 10 and 17): the items it would make at the
 * user's price, and what an outside service would take of its own units (Ahrefs), asked before the
 * task starts. Another user's project is as absent as a missing one.
 */
export async function projectTaskCost(
  ctx: AppContext,
  params: { user: { id: number; balance: number }; action: number; filters: Record<string, unknown> },
) {
  const handler = actionCatalog.get(params.action);
  const scope = handler?.project;
  if (!handler || !scope) throw new AppError('invalid', 'tasks.errors.selectTask');
  const filters = handler.filters.parse(params.filters);
  const project = await findProject(ctx.db, { userId: params.user.id, id: scope.projectId(filters) });
  if (!project) throw notFound();
  const [{ price }, preview] = await Promise.all([
    priceFor(ctx.db, { userId: params.user.id, action: params.action }),
    scope.preview(ctx, { userId: params.user.id, filters }),
  ]);
  return {
    type: 'actionCosts' as const,
    attributes: {
      cost: price * preview.count,
      price,
      count: preview.count,
      balance: params.user.balance,
      selected: preview.count,
      skipped: [],
      providerUnits: preview.providerUnits,
    },
  };
}
