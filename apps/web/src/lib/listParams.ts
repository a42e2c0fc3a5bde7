import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '@linkwatch/shared';

// A list's view (filters, order, page, page size) lives in the URL: back/forward and a shared link keep it.
// These are the reads and the write every list page shares; each page keeps its own parameter names. Without
// React: the entry script reads a cold load's first page of links with them (app/firstReads.ts), and with React
// and its router that script would be 55 KB instead of a few (lib/useListParams.ts has the hook).

/** A parameter's new value; empty (null, undefined, '') leaves it out of the URL. */
export type ParamChanges = Record<string, string | number | null | undefined>;

/** The page number of the URL, the first page when missing or not a number. */
export const readPage = (params: URLSearchParams, name = 'page') =>
  Math.max(FIRST_PAGE, Number(params.get(name)) || FIRST_PAGE);

/** The page size of the URL when it is one of the offered sizes, else the default. */
export const readSize = (params: URLSearchParams, name = 'size') => {
  const raw = Number(params.get(name));
  return (PAGE_SIZES as readonly number[]).includes(raw) ? raw : DEFAULT_PAGE_SIZE;
};

/** The size as the URL keeps it: the default is left out so the plain address stays plain. */
export const sizeParam = (size: number) => (size === DEFAULT_PAGE_SIZE ? null : size);

/**
 * `current` with `changes` applied. The first page (as a number) is left out like an empty value. With
 * `restartPage`, a change that names no page starts again from the first page.
 */
export function withChanges(
  current: URLSearchParams,
  changes: ParamChanges,
  { restartPage = false } = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '' || (key === 'page' && value === FIRST_PAGE)) {
      next.delete(key);
    } else next.set(key, String(value));
  }
  if (restartPage && !('page' in changes)) next.delete('page');
  return next;
}
