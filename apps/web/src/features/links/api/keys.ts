import type { Query } from '@/api/client.ts';

export const linkKeys = {
  all: ['links'] as const,
  list: (query: Query) => ['links', 'list', query] as const,
  counts: (query: Query) => ['links', 'counts', query] as const,
  statistic: (query: Query) => ['links', 'statistic', query] as const,
  codes: (query: Query) => ['links', 'codes', query] as const,
  chart: (query: Query) => ['links', 'chart', query] as const,
  /** Under the links' key: a finished check refreshes it with the rest of the summary. */
  trend: (query: Query) => ['links', 'trend', query] as const,
  one: (id: string | number) => ['links', 'one', String(id)] as const,
  indexHistories: (query: Query) => ['links', 'index-histories', query] as const,
};
