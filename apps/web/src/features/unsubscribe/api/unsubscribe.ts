import type { MailingFlag, TMailingResource, ZMailingResponse } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/api/client.ts';

type Unsubscribe = { token: string; type: MailingFlag | null };

export const unsubscribeKeys = {
  one: ({ token, type }: Unsubscribe) => ['unsubscribe', token, type] as const,
};

/** `POST mailings/unsubscribe` (no login): the token says whose mails stop; no type stops them all. */
export function unsubscribe(payload: Unsubscribe): Promise<TMailingResource> {
  return api.post<z.infer<typeof ZMailingResponse>>('mailings/unsubscribe', payload).then((r) => r.data);
}

/** The page posts its token once; the answer says which mails stop. */
export function useUnsubscribe({ token, type }: Unsubscribe) {
  return useQuery({
    queryKey: unsubscribeKeys.one({ token, type }),
    enabled: token !== '',
    queryFn: () => unsubscribe({ token, type }),
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    throwOnError: false,
  });
}
