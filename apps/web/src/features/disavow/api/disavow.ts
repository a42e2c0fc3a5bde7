import type {
  TDisavowChangeRequest,
  TDisavowDiffResponse,
  TDisavowVersionDetailResponse,
  TDisavowVersionListResponse,
  TDisavowVersionResource,
} from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { downloadExport } from '@/lib/download.ts';

export type DisavowVersion = TDisavowVersionResource;
export type DisavowEntry = TDisavowVersionDetailResponse['data']['attributes']['entries'][number];

export const disavowKeys = {
  all: ['disavow'] as const,
  versions: (project: string) => ['disavow', project, 'versions'] as const,
  version: (project: string, number: number) => ['disavow', project, 'version', number] as const,
  diff: (project: string, number: number, from: number | null) =>
    ['disavow', project, 'diff', number, from] as const,
};

const base = (project: string | number) => `projects/${project}/disavow`;

export function useDisavowVersions(project: string) {
  return useQuery({
    queryKey: disavowKeys.versions(project),
    queryFn: async () => (await api.get<TDisavowVersionListResponse>(base(project))).data,
  });
}

export function useDisavowVersion(project: string, number: number | null) {
  return useQuery({
    queryKey: disavowKeys.version(project, number ?? 0),
    queryFn: async () => (await api.get<TDisavowVersionDetailResponse>(`${base(project)}/${number}`)).data,
    enabled: number !== null,
  });
}

export function useDisavowDiff(project: string, params: { to: number | null; from: number | null }) {
  return useQuery({
    queryKey: disavowKeys.diff(project, params.to ?? 0, params.from),
    queryFn: async () =>
      (
        await api.get<TDisavowDiffResponse>(`${base(project)}/${params.to}/diff`, {
          query: params.from ? { from: params.from } : {},
        })
      ).data,
    enabled: params.to !== null,
    placeholderData: keepPreviousData,
  });
}

/** One change of the list; it answers the new version. */
export function useChangeDisavow(project: string | number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TDisavowChangeRequest) =>
      (await api.post<{ data: DisavowVersion }>(base(project), body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: disavowKeys.all }),
  });
}

export function downloadDisavowFile(project: string, number: number) {
  return downloadExport({
    path: `${base(project)}/${number}/file`,
    query: {},
    fallbackName: `disavow-${project}-v${number}.txt`,
  });
}
