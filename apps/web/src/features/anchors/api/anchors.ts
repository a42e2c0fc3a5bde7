import type { ZAnchorCountsResponse, ZAnchorListResponse } from '@linkwatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '@/api/client.ts';

export type AnchorPage = z.infer<typeof ZAnchorListResponse>;
export type AnchorRow = AnchorPage['data'][number];
type Included = AnchorPage['included'][number];
export type AnchorBacklink = Extract<Included, { type: 'backlinks' }>;
export type AnchorPageLink = Extract<Included, { type: 'links' }>;
/** A backlink behind an anchor with the page (link) it is on. */
export type AnchorBehind = { backlink: AnchorBacklink; page: AnchorPageLink | undefined };

/** The backlinks behind each anchor of a page, from its relationships and `included`. */
export function backlinksBehind(page: AnchorPage | undefined): (row: AnchorRow) => AnchorBehind[] {
  const pages = new Map<number, AnchorPageLink>();
  const backlinks = new Map<number, AnchorBacklink>();
  for (const item of page?.included ?? []) {
    if (item.type === 'links') pages.set(item.id, item);
    else backlinks.set(item.id, item);
  }
  return (row) =>
    row.relationships.backlinks.data.flatMap(({ id }) => {
      const backlink = backlinks.get(id);
      return backlink ? [{ backlink, page: pages.get(backlink.relationships.link.data.id) }] : [];
    });
}
export type AnchorCounts = z.infer<typeof ZAnchorCountsResponse>['data']['attributes'];

export const anchorKeys = {
  list: (query: Query) => ['anchors', 'list', query] as const,
  counts: (query: Query) => ['anchors', 'counts', query] as const,
  chart: (query: Query) => ['anchors', 'chart', query] as const,
  chartInfo: (query: Query) => ['anchors', 'chart-info', query] as const,
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
