import { ActionCode } from '@linkwatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { campaignKeys, projectKeys } from '@/features/projects';
import { actionsApi, isTaskFinished, type Task } from '@/features/tasks';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';
import { linkKeys } from './keys.ts';

/** The list moves and checks of spec point 4 the links table offers, by tab. */
export const BULK_ACTIONS = {
  checkBacklinks: ActionCode.CheckBacklinks,
  checkIndexing: ActionCode.CheckIndexing,
  addToIndex: ActionCode.AddToIndex,
  checkAuthority: ActionCode.CheckTrust,
  addToHistory: ActionCode.AddToHistory,
  recoverFromHistory: ActionCode.RecoverFromHistory,
  addToDisallow: ActionCode.AddToDisallow,
  recoverFromDisallow: ActionCode.RecoverFromDisallow,
  move: ActionCode.Move,
  remove: ActionCode.Remove,
} as const;
export type BulkAction = keyof typeof BULK_ACTIONS;

const POLL_MS = 1000;
const POLL_LIMIT = 120;

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
      current = (await actionsApi.get(task.id).catch(() => ({ data: current }))).data;
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: linkKeys.all }),
      client.invalidateQueries({ queryKey: projectKeys.all }),
      client.invalidateQueries({ queryKey: campaignKeys.all }),
      client.invalidateQueries({ queryKey: sidebarCountKeys.all }),
    ]);
    onDone?.(current);
  };
}
