import { ActionCode, PricedExtra, type TRenderPreview } from '@linkwatch/shared';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { countByRenderMode } from './actions.queries.ts';
import { priceFor } from './prices.ts';

export type RenderPreview = TRenderPreview;

/**
 * What rendering may add to a backlink check (issue 31), shown before the start: the kept links
 * counted by their project's render mode at the user's price for a rendered page. Undefined for other
 * tasks; null when nothing would be rendered (no project of the selection renders, or this server is
 * configured with no browsers, RENDER_BROWSERS=0, so no worker of it renders).
 */
export async function renderPreview(
  ctx: AppContext,
  params: { userId: number; action: number; kept: SQL },
): Promise<RenderPreview | null | undefined> {
  if (params.action !== ActionCode.CheckBacklinks) return undefined;
  if (ctx.config.render.browsers === 0) return null;
  const [modes, { price }] = await Promise.all([
    countByRenderMode(ctx.db, params.kept),
    priceFor(ctx.db, { userId: params.userId, action: PricedExtra.RenderedCheck }),
  ]);
  const always = modes('always');
  const missing = modes('missing');
  if (always + missing === 0) return null;
  return { price, always, missing, cost: price * always, maxCost: price * (always + missing) };
}
