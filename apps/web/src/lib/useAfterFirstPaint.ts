import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true in a low-priority render right after it. A page renders its headline
 * first and its heavy parts (a table of 50 rows, the summary) in this second render, which React splits
 * into slices between which the browser paints: on a phone the title shows a second or two earlier and
 * the main thread is never blocked for long, instead of one long task that paints everything at the end.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}
