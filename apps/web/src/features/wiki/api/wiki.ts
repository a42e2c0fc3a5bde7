import type {
  TVideoResponse,
  TWikiFacetResponse,
  TWikiListResponse,
  TWikiSectionsResponse,
  ZWikiArticleResponse,
} from '@linkwatch/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/api/client.ts';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';

export type WikiArticle = z.infer<typeof ZWikiArticleResponse>['data'];

export interface WikiListFilters {
  section?: number;
  tag?: string;
  category?: string;
  query?: string;
  page: number;
  size: number;
}

/** Every wiki read under `wiki`, keyed by the language (the server answers in the reader's). */
export const wikiKeys = {
  all: ['wiki'] as const,
  sections: (locale: string) => ['wiki', locale, 'sections'] as const,
  list: (locale: string, filters: WikiListFilters) => ['wiki', locale, 'list', filters] as const,
  tags: (locale: string, section?: number) => ['wiki', locale, 'tags', section ?? null] as const,
  categories: (locale: string, section?: number) => ['wiki', locale, 'categories', section ?? null] as const,
  article: (id: number) => ['wiki', 'article', id] as const,
  video: (id: number) => ['video', id] as const,
};

const sectionQuery = (section?: number) => (section ? { 'filter[section]': section } : {});

/**
 * The sections with their counts. Asking them is what marks the wiki opened on the server, so the
 * sidebar's badge is asked again then (a count read before, or in flight meanwhile, is stale: 0 now).
 */
export function useWikiSections(locale: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: wikiKeys.sections(locale),
    queryFn: async () => {
      const sections = await api.get<TWikiSectionsResponse>('wiki/sections');
      void queryClient.invalidateQueries({ queryKey: sidebarCountKeys.wiki });
      return sections;
    },
  });
}

export function useWikiList(locale: string, filters: WikiListFilters, enabled = true) {
  return useQuery({
    queryKey: wikiKeys.list(locale, filters),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<TWikiListResponse>('wiki', {
        query: {
          ...sectionQuery(filters.section),
          ...(filters.tag ? { 'filter[tag]': filters.tag } : {}),
          ...(filters.category ? { 'filter[category]': filters.category } : {}),
          ...(filters.query ? { 'filter[query]': filters.query } : {}),
          'page[number]': filters.page,
          'page[size]': filters.size,
        },
      }),
  });
}

export function useWikiTags(locale: string, section?: number) {
  return useQuery({
    queryKey: wikiKeys.tags(locale, section),
    queryFn: () => api.get<TWikiFacetResponse>('wiki/tags', { query: sectionQuery(section) }),
  });
}

export function useWikiCategories(locale: string, section?: number) {
  return useQuery({
    queryKey: wikiKeys.categories(locale, section),
    queryFn: () => api.get<TWikiFacetResponse>('wiki/categories', { query: sectionQuery(section) }),
  });
}

export function useWikiArticle(id: number) {
  return useQuery({
    queryKey: wikiKeys.article(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: () => api.get<z.infer<typeof ZWikiArticleResponse>>(`wiki/${id}`),
  });
}

/**
 * A video's title, poster and length from our own server, asked when its placeholder shows: nothing of
 * the provider is loaded until the reader presses play.
 */
export function useVideo(id: number) {
  return useQuery({
    queryKey: wikiKeys.video(id),
    staleTime: 5 * 60_000,
    // One embedded video that is gone (404) is not the article's page error: the embed shows nothing.
    throwOnError: false,
    queryFn: () => api.get<TVideoResponse>(`video/${id}`),
  });
}
