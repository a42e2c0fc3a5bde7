import type { AuditFilters, UserListFilters } from './types.ts';

/** The console's cache entries: every call's key comes from here. */
export const adminKeys = {
  all: ['admin'] as const,
  operator: ['admin', 'me'] as const,
  users: ['admin', 'users'] as const,
  userList: (filters: UserListFilters) => ['admin', 'users', 'list', filters] as const,
  user: (id: number) => ['admin', 'users', id] as const,
  prices: ['admin', 'prices'] as const,
  paymentLevels: ['admin', 'paymentLevels'] as const,
  audit: ['admin', 'audit'] as const,
  partners: ['admin', 'partners'] as const,
  partnerList: (filters: { query: string; page: number }) => ['admin', 'partners', 'list', filters] as const,
  payoutList: (filters: { status: string; page: number }) =>
    ['admin', 'partners', 'payouts', filters] as const,
  referralSetup: ['admin', 'partners', 'setup'] as const,
  auditPage: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
  wiki: ['admin', 'wiki'] as const,
  wikiList: (filters: object) => ['admin', 'wiki', 'list', filters] as const,
  wikiArticle: (id: number) => ['admin', 'wiki', 'article', id] as const,
  wikiPreview: (content: string) => ['admin', 'wikiPreview', content] as const,
  wikiVideosAll: ['admin', 'wikiVideos'] as const,
  wikiVideos: (filters: object) => ['admin', 'wikiVideos', filters] as const,
};
