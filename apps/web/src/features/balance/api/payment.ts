import { PaymentStatus } from '@linkwatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { capturePayment, createPayment, fetchPayment } from './balance.ts';
import { downloadInvoice } from './invoice.ts';
import { balanceKeys } from './keys.ts';

const POLL_MS = 2_000;

/** One payment, asked again every two seconds while it is new and `polling` (the return page's wait). */
export function usePayment(id: string, { polling }: { polling: boolean }) {
  return useQuery({
    queryKey: balanceKeys.payment(id),
    queryFn: () => fetchPayment(id),
    // A stale or someone else's payment id (404) is said in the result line, not as the page's error.
    throwOnError: false,
    refetchInterval: (query) =>
      query.state.data?.attributes.statusId === PaymentStatus.New && polling ? POLL_MS : false,
  });
}

/** Captures an approved PayPal order; the captured payment replaces the cached one. */
export function useCapturePayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => capturePayment(id),
    onSuccess: (captured) => queryClient.setQueryData(balanceKeys.payment(id), captured),
  });
}

/** Starts a top-up; the caller sends the buyer on to the provider's page. */
export function useCreatePayment(callbacks: {
  onSuccess: (payment: Awaited<ReturnType<typeof createPayment>>) => void;
  onError: (error: Error) => void;
}) {
  return useMutation({ mutationFn: createPayment, ...callbacks });
}

/** Saves a paid top-up's invoice. */
export function useDownloadInvoice(paymentId: number, callbacks: { onError: (error: Error) => void }) {
  return useMutation({ mutationFn: () => downloadInvoice(paymentId), ...callbacks });
}
