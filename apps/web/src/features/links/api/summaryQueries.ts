import type { ZLinkCodesResponse, ZLinkCountsResponse, ZLinkStatisticResponse } from '@linkwatch/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '@/api/client.ts';
import { refetchUnlessJustFetched } from '@/lib/freshness.ts';
import { linkKeys } from './keys.ts';

// The reads a list page's first screen shows (tab counts, response codes, figures), apart from the hooks:
// a cold load of a campaign page asks for them from the entry bundle (app/prefetchCampaign.ts),
// before the page's code arrives, under the very keys the hooks read.

export type LinkCounts = z.infer<typeof ZLinkCountsResponse>['data']['attributes'];
export type LinkStatistic = z.infer<typeof ZLinkStatisticResponse>['data']['attributes'];
export type LinkCodes = z.infer<typeof ZLinkCodesResponse>['data']['attributes'];

export const linkCountsQuery = (query: Query) =>
  queryOptions({
    queryKey: linkKeys.counts(query),
    refetchOnMount: refetchUnlessJustFetched,
    queryFn: () =>
      api.get<{ data: { attributes: LinkCounts } }>('links/counts', { query }).then((r) => r.data.attributes),
  });

export const linkCodesQuery = (query: Query) =>
  queryOptions({
    queryKey: linkKeys.codes(query),
    refetchOnMount: refetchUnlessJustFetched,
    queryFn: () =>
      api.get<{ data: { attributes: LinkCodes } }>('links/codes', { query }).then((r) => r.data.attributes),
  });

export const linkStatisticQuery = (query: Query) =>
  queryOptions({
    queryKey: linkKeys.statistic(query),
    refetchOnMount: refetchUnlessJustFetched,
    queryFn: () =>
      api
        .get<{ data: { attributes: LinkStatistic } }>('links/statistic', { query })
        .then((r) => r.data.attributes),
  });
