import {
  ActionCode,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  type FilterName,
  filterParams,
  OPTIONS_PAGE_SIZE,
  TaskStatus,
  type ZActionListQuery,
  type ZCampaignListQuery,
} from '@linkwatch/shared';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/api/client.ts';
import type { ListResponse, ResourceResponse } from '@/api/types.ts';
import { deadFeedsQuery } from '../DeadFeedsChoice.tsx';
import { taskKeys } from './keys.ts';
import { taskTypesQuery } from './taskTypes.ts';
import type {
  CampaignOption,
  Task,
  TaskAttributes,
  TaskCost,
  TaskFilters,
  TaskList,
  TaskProgress,
} from './types.ts';

/** The tasks a campaign offers in its header, in this order; add to index joins as its handler arrives. */
export const CAMPAIGN_TASKS: readonly number[] = [
  ActionCode.CheckBacklinks,
  ActionCode.CheckIndexing,
  ActionCode.CheckTrust,
];

export const ACTIVE_STATUSES = [TaskStatus.Waiting, TaskStatus.Process] as const;

export function isActive(statusId: number): boolean {
  return (ACTIVE_STATUSES as readonly number[]).includes(statusId);
}

/** True once the task has left Waiting and Process. */
export const isTaskFinished = (task: Pick<Task, 'attributes'>) =>
  task.attributes.statusId === TaskStatus.Done || task.attributes.statusId === TaskStatus.Fail;

export function taskQuery(filters: TaskFilters): Query {
  const statuses =
    filters.status === 'active'
      ? [...ACTIVE_STATUSES]
      : filters.status
        ? [Number(filters.status)]
        : undefined;
  return {
    'page[number]': filters.page,
    'page[size]': DEFAULT_PAGE_SIZE,
    ...filterParams<FilterName<typeof ZActionListQuery>>({
      statuses,
      action: filters.action,
      date: filters.date,
      project: filters.project,
      campaign: filters.campaign,
    }),
  };
}

export function useTasks(filters: TaskFilters, options: { live: boolean }) {
  return useQuery({
    queryKey: taskKeys.list(filters),
    queryFn: ({ signal }) => api.get<TaskList>('actions', { query: taskQuery(filters), signal }),
    placeholderData: keepPreviousData,
    // The socket keeps the list live; polling is the fallback while it is down and a task runs.
    refetchInterval: (query) =>
      !options.live && query.state.data?.data.some((task) => isActive(task.attributes.statusId))
        ? 3_000
        : false,
  });
}

export function useTaskDates() {
  return useQuery({
    queryKey: taskKeys.dates,
    queryFn: () => api.get<{ data: string[] }>('actions/dates').then((r) => r.data),
    staleTime: 60_000,
  });
}

export type { TaskType } from './taskTypes.ts';

/** The tasks a user can start; one whose outside service is not configured says why it cannot. */
export function useTaskTypes() {
  return useQuery(taskTypesQuery);
}

/** Why an action cannot start now (no provider of its kind), or null while it can or is not known yet. */
export function useUnavailableReason(action: number): string | null {
  const types = useTaskTypes();
  const type = types.data?.find((t) => t.id === action);
  return type && !type.available ? type.unavailableReason : null;
}

/** The user's price per link of each action (`GET actions/prices`), by action code. */
export function useActionPrices(enabled = true) {
  return useQuery({
    queryKey: taskKeys.prices,
    enabled,
    queryFn: () =>
      api
        .get<ListResponse<'actionPrices', { action: number; price: number }>>('actions/prices')
        .then((r) => new Map(r.data.map((d) => [d.attributes.action, d.attributes.price]))),
    staleTime: 5 * 60_000,
  });
}

/** Set when the action answers from the offline demo's stand-in service: the screens say so. */
export function useDemoNote(action: number): string | null {
  return useTaskTypes().data?.find((t) => t.id === action)?.demoNote ?? null;
}

export function useCampaignOptions(project: string) {
  return useQuery({
    queryKey: taskKeys.campaigns(project),
    enabled: project !== '',
    staleTime: 30_000,
    queryFn: () =>
      api
        .get<ListResponse<'campaigns', { name: string; tier: number; linksCount?: number }>>('campaigns', {
          query: {
            ...filterParams<FilterName<typeof ZCampaignListQuery>>({ project }),
            'page[number]': FIRST_PAGE,
            'page[size]': OPTIONS_PAGE_SIZE,
          },
        })
        .then((r) =>
          r.data.map(
            (c): CampaignOption => ({
              id: String(c.id),
              name: c.attributes.name,
              tier: c.attributes.tier,
              linksCount: c.attributes.linksCount,
            }),
          ),
        ),
  });
}

/** The cost of a task on every active link of a campaign, against the balance (spec point 7). */
export function useTaskCost({
  action,
  campaign,
  enabled = true,
  includeDeadFeeds = false,
}: {
  action: number;
  campaign: string;
  enabled?: boolean;
  /** Tier 2 links that feed a dead tier 1 page are counted in (and charged), not left out (issue 31). */
  includeDeadFeeds?: boolean;
}) {
  return useQuery({
    queryKey: taskKeys.cost(action, campaign, includeDeadFeeds),
    enabled: enabled && campaign !== '',
    staleTime: 0,
    // A price beside a button, not the page: refused (a member whose role the page has not read yet, the
    // buttons drawn meanwhile) it must not turn the campaign page into the 403 page. The dialog shows its own error.
    throwOnError: false,
    queryFn: () =>
      api
        .get<{ data: { attributes: TaskCost } }>(`actions/${action}/balance`, {
          query: { campaign, ...deadFeedsQuery(includeDeadFeeds) },
        })
        .then((r) => r.data.attributes),
  });
}

/** What a task would cost on a selection of links, against the balance; read afresh at each opening. */
export function useSelectionCost({ code, query, enabled }: { code: number; query: Query; enabled: boolean }) {
  return useQuery({
    queryKey: taskKeys.selectionCost(code, query),
    enabled,
    staleTime: 0,
    queryFn: () => actionsApi.cost(code, query),
  });
}

export function startTask({
  action,
  campaign,
  includeDeadFeeds = false,
}: {
  action: number;
  campaign: string;
  includeDeadFeeds?: boolean;
}) {
  return api.post<ResourceResponse<'actions', TaskAttributes>>(`actions/${action}/start`, undefined, {
    query: { campaign, ...deadFeedsQuery(includeDeadFeeds) },
  });
}

/**
 * The newest tasks of a campaign or project: their rows sit among the task lists, so the socket's
 * progress events move their bars like the tasks page's (polled only while the socket is down).
 */
export function useRecentTasks(scope: { project?: string; campaign?: string }, options: { live: boolean }) {
  return useTasks({ ...scope, page: FIRST_PAGE }, options);
}

export function cancelTask(id: number | string) {
  return api.post<ResourceResponse<'actions', TaskAttributes>>(`actions/${id}/cancel`);
}

/** Every cached task page gets the new counts at once; the row re-renders, nothing is refetched. */
export function applyTaskProgress(queryClient: QueryClient, progress: TaskProgress): { known: boolean } {
  let known = false;
  queryClient.setQueriesData<TaskList>({ queryKey: taskKeys.lists }, (list) => {
    if (!list?.data.some((task) => String(task.id) === String(progress.id))) return list;
    known = true;
    const { id: _id, ...counts } = progress;
    return {
      ...list,
      data: list.data.map((task) =>
        String(task.id) === String(progress.id)
          ? { ...task, attributes: { ...task.attributes, ...counts } }
          : task,
      ),
    };
  });
  return { known };
}

/** Any action by its code (the links table's bulk actions); a campaign's own tasks use startTask. */
export const actionsApi = {
  /** spec point 7: `GET actions/{action}/balance` reads data.attributes.cost. */
  cost: (code: number, query: Query) =>
    api
      .get<{ data: { attributes: TaskCost } }>(`actions/${code}/balance`, { query })
      .then((r) => r.data.attributes),
  start: (code: number, query: Query) =>
    api.post<ResourceResponse<'actions', TaskAttributes>>(`actions/${code}/start`, undefined, { query }),
  get: (id: number | string) => api.get<ResourceResponse<'actions', TaskAttributes>>(`actions/${id}`),
};
