import { isApiError } from '@/api/client.ts';
import { ErrorPage } from '@/ui/ErrorPage.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';

/**
 * spec point 8: 403, 404 and 5xx on a page load show the error page; anything unknown is a 500. A 404 (a
 * missing or someone else's project, campaign, crawler page) is the unknown route's page (spec point 2:
 * "a page whose validity check fails also gives that 404"): one 404 page everywhere.
 */
export function RouteErrorPage({ error, fullScreen = false }: { error: unknown; fullScreen?: boolean }) {
  const status = isApiError(error) && error.status > 0 ? error.status : 500;
  if (status === 404)
    return fullScreen ? (
      <main className="flex min-h-screen items-center justify-center bg-canvas px-6">
        <NotFoundPage />
      </main>
    ) : (
      <NotFoundPage />
    );
  return (
    <ErrorPage
      status={status}
      message={isApiError(error) ? error.message : undefined}
      fullScreen={fullScreen}
    />
  );
}
