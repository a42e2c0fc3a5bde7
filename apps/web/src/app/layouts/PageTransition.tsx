import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Skeleton } from '@/ui/Spinner.tsx';

function PageSkeleton() {
  return (
    <div className="space-y-6" aria-hidden>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  );
}

/** spec point 2: page changes use a transition (a short fade); lazy pages wait behind a skeleton. */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="animate-page-in">
      <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
    </div>
  );
}
