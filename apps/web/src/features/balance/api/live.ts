import type { QueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from '@/lib/balance.ts';
import { meQueryKey, type User } from '@/lib/session.ts';
import { balanceKeys } from './keys.ts';

/** What the server's `Balance` event carries after a payment's notification is applied. */
type BalanceEvent = { balance: number; isBlocked?: boolean };

function isBalanceEvent(data: unknown): data is BalanceEvent {
  return typeof (data as Partial<BalanceEvent> | null)?.balance === 'number';
}

/**
 * A webhook credited (or a dispute blocked) the account: the header's balance takes the new value at
 * once, the history and an open payment's status are read again, and the blocked notice follows.
 */
export function applyBalanceEvent(queryClient: QueryClient, data: unknown): void {
  if (!isBalanceEvent(data)) return;
  queryClient.setQueryData(balanceQueryKey, data.balance);
  if (typeof data.isBlocked === 'boolean') {
    const isBlocked = data.isBlocked;
    queryClient.setQueryData<User>(meQueryKey, (me) =>
      me ? { ...me, attributes: { ...me.attributes, isBlocked, balance: data.balance } } : me,
    );
  }
  void queryClient.invalidateQueries({ queryKey: balanceKeys.history });
  void queryClient.invalidateQueries({ queryKey: balanceKeys.payments });
}

/** The operator changed a price the account pays (`PricesChanged`): the price list is read again. */
export function applyPricesChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: balanceKeys.prices });
}
