import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react';

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
export type LazyPage<T extends AnyComponent> = ComponentType<ComponentProps<T>> & {
  preload: () => Promise<unknown>;
};

/**
 * A page (or layout) in a chunk of its own. `preload()` starts the download early (the route of a cold
 * load, before the language catalog and the user are in) and the first render reuses that download.
 * Once its chunk is in, the page renders at once: React.lazy would still suspend on its first render,
 * show the placeholder, and reveal the page no sooner than 300 ms after it (React's throttling of
 * Suspense reveals), a blank third of a second on every cold load.
 */
export function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyPage<T> {
  let loading: Promise<{ default: T }> | undefined;
  let loaded: T | undefined;
  const once = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        if (reloadAfterChunkError()) return new Promise<never>(() => {});
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(once);
  function Page(props: ComponentProps<T>) {
    // Chosen once per mount: changing from the lazy wrapper to the module would remount the page.
    const [Component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload: once });
}

/** A lazyPage() component (a function with `preload`), as opposed to a page imported with the entry. */
export function isLazyPage(component: unknown): component is LazyPage<AnyComponent> {
  return typeof component === 'function' && 'preload' in component;
}
