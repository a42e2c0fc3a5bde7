import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// Pieces of every answer (DESIGN.md, conventions): JSON:API-like resources and the page meta of lists.
// The server serialises its answers through these schemas, so a key they leave out is not sent.
// ---------------------------------------------------------------------------------------------------

/** `{ id, type }`: what a relationship points at. */
export const ref = <T extends string>(type: T) => z.object({ id: z.number(), type: z.literal(type) });

/** `meta.page` of a list. */
export const ZPageMeta = z.object({
  page: z.object({ currentPage: z.number(), perPage: z.number(), total: z.number(), lastPage: z.number() }),
});

/** `{ id, type, attributes }`, with `relationships` when the resource has them. */
export function resource<T extends string, A extends z.ZodType>(type: T, attributes: A) {
  return z.object({ id: z.number(), type: z.literal(type), attributes });
}

/** `{ data: resource }` */
export const single = <R extends z.ZodType>(item: R) => z.object({ data: item });

/** `{ data: [resource], meta: { page } }` */
export const listOf = <R extends z.ZodType>(item: R) => z.object({ data: z.array(item), meta: ZPageMeta });

/** Calls that only confirm: the body is `true`. */
export const ZTrueResponse = z.literal(true);

/** A file download (CSV or XLSX); the route's `produces` names the media types. */
// unknown, not string: the handler sends a stream or a buffer, which Fastify does not serialise.
export const ZFileResponse = z.unknown().meta({ type: 'string', format: 'binary', description: 'The file' });

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  /** `busy`: the database did not answer within half a second (a long statement holds it). */
  db: z.enum(['ok', 'busy', 'down']),
  eventLoopDelayMs: z.number(),
  /**
   * Of the API's thread: `heapTotalMb` is the V8 heap it holds (live objects, garbage not collected yet
   * and free room), which is what moves `rssMb` under use; `heapUsedMb` the live objects and garbage;
   * `externalMb` buffers outside the heap. `rssMb` is the whole process's, with the embedded database's
   * thread (PGlite's WebAssembly memory: 128 MB, more only for a statement that needs it; README, Memory).
   */
  memory: z.object({
    rssMb: z.number(),
    heapTotalMb: z.number(),
    heapUsedMb: z.number(),
    externalMb: z.number(),
  }),
});

/** A redirect (`303 See Other`): no body, the `Location` header says where to. */
export const ZRedirectResponse = z
  .null()
  .meta({ description: 'Redirect; the Location header names the page' });
