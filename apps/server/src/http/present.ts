/** JSON:API-style resource objects, as DESIGN.md's conventions describe. */
export interface Resource<A> {
  id: number | string;
  type: string;
  attributes: A;
  relationships?: Record<string, { data: unknown }>;
}

export function resource<A>(
  type: string,
  id: number | string,
  attributes: A,
  relationships?: Resource<A>['relationships'],
) {
  return relationships ? { id, type, attributes, relationships } : { id, type, attributes };
}

export interface PageQuery {
  number: number;
  size: number;
}

export function pageMeta(page: PageQuery, total: number) {
  return {
    page: {
      currentPage: page.number,
      perPage: page.size,
      total,
      lastPage: Math.max(1, Math.ceil(total / page.size)),
    },
  };
}

export function paginated<T>(data: T[], page: PageQuery, total: number) {
  return { data, meta: pageMeta(page, total) };
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
