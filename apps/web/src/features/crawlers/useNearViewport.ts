import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within view, and from then on: the chart below the counts waits
 * with its request and its drawing until a scroll brings it in (as the links summary's charts do).
 * Without IntersectionObserver (tests): true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
