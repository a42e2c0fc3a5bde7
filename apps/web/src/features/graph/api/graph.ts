import type { TProjectGraph, TProjectGraphResponse } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';

export const graphKeys = {
  all: ['graph'] as const,
  project: (project: string) => ['graph', project] as const,
};

export function useProjectGraph(project: string) {
  return useQuery({
    queryKey: graphKeys.project(project),
    queryFn: async (): Promise<TProjectGraph> =>
      (await api.get<TProjectGraphResponse>(`projects/${project}/graph`)).data,
  });
}
