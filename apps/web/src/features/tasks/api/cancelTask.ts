import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from '@/lib/balance.ts';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';
import { taskKeys } from './keys.ts';
import { cancelTask } from './tasks.ts';

/** Cancels a task; whether it worked or not, the task lists, the balance (refund) and the sidebar count are read again. */
export function useCancelTask(
  id: number | string,
  callbacks: { onSuccess: () => void; onError: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelTask(id),
    ...callbacks,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.lists }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: sidebarCountKeys.tasks }),
      ]),
  });
}
