import {
  FIRST_PAGE,
  OPTIONS_PAGE_SIZE,
  type TProjectAttributes,
  type TProjectStatistic,
} from '@linkwatch/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import type { ListResponse, ResourceResponse } from '@/api/types.ts';
import { refetchUnlessJustFetched } from '@/lib/freshness.ts';
import { projectKeys } from './keys.ts';

// Apart from the hooks, like campaignQuery: a cold load of the dashboard asks for these from the entry
// bundle (app/prefetchCampaign.ts), under the very keys the hooks read.

/** A page of the user's projects, favourites first: the dashboard's list, and (page 1) every project picker. */
export const projectsQuery = (page = FIRST_PAGE) =>
  queryOptions({
    queryKey: projectKeys.list(page),
    refetchOnMount: refetchUnlessJustFetched,
    queryFn: () =>
      api.get<ListResponse<'projects', TProjectAttributes>>('projects', {
        query: { 'page[number]': page, 'page[size]': OPTIONS_PAGE_SIZE, sort: 'isFavorite' },
      }),
  });

export const projectStatisticQuery = queryOptions({
  queryKey: projectKeys.statistic,
  refetchOnMount: refetchUnlessJustFetched,
  queryFn: () =>
    api
      .get<ResourceResponse<'projectStatistics', TProjectStatistic>>('projects/statistic')
      .then((r) => r.data.attributes),
});
