import { useEffect, useState } from 'react';

/** Longest wait for an idle moment once the page has loaded: a busy phone still gets the work done. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Runs `work` once the page has loaded and the browser has an idle moment: what the first screen does not
 * show (the realtime socket, the visit log) stays out of a cold load's way, where a phone's requests queue
 * for six connections and its main thread is busy with the first render. Returns a cancel function.
 */
export function afterPageLoad(work: () => void): () => void {
  let cancelled = false;
  const guarded = () => {
    if (!cancelled) work();
  };
  const whenIdle = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback: a task after the load event instead.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(guarded, { timeout: IDLE_TIMEOUT_MS });
    } else {
      window.setTimeout(guarded, 0);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
  };
}

/** False until the page has loaded and the browser had an idle moment (see afterPageLoad). */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterPageLoad(() => setLoaded(true)), []);
  return loaded;
}

/** Longest wait for a page's content before the work runs anyway (an error page, a chunk that never came). */
const SHOWN_TIMEOUT_MS = 3_000;
let pageShown = false;
const shownListeners = new Set<() => void>();

/** A page's content (not its placeholder) has been committed: see app/layouts/PageTransition.tsx. */
export function markPageShown(): void {
  if (pageShown) return;
  pageShown = true;
  for (const listener of shownListeners) listener();
  shownListeners.clear();
}

/** Unit tests: each starts before the first page has been shown, as a visit does. */
export function resetPageShownForTests(): void {
  pageShown = false;
  shownListeners.clear();
}

/**
 * Runs `work` as afterPageLoad does, but not before the first page's content has been shown: the load
 * event of a cold load comes before the page's chunks and reads are in, and the idle moments while they
 * download had the socket, its chunk and the visit log compete with the page's first render.
 */
export function afterPageShown(work: () => void): () => void {
  let cancelled = false;
  let cancelLoad: (() => void) | undefined;
  const go = () => {
    if (!cancelled) cancelLoad = afterPageLoad(work);
  };
  if (pageShown) {
    go();
    return () => {
      cancelled = true;
      cancelLoad?.();
    };
  }
  const onShown = () => {
    window.clearTimeout(timer);
    go();
  };
  const timer = window.setTimeout(() => {
    shownListeners.delete(onShown);
    go();
  }, SHOWN_TIMEOUT_MS);
  shownListeners.add(onShown);
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
    shownListeners.delete(onShown);
    cancelLoad?.();
  };
}

/** False until the first page's content has been shown and the browser had an idle moment after it. */
export function usePageShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => afterPageShown(() => setShown(true)), []);
  return shown;
}
