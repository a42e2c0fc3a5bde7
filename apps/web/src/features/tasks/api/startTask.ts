import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from '@/lib/balance.ts';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';
import { taskKeys } from './keys.ts';
import { startTask } from './tasks.ts';

/** Starts a task; whether it worked or not, the tasks, the balance (charge) and the sidebar count are read again. */
export function useStartTask(
  request: Parameters<typeof startTask>[0],
  callbacks: { onSuccess: () => void; onError: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startTask(request),
    ...callbacks,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: sidebarCountKeys.tasks }),
      ]),
  });
}
