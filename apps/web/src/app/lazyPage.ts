import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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

// biome-ignore lint/suspicious/noExplicitAny: props of any shape, as React's own lazy() accepts
type AnyComponent = ComponentType<any>;

/** A lazily loaded component that can be asked to start its download before it renders. */
export type LazyPage<T extends AnyComponent> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

/**
 * A page (or layout) in a chunk of its own. `preload()` starts the download early (the route of a cold
 * load, before the language catalog and the user are in) and the first render reuses that download.
 */
export function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyPage<T> {
  let loading: Promise<{ default: T }> | undefined;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      if (reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}

export function isLazyPage(component: unknown): component is LazyPage<AnyComponent> {
  return typeof component === 'object' && component !== null && 'preload' in component;
}
