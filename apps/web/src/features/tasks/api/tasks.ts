import { ActionCode, DEFAULT_PAGE_SIZE, FIRST_PAGE, OPTIONS_PAGE_SIZE, TaskStatus } from '@linkwatch/shared';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/api/client.ts';
import type { ListResponse, ResourceResponse } from '@/api/types.ts';

/** An `actions` resource as the server presents it (apps/server/src/modules/actions/actions.presenter.ts). */
export type TaskAttributes = {
  actionId: number;
  actionText: string;
  statusId: number;
  statusText: string;
  totalCount: number;
  currentCount: number;
  successCount: number;
  errorCount: number;
  totalErrorCount: number;
  price: number;
  cost: number;
  refunded: number;
  message: string | null;
  filters: Record<string, unknown> | null;
  isAutostart: boolean;
  /** spec: spelt 'Peport' */
  hasNewPeport: boolean;
  tier: number | null;
  projectName: string | null;
  campaignName: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
};
export type TaskList = ListResponse<'actions', TaskAttributes>;
export type Task = TaskList['data'][number] & {
  relationships?: {
    project?: { data: { id: number } | null };
    campaign?: { data: { id: number } | null };
  };
};

/** What the socket's ActionProgress event carries. */
export type TaskProgress = Pick<
  TaskAttributes,
  'statusId' | 'totalCount' | 'currentCount' | 'successCount' | 'errorCount'
> & { id: number | string };

export const ACTIVE_STATUSES = [TaskStatus.Waiting, TaskStatus.Process] as const;

export function isActive(statusId: number): boolean {
  return (ACTIVE_STATUSES as readonly number[]).includes(statusId);
}

export type TaskFilters = {
  /** A status code, or `active` for waiting and running together. */
  status?: string;
  action?: string;
  date?: string;
  project?: string;
  page: number;
};

export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  list: (filters: TaskFilters) => ['tasks', 'list', filters] as const,
  dates: ['tasks', 'dates'] as const,
  types: ['tasks', 'types'] as const,
  cost: (action: number, campaign: string) => ['tasks', 'cost', action, campaign] as const,
  campaigns: (project: string) => ['tasks', 'campaigns', project] as const,
};

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
    'filter[statuses]': statuses,
    'filter[action]': filters.action,
    'filter[date]': filters.date,
    'filter[project]': filters.project,
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

export function useTaskTypes() {
  return useQuery({
    queryKey: taskKeys.types,
    queryFn: () =>
      api
        .get<ListResponse<'actionTypes', { id: number; name: string }>>('actions/list')
        .then((r) => r.data.map((d) => d.attributes)),
    staleTime: 5 * 60_000,
  });
}

export type CampaignOption = { id: string; name: string; tier: number; linksCount?: number };

export function useCampaignOptions(project: string) {
  return useQuery({
    queryKey: taskKeys.campaigns(project),
    enabled: project !== '',
    staleTime: 30_000,
    queryFn: () =>
      api
        .get<ListResponse<'campaigns', { name: string; tier: number; linksCount?: number }>>('campaigns', {
          query: { 'filter[project]': project, 'page[number]': FIRST_PAGE, 'page[size]': OPTIONS_PAGE_SIZE },
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

export type TaskCost = { cost: number; price: number; count: number; balance: number };

export function useCheckCost(campaign: string) {
  return useQuery({
    queryKey: taskKeys.cost(ActionCode.CheckBacklinks, campaign),
    enabled: campaign !== '',
    staleTime: 0,
    queryFn: () =>
      api
        .get<{ data: { attributes: TaskCost } }>(`actions/${ActionCode.CheckBacklinks}/balance`, {
          query: { campaign },
        })
        .then((r) => r.data.attributes),
  });
}

export function startCheck(campaign: string) {
  return api.post<ResourceResponse<'actions', TaskAttributes>>(
    `actions/${ActionCode.CheckBacklinks}/start`,
    undefined,
    { query: { campaign } },
  );
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
