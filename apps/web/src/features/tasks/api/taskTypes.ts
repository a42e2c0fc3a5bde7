import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import type { ListResponse } from '@/api/types.ts';
import { taskKeys } from './keys.ts';

export type TaskType = {
  id: number;
  name: string;
  available: boolean;
  unavailableReason: string | null;
  demoNote: string | null;
};

/**
 * The tasks a user can start (`GET actions/list`); apart from its hook so a cold load of a campaign page
 * asks for it from the entry bundle: a task's "not configured" line is then there at the first paint.
 */
export const taskTypesQuery = queryOptions({
  queryKey: taskKeys.types,
  queryFn: () =>
    api
      .get<ListResponse<'actionTypes', TaskType>>('actions/list')
      .then((r) => r.data.map((d) => d.attributes)),
  staleTime: 5 * 60_000,
  // What it adds (a reason, a demo note) is beside a page's content, never the page: a failed read
  // leaves it out instead of replacing the page with the error screen.
  throwOnError: false,
});
