import type { TCampaignAttributes } from '@linkwatch/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import type { ResourceResponse } from '@/api/types.ts';
import { refetchUnlessJustFetched } from '@/lib/freshness.ts';
import { campaignKeys } from './keys.ts';

/** One campaign; apart from its hook so the entry bundle can ask for it on a cold load (app/prefetchCampaign.ts). */
export const campaignQuery = (id: string | number) =>
  queryOptions({
    queryKey: campaignKeys.one(id),
    refetchOnMount: refetchUnlessJustFetched,
    queryFn: () =>
      api.get<ResourceResponse<'campaigns', TCampaignAttributes>>(`campaigns/${id}`).then((r) => r.data),
  });
