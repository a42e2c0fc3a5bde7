import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { markPageShown } from '@/lib/afterPageLoad.ts';
import { Skeleton } from '@/ui/Spinner.tsx';
import { RouteErrorBoundary } from '../RouteErrorBoundary.tsx';

function PageSkeleton() {
  return (
    <div className="space-y-6" aria-hidden>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  );
}

/** Committed with the page's content, not with its placeholder: what waits for the first screen may start. */
function ContentShown() {
  useEffect(markPageShown, []);
  return null;
}

/**
 * spec point 2: page changes use a transition (a short fade); lazy pages wait behind a skeleton. The page
 * a visit opens on does not fade in: there is no change to show, and its content would paint transparent.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname, key } = useLocation();
  const [firstPath] = useState(pathname);
  const [changed, setChanged] = useState(false);
  if (!changed && pathname !== firstPath) setChanged(true);
  return (
    <div key={pathname} className={changed ? 'animate-page-in' : undefined}>
      {/* A page's error (its project is missing: 404) shows in the page's place; the frame stays. */}
      <RouteErrorBoundary resetKey={key}>
        <Suspense fallback={<PageSkeleton />}>
          {children}
          <ContentShown />
        </Suspense>
      </RouteErrorBoundary>
    </div>
  );
}
