import type { TActionAttributes, TActionCost } from '@linkwatch/shared';
import type { ListResponse } from '@/api/types.ts';

/** An `actions` resource as the server presents it (links' bulk actions use it too). */
export type TaskAttributes = TActionAttributes;
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

export type TaskFilters = {
  /** A status code, or `active` for waiting and running together. */
  status?: string;
  action?: string;
  date?: string;
  project?: string;
  /** A campaign page's own tasks. */
  campaign?: string;
  page: number;
};

export type CampaignOption = { id: string; name: string; tier: number; linksCount?: number };

export type TaskCost = TActionCost;
