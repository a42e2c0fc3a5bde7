import type { ListResponse } from '@/api/types.ts';

// packages/shared has no resource schema of actions yet; when it does, TaskAttributes becomes
// `z.infer` of it. Until then this is the one definition the app uses (links' bulk actions too).
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

export type TaskFilters = {
  /** A status code, or `active` for waiting and running together. */
  status?: string;
  action?: string;
  date?: string;
  project?: string;
  page: number;
};

export type CampaignOption = { id: string; name: string; tier: number; linksCount?: number };

export type TaskCost = { cost: number; price: number; count: number; balance: number };
