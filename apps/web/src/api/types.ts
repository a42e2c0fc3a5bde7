/** JSON:API-style envelopes of DESIGN.md. */
export type Resource<TType extends string, TAttributes> = {
  id: string | number;
  type: TType;
  attributes: TAttributes;
};

export type ResourceResponse<TType extends string, TAttributes> = { data: Resource<TType, TAttributes> };

export type ListResponse<TType extends string, TAttributes> = {
  data: Resource<TType, TAttributes>[];
  meta: { page: { currentPage: number; perPage: number; total: number; lastPage: number } };
};
