import { type ComponentType, lazy } from 'react';

const RELOAD_KEY = 'linkwatch.chunkReloadAt';
const RELOAD_INTERVAL_MS = 60_000;

/**
 * spec point 8: a failed page-chunk load (usually a deploy replaced the files) forces one page
 * reload, at most once per 60 seconds; a second failure inside that window reaches the error page.
 */
export function reloadAfterChunkError(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_INTERVAL_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function lazyPage<T extends ComponentType>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}
