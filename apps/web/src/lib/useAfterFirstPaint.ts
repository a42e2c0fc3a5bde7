import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true in a low-priority render after the browser has painted it. A page renders
 * its headline first and its heavy parts (a table of 50 rows, the summary) in this second render, which React
 * splits into slices between which the browser paints: on a phone the title shows a second or two earlier
 * and the main thread is never blocked for long, instead of one long task that paints everything at the end.
 * Started from an effect alone, the second render (and the reads and chunks it asks for) often ran before
 * the browser had painted the first: the next animation frame comes before that paint, a task after it.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}
