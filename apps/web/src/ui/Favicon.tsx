import { useState } from 'react';
import { cn } from './cn.ts';

/** A neutral globe: what a site without a favicon (or one that fails to load) shows (spec 8). */
export const DEFAULT_FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="none" stroke="#94a3b8" stroke-width="1.3"><circle cx="8" cy="8" r="6.3"/><path d="M1.7 8h12.6M8 1.7c1.8 1.8 2.6 3.9 2.6 6.3S9.8 12.5 8 14.3M8 1.7C6.2 3.5 5.4 5.6 5.4 8s.8 4.5 2.6 6.3"/></svg>',
)}`;

/**
 * A site's favicon in a list: loaded lazily (only rows near the screen ask for theirs), from our own
 * server (`src`, see the server's favicons module: the site never sees the user), and replaced by the
 * default image when it fails to load. Decorative: the host is written beside it.
 */
export function Favicon({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <img
      src={broken ? DEFAULT_FAVICON : src}
      alt=""
      width={16}
      height={16}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      data-favicon={broken ? 'default' : 'site'}
      className={cn('size-4 shrink-0 rounded-sm', className)}
    />
  );
}
