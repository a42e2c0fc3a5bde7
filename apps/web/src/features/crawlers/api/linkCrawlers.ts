import type { TCrawlerAttributes } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { crawlerKeys } from './keys.ts';

type CrawlerItem = { id: string | number; type: 'crawlers'; attributes: TCrawlerAttributes };
type LinkWithCrawlers = { included?: { type: string }[] };

/** The crawler records of one link (`GET links/{id}`, relationship `crawlers`): what each source says. */
export function useLinkCrawlers(linkId: number | null) {
  return useQuery({
    queryKey: crawlerKeys.ofLink(linkId ?? ''),
    enabled: linkId !== null,
    queryFn: () =>
      api
        .get<LinkWithCrawlers>(`links/${linkId}`, { query: { include: 'crawlers' } })
        .then((r) => (r.included ?? []).filter((i): i is CrawlerItem => i.type === 'crawlers')),
  });
}
