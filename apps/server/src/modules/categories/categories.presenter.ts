import { iso, resource } from '../../http/present.ts';
import type { Category } from './categories.queries.ts';

export function presentCategory(category: Category, projectsCount: number) {
  return resource('categories', category.id, {
    name: category.name,
    projectsCount,
    createdAt: iso(category.createdAt),
    updatedAt: iso(category.updatedAt),
  });
}
