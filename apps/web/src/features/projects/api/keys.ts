/** Every cached read of projects and campaigns starts with one of these keys; writes invalidate them. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (page: number) => ['projects', 'list', page] as const,
  statistic: ['projects', 'statistic'] as const,
  one: (id: string | number) => ['projects', 'one', String(id)] as const,
  search: (text: string) => ['projects', 'search', text] as const,
  /** Under the project's own key: a project's change reads its key again. */
  indexNow: (id: string | number) => ['projects', 'one', String(id), 'indexNow'] as const,
};
export const campaignKeys = {
  all: ['campaigns'] as const,
  one: (id: string | number) => ['campaigns', 'one', String(id)] as const,
  list: (filters: Record<string, unknown>) => ['campaigns', 'list', filters] as const,
};
export const categoryKeys = {
  all: ['categories'] as const,
};
