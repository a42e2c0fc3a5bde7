import type { TDomainAttributes } from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/api/client.ts';
import type { ListResponse } from '@/api/types.ts';
import { downloadExport } from '@/lib/download.ts';

type DomainListQuery = { scope: Query; page: number; size: number; sort: string | null };

export const domainKeys = {
  list: ({ scope, page, size, sort }: DomainListQuery) => ['domains', scope, page, size, sort] as const,
};

/** `GET domains`: the referring domains of a campaign's or project's links, a page at a time. */
export function useDomains(list: DomainListQuery) {
  const { scope, page, size, sort } = list;
  return useQuery({
    queryKey: domainKeys.list(list),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<ListResponse<'domains', TDomainAttributes>>('domains', {
        query: { ...scope, 'page[number]': page, 'page[size]': size, sort },
      }),
  });
}

/** `GET domains/export` as a file. */
export function useDomainExport({
  query,
  onSuccess,
  onError,
}: {
  query: Query;
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: () => downloadExport({ path: 'domains/export', query, fallbackName: 'domains.csv' }),
    onSuccess,
    onError,
  });
}
