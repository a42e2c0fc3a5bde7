import type { TProjectStatistic } from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { Project } from './projects.queries.ts';

export function presentStatistic(id: number, statistic: TProjectStatistic) {
  return resource('projectStatistics', id, statistic);
}

/** `categoryName`: the name of the project's category (null when it has none). */
export function presentProject(
  project: Project,
  statistic?: TProjectStatistic,
  categoryName: string | null = null,
) {
  return resource(
    'projects',
    project.id,
    {
      name: project.name,
      mainDomain: project.mainDomain,
      domains: project.domains,
      isFavorite: project.isFavorite,
      categoryId: project.categoryId,
      categoryName: project.categoryId === null ? null : categoryName,
      renderMode: project.renderMode,
      createdAt: iso(project.createdAt),
      updatedAt: iso(project.updatedAt),
      ...(statistic ? { statistic } : {}),
    },
    statistic ? { statistic: { data: { id: project.id, type: 'projectStatistics' } } } : undefined,
  );
}
