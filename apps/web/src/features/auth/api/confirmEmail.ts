import { useMutation, useQuery } from '@tanstack/react-query';
import { authApi } from './auth.ts';
import { authKeys } from './keys.ts';

/** The link's code is used once: no retry, no cached result to show again; a failure is the page's message. */
export function useConfirmEmail(code: string, change: boolean) {
  return useQuery({
    queryKey: authKeys.confirmEmail(code, change),
    queryFn: () => authApi.confirmEmail({ code, change }),
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    throwOnError: false,
  });
}

/** Sends the confirmation mail again to `email`. */
export function useResendConfirmation(email: string) {
  return useMutation({ mutationFn: () => authApi.resendConfirmation({ email }) });
}
