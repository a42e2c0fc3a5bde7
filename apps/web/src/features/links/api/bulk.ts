import { ActionCode } from '@linkwatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@/api/client.ts';
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

type StartResult = Awaited<ReturnType<typeof actionsApi.start>>;
type BulkStart = { code: BulkAction; extra?: Query };

/** Starts a bulk action on the ticked links (`query` holds them with the list's scope). */
export function useStartBulkAction(
  query: Query,
  callbacks: {
    onSuccess: (result: StartResult, variables: BulkStart) => void;
    onError: (error: Error) => void;
  },
) {
  return useMutation({
    mutationFn: ({ code, extra }: BulkStart) => actionsApi.start(BULK_ACTIONS[code], { ...query, ...extra }),
    ...callbacks,
  });
}

/**
 * Starts a real one-link task (charged like any other) and waits for its end, when the link is read
 * again: the panel's refresh checks the page, it does not just reload what was stored.
 */
export function useStartLinkTask(
  linkId: number,
  action: number,
  callbacks: { onSuccess: () => void; onError: (error: Error) => void },
) {
  const watch = useTaskWatcher();
  return useMutation({
    mutationFn: async () => {
      const started = await actionsApi.start(action, { links: [linkId] });
      await watch(started.data);
    },
    ...callbacks,
  });
}
