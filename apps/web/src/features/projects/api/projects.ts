import {
  DROPDOWN_MIN_QUERY,
  FIRST_PAGE,
  type FilterName,
  filterParams,
  OPTIONS_PAGE_SIZE,
  type TCampaignAttributes,
  type TCategoryResource,
  type TCreateCampaignRequest,
  type TCreateProjectRequest,
  type TProjectAttributes,
  type TUpdateCampaignRequest,
  type TUpdateProjectRequest,
  type ZCampaignListQuery,
  type ZProjectListQuery,
} from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/api/client.ts';
import type { ListResponse, Resource, ResourceResponse } from '@/api/types.ts';
import { useToken } from '@/lib/session.ts';
import { campaignQuery } from './campaignQuery.ts';
import { campaignKeys, categoryKeys, projectKeys } from './keys.ts';
import { projectStatisticQuery, projectsQuery } from './projectQueries.ts';
import type { Project, ProjectOption } from './types.ts';

export function useProjects(page = FIRST_PAGE) {
  return useQuery({ ...projectsQuery(page), placeholderData: keepPreviousData });
}

export function useProjectStatistic() {
  return useQuery(projectStatisticQuery);
}

export function useProject(id: string | number | undefined) {
  return useQuery({
    queryKey: projectKeys.one(id ?? ''),
    enabled: id !== undefined,
    queryFn: () =>
      api.get<ResourceResponse<'projects', TProjectAttributes>>(`projects/${id}`).then((r) => r.data),
  });
}

export function useCampaign(id: string | number | undefined) {
  return useQuery({ ...campaignQuery(id ?? ''), enabled: id !== undefined });
}

export function useCampaigns(
  filters: { project?: string | number; tier?: number; query?: string },
  enabled = true,
) {
  return useQuery({
    queryKey: campaignKeys.list(filters),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () =>
      api
        .get<ListResponse<'campaigns', TCampaignAttributes>>('campaigns', {
          query: {
            'page[number]': FIRST_PAGE,
            'page[size]': OPTIONS_PAGE_SIZE,
            ...filterParams<FilterName<typeof ZCampaignListQuery>>({
              project: filters.project,
              tier: filters.tier,
              query: filters.query || undefined,
            }),
          },
        })
        .then((r) => r.data),
  });
}

/**
 * spec point 5: dropdown search asks the server only when the text is empty or at least 3 characters;
 * in between, the last answer stays on screen. The 200 ms delay is the spec's fetch delay.
 */
export function useDropdownSearch(text: string): string | null {
  const trimmed = text.trim();
  const ready = trimmed.length === 0 || trimmed.length >= DROPDOWN_MIN_QUERY;
  const [debounced, setDebounced] = useState<string | null>(ready ? trimmed : null);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setDebounced(trimmed), trimmed ? 200 : 0);
    return () => clearTimeout(timer);
  }, [ready, trimmed]);
  return debounced;
}

export function useProjectSearch(text: string) {
  const query = useDropdownSearch(text);
  return useQuery({
    queryKey: projectKeys.search(query ?? ''),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      api
        .get<ListResponse<'projects', TProjectAttributes>>('projects', {
          query: {
            'page[number]': FIRST_PAGE,
            'page[size]': OPTIONS_PAGE_SIZE,
            sort: 'isFavorite',
            ...filterParams<FilterName<typeof ZProjectListQuery>>({ query: query || undefined }),
          },
        })
        .then((r) => r.data),
  });
}

type CreateProjectResponse = ResourceResponse<'projects', TProjectAttributes> & {
  included: Resource<'campaigns', TCampaignAttributes>[];
};

export const projectsApi = {
  create: (payload: TCreateProjectRequest) => api.post<CreateProjectResponse>('projects/', payload),
  update: (id: string | number, payload: TUpdateProjectRequest) =>
    api.put<ResourceResponse<'projects', TProjectAttributes>>(`projects/${id}`, payload),
  remove: (id: string | number) => api.delete<boolean>(`projects/${id}`),
  createCampaign: (payload: TCreateCampaignRequest) =>
    api.post<ResourceResponse<'campaigns', TCampaignAttributes>>('campaigns/', payload),
  updateCampaign: (id: string | number, payload: TUpdateCampaignRequest) =>
    api.put<ResourceResponse<'campaigns', TCampaignAttributes>>(`campaigns/${id}`, payload),
  removeCampaign: (id: string | number) => api.delete<boolean>(`campaigns/${id}`),
  removeCategory: (id: string | number) => api.delete<boolean>(`categories/${id}`),
};

/** The user's categories (spec point 2): the create form's choice of an existing one. */
export function useCategories(enabled = true) {
  return useQuery({
    queryKey: categoryKeys.all,
    enabled,
    queryFn: () =>
      api
        .get<{ data: TCategoryResource[] }>('categories', {
          query: { 'page[number]': FIRST_PAGE, 'page[size]': OPTIONS_PAGE_SIZE },
        })
        .then((r) => r.data),
  });
}

/** After any write: projects (sidebar options, dashboard), campaigns (options of every dropdown). */
export function useInvalidateProjects() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: projectKeys.all }),
      client.invalidateQueries({ queryKey: campaignKeys.all }),
      client.invalidateQueries({ queryKey: categoryKeys.all }),
    ]);
}

/**
 * spec point 7: project options (the sidebar, task and report filters), page 1 of 100 sorted by isFavorite;
 * errors are not shown (no options). The same read as the dashboard's first page, so a page that shows
 * both asks once.
 */
export function useProjectOptions() {
  const enabled = useToken() !== null;
  return useQuery({
    ...projectsQuery(FIRST_PAGE),
    enabled,
    staleTime: 60_000,
    throwOnError: false,
    select: (r): ProjectOption[] =>
      r.data.map((p) => ({ id: p.id, name: p.attributes.name, category: p.attributes.categoryName })),
  });
}

/** The dashboard's star: flips isFavorite; every project read is refreshed either way. */
export function useToggleFavorite(project: Project, { onError }: { onError: () => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => projectsApi.update(project.id, { isFavorite: !project.attributes.isFavorite }),
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }),
    onError,
  });
}

/** Deletes one of the user's categories; its projects stay, uncategorised. */
export function useDeleteCategory() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: number) => projectsApi.removeCategory(id),
    onSuccess: () => invalidate(),
  });
}
