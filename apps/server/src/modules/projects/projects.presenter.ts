import type { TProjectStatistic } from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { Project } from './projects.queries.ts';

export function presentStatistic(id: number, statistic: TProjectStatistic) {
  return resource('projectStatistics', id, statistic);
}

export function presentProject(project: Project, statistic?: TProjectStatistic) {
  return resource(
    'projects',
    project.id,
    {
      name: project.name,
      mainDomain: project.mainDomain,
      domains: project.domains,
      isFavorite: project.isFavorite,
      createdAt: iso(project.createdAt),
      updatedAt: iso(project.updatedAt),
      ...(statistic ? { statistic } : {}),
    },
    statistic ? { statistic: { data: { id: project.id, type: 'projectStatistics' } } } : undefined,
  );
}
