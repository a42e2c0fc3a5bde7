import type { Query } from '@/api/client.ts';
import type { TaskFilters } from './types.ts';

export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  list: (filters: TaskFilters) => ['tasks', 'list', filters] as const,
  dates: ['tasks', 'dates'] as const,
  types: ['tasks', 'types'] as const,
  prices: ['tasks', 'prices'] as const,
  costs: ['tasks', 'cost'] as const,
  cost: (action: number, campaign: string, includeDeadFeeds = false) =>
    ['tasks', 'cost', action, campaign, includeDeadFeeds] as const,
  campaigns: (project: string) => ['tasks', 'campaigns', project] as const,
  /** A selection's cost (`GET actions/{code}/balance`), under `actions` as the call's path. */
  selectionCosts: ['actions', 'balance'] as const,
  selectionCost: (code: number, query: Query) => ['actions', 'balance', code, query] as const,
};
