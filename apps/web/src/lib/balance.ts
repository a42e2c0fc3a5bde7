import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { useToken } from './session.ts';

/** The user's credit balance: shown in the header, refreshed when a task starts, ends or is cancelled. */
export const balanceQueryKey = ['user', 'balance'] as const;

/** spec point 7: GET user/balance; data becomes the balance. Logout clears it with the rest of the cache. */
export function useBalance() {
  const token = useToken();
  return useQuery({
    queryKey: balanceQueryKey,
    enabled: token !== null,
    staleTime: 30_000,
    queryFn: () => api.get<{ data: { balance: number } }>('user/balance').then((r) => r.data.balance),
    throwOnError: false,
  });
}
