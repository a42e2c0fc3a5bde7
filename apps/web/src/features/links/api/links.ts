import {
  ActionCode,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  TaskStatus,
  type TLinkAttributes,
  type TLinkResource,
  type TUploadResult,
  type ZBacklinkResource,
  type ZCheckHistoryResource,
  type ZIndexHistoryResource,
  type ZLinkChartResponse,
  type ZLinkCodesResponse,
  type ZLinkCountsResponse,
  type ZLinkStatisticResponse,
} from '@linkwatch/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '@/api/client.ts';
import type { ListResponse } from '@/api/types.ts';

export type Link = TLinkResource;
export type { TLinkAttributes, TUploadResult };
export type Backlink = z.infer<typeof ZBacklinkResource>;
export type CheckHistory = z.infer<typeof ZCheckHistoryResource>;
export type IndexHistory = z.infer<typeof ZIndexHistoryResource>;
export type LinkCounts = z.infer<typeof ZLinkCountsResponse>['data']['attributes'];
export type LinkStatistic = z.infer<typeof ZLinkStatisticResponse>['data']['attributes'];
export type LinkCodes = z.infer<typeof ZLinkCodesResponse>['data']['attributes'];
export type LinkChart = z.infer<typeof ZLinkChartResponse>['data']['attributes'];

export type LinkListPage = { data: Link[]; meta: ListResponse<'links', TLinkAttributes>['meta'] };

export const linkKeys = {
  all: ['links'] as const,
  list: (query: Query) => ['links', 'list', query] as const,
  counts: (query: Query) => ['links', 'counts', query] as const,
  statistic: (query: Query) => ['links', 'statistic', query] as const,
  codes: (query: Query) => ['links', 'codes', query] as const,
  chart: (query: Query) => ['links', 'chart', query] as const,
  one: (id: string | number) => ['links', 'one', String(id)] as const,
  indexHistories: (query: Query) => ['links', 'index-histories', query] as const,
};

export function useLinks(query: Query, enabled = true) {
  return useQuery({
    queryKey: linkKeys.list(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<LinkListPage>('links', {
        query: { 'page[number]': FIRST_PAGE, 'page[size]': DEFAULT_PAGE_SIZE, ...query },
      }),
  });
}

export function useLinkCounts(query: Query) {
  return useQuery({
    queryKey: linkKeys.counts(query),
    queryFn: () =>
      api.get<{ data: { attributes: LinkCounts } }>('links/counts', { query }).then((r) => r.data.attributes),
  });
}

export function useLinkCodes(query: Query) {
  return useQuery({
    queryKey: linkKeys.codes(query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<{ data: { attributes: LinkCodes } }>('links/codes', { query }).then((r) => r.data.attributes),
  });
}

export function useLinkStatistic(query: Query) {
  return useQuery({
    queryKey: linkKeys.statistic(query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api
        .get<{ data: { attributes: LinkStatistic } }>('links/statistic', { query })
        .then((r) => r.data.attributes),
  });
}

export function useLinkChart(query: Query) {
  return useQuery({
    queryKey: linkKeys.chart(query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<{ data: { attributes: LinkChart } }>('links/chart', { query }).then((r) => r.data.attributes),
  });
}

type LinkDetails = { data: Link; included?: (Backlink | CheckHistory | IndexHistory)[] };

export function useLinkDetails(id: string | number | null) {
  return useQuery({
    queryKey: linkKeys.one(id ?? ''),
    enabled: id !== null,
    queryFn: async () => {
      const r = await api.get<LinkDetails>(`links/${id}`, {
        query: { include: 'backlinks,histories,indexHistories' },
      });
      const included = r.included ?? [];
      return {
        link: r.data,
        backlinks: included.filter((i): i is Backlink => i.type === 'backlinks'),
        histories: included.filter((i): i is CheckHistory => i.type === 'backlinkCheckHistories'),
        indexHistories: included.filter((i): i is IndexHistory => i.type === 'indexHistories'),
      };
    },
  });
}

export function useIndexHistories(query: Query) {
  return useQuery({
    queryKey: linkKeys.indexHistories(query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<{ data: IndexHistory[]; meta: LinkListPage['meta'] }>('index-histories', { query }),
  });
}

export const linksApi = {
  update: (id: string | number, payload: { url: string; comment: string | null }) =>
    api.put<{ data: Link }>(`links/${id}`, payload),
  deleteBacklink: (id: string | number) => api.delete<boolean>(`backlinks/${id}`),
};

/** The list moves and checks of spec point 4 the links table offers, by tab. */
export const BULK_ACTIONS = {
  checkBacklinks: ActionCode.CheckBacklinks,
  addToHistory: ActionCode.AddToHistory,
  recoverFromHistory: ActionCode.RecoverFromHistory,
  addToDisallow: ActionCode.AddToDisallow,
  recoverFromDisallow: ActionCode.RecoverFromDisallow,
  move: ActionCode.Move,
  remove: ActionCode.Remove,
} as const;
export type BulkAction = keyof typeof BULK_ACTIONS;

export type TaskAttributes = {
  actionId: number;
  statusId: number;
  totalCount: number;
  message: string | null;
};
export type Task = { id: number; attributes: TaskAttributes };

export const tasksApi = {
  /** spec point 7: `GET actions/{action}/balance` reads data.attributes.cost. */
  balance: (code: number, query: Query) =>
    api
      .get<{ data: { attributes: { cost: number; price: number; count: number; balance: number } } }>(
        `actions/${code}/balance`,
        { query },
      )
      .then((r) => r.data.attributes),
  start: (code: number, query: Query) =>
    api.post<{ data: Task }>(`actions/${code}/start`, undefined, { query }),
  get: (id: number) => api.get<{ data: Task }>(`actions/${id}`),
};

const POLL_MS = 1000;
const POLL_LIMIT = 120;

/** True once the task has left Waiting and Process. */
export const isTaskFinished = (task: Task) =>
  task.attributes.statusId === TaskStatus.Done || task.attributes.statusId === TaskStatus.Fail;

/**
 * List moves run as tasks in the worker; the table refreshes when the task is over (polled, since
 * the socket event only carries a notification).
 */
export function useTaskWatcher() {
  const client = useQueryClient();
  return async (task: Task, onDone?: (task: Task) => void) => {
    let current = task;
    for (let i = 0; i < POLL_LIMIT && !isTaskFinished(current); i++) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = (await tasksApi.get(task.id).catch(() => ({ data: current }))).data;
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: linkKeys.all }),
      client.invalidateQueries({ queryKey: ['projects'] }),
      client.invalidateQueries({ queryKey: ['campaigns'] }),
      client.invalidateQueries({ queryKey: ['sidebar'] }),
    ]);
    onDone?.(current);
  };
}
