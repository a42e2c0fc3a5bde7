import type { ZAnchorCountsResponse, ZAnchorListResponse } from '@linkwatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '@/api/client.ts';

export type AnchorPage = z.infer<typeof ZAnchorListResponse>;
export type AnchorRow = AnchorPage['data'][number];
export type AnchorCounts = z.infer<typeof ZAnchorCountsResponse>['data']['attributes'];

export const anchorKeys = {
  list: (query: Query) => ['anchors', 'list', query] as const,
  counts: (query: Query) => ['anchors', 'counts', query] as const,
};

export function useAnchors(query: Query) {
  return useQuery({
    queryKey: anchorKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: () => api.get<AnchorPage>('anchors', { query }),
  });
}

export function useAnchorCounts(query: Query) {
  return useQuery({
    queryKey: anchorKeys.counts(query),
    queryFn: () =>
      api
        .get<{ data: { attributes: AnchorCounts } }>('anchors/counts', { query })
        .then((r) => r.data.attributes),
  });
}
