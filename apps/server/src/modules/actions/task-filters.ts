import { rules } from '@linkwatch/shared';
import { z } from 'zod';

/**
 * What every task remembers of the list it was started from: the campaign and the `filter[…]` values,
 * shown back with the task (`filters` of `GET actions/{id}`).
 */
export const ZTaskFilters = z
  .object({ campaign: z.number().int().positive().optional() })
  .catchall(z.union([z.string(), z.array(z.string()), z.number()]));
export type TaskFilters = z.infer<typeof ZTaskFilters>;

/** A move also names the campaign the links go to. */
export const ZMoveFilters = ZTaskFilters.extend({
  targetCampaign: rules.id(),
});
export type MoveFilters = z.infer<typeof ZMoveFilters>;
