import { z } from 'zod';
import { listOf, ref, resource, single } from './common.ts';

// ---------------------------------------------------------------------------------------------------
// Actions (the spec's paid tasks): responses, keys in the order the server sends them.
// ---------------------------------------------------------------------------------------------------

export const ZActionAttributes = z.object({
  actionId: z.number(),
  actionText: z.string(),
  statusId: z.number(),
  statusText: z.string(),
  totalCount: z.number(),
  currentCount: z.number(),
  successCount: z.number(),
  errorCount: z.number(),
  totalErrorCount: z.number(),
  /** Credits per link, and what the task was charged and refunded. */
  price: z.number(),
  cost: z.number(),
  refunded: z.number(),
  message: z.string().nullable(),
  /** The list filters the task was started with (and a move's target campaign). */
  filters: z.record(z.string(), z.unknown()),
  isAutostart: z.boolean(),
  hasNewPeport: z.boolean(), // spec: spelt 'Peport'
  tier: z.number().nullable(),
  /** The action code again (`actionId`), as the spec's task table reads it. */
  type: z.number(),
  projectName: z.string().nullable(),
  campaignName: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TActionAttributes = z.infer<typeof ZActionAttributes>;

export const ZActionResource = resource('actions', ZActionAttributes).extend({
  relationships: z.object({
    project: z.object({ data: ref('projects').nullable() }),
    campaign: z.object({ data: ref('campaigns').nullable() }),
  }),
});
export type TActionResource = z.infer<typeof ZActionResource>;

export const ZActionResponse = single(ZActionResource);
export type TActionResponse = z.infer<typeof ZActionResponse>;
export const ZActionListResponse = listOf(ZActionResource);
export type TActionListResponse = z.infer<typeof ZActionListResponse>;

/** `GET actions/dates`: the days (`YYYY-MM-DD`, UTC) with tasks, newest first. */
export const ZActionDatesResponse = z.object({ data: z.array(z.string()) });

/**
 * `GET actions/list`: the actions a user can start, with their names; an action whose outside
 * service is not configured is listed unavailable, with the reason in the user's language.
 */
export const ZActionTypeListResponse = z.object({
  data: z.array(
    resource(
      'actionTypes',
      z.object({
        id: z.number(),
        name: z.string(),
        available: z.boolean(),
        unavailableReason: z.string().nullable(),
        /** Set when the action runs on the offline demo's stand-in service, not a real one. */
        demoNote: z.string().nullable(),
      }),
    ),
  ),
});

export const ZActionPriceResource = resource(
  'actionPrices',
  z.object({ action: z.number(), price: z.number(), customPrice: z.boolean() }),
);
export const ZActionPriceListResponse = z.object({ data: z.array(ZActionPriceResource) });

/** `GET actions/{action}/balance`: what starting the action on the selection would cost (no id). */
export const ZActionCostResponse = z.object({
  data: z.object({
    type: z.literal('actionCosts'),
    attributes: z.object({ cost: z.number(), price: z.number(), count: z.number(), balance: z.number() }),
  }),
});
export type TActionCost = z.infer<typeof ZActionCostResponse>['data']['attributes'];
