import type { ReportFilters } from './types.ts';

export const reportKeys = {
  all: ['reports'] as const,
  links: (filters: ReportFilters) => ['reports', 'links', filters] as const,
  counts: (filters: Omit<ReportFilters, 'page' | 'type'>) => ['reports', 'counts', filters] as const,
  mailings: ['reports', 'mailings'] as const,
};
