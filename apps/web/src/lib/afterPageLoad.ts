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
