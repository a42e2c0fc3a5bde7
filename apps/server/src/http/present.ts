/** JSON:API-style resource objects, as DESIGN.md's conventions describe. */
export interface Resource<A> {
  id: number | string;
  type: string;
  attributes: A;
  relationships?: Relationships;
}

type Relationships = Record<string, { data: unknown }>;

export function resource<T extends string, I extends number | string, A>(
  type: T,
  id: I,
  attributes: A,
): { id: I; type: T; attributes: A };
export function resource<T extends string, I extends number | string, A, const R extends Relationships>(
  type: T,
  id: I,
  attributes: A,
  relationships: R,
): { id: I; type: T; attributes: A; relationships: R };
export function resource<T extends string, I extends number | string, A, const R extends Relationships>(
  type: T,
  id: I,
  attributes: A,
  relationships: R | undefined,
): { id: I; type: T; attributes: A; relationships?: R };
export function resource<A>(type: string, id: number | string, attributes: A, relationships?: Relationships) {
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

export function iso(d: Date): string;
export function iso(d: Date | null | undefined): string | null;
export function iso(d: Date | null | undefined) {
  return d ? d.toISOString() : null;
}
