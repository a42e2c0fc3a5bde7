import type { Query } from '@/api/client.ts';

/** Everything under `crawlers`: an import, a delete or a track refreshes the whole page at once. */
export const crawlerKeys = {
  all: ['crawlers'] as const,
  list: (query: Query) => ['crawlers', 'list', query] as const,
  counts: (query: Query) => ['crawlers', 'counts', query] as const,
  chart: (query: Query) => ['crawlers', 'chart', query] as const,
  ofLink: (id: string | number) => ['crawlers', 'link', String(id)] as const,
  /** The Ahrefs pull being watched (a task, read until it ends). */
  pull: (id: string | number) => ['crawlers', 'pull', String(id)] as const,
};
