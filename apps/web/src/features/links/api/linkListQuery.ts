import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type ZLinkListResponse } from '@linkwatch/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '@/api/client.ts';
import { refetchUnlessJustFetched } from '@/lib/freshness.ts';
import { linkKeys } from './keys.ts';

export type LinkListPage = z.infer<typeof ZLinkListResponse>;

/**
 * One page of a list's links; apart from its hook so a cold load of a campaign page asks for the table's
 * rows with its first reads (app/prefetchCampaign.ts) rather than after the page has rendered.
 */
export const linkListQuery = (query: Query) =>
  queryOptions({
    queryKey: linkKeys.list(query),
    refetchOnMount: refetchUnlessJustFetched,
    queryFn: () =>
      api.get<LinkListPage>('links', {
        query: { 'page[number]': FIRST_PAGE, 'page[size]': DEFAULT_PAGE_SIZE, ...query },
      }),
  });
