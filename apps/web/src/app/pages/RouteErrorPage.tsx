import { isApiError } from '@/api/client.ts';
import { ErrorPage } from '@/ui/ErrorPage.tsx';

/** spec point 8: 403, 404 and 5xx on a page load show the full error page; anything unknown is a 500. */
export function RouteErrorPage({ error }: { error: unknown }) {
  if (isApiError(error) && error.status > 0)
    return <ErrorPage status={error.status} message={error.message} />;
  return <ErrorPage status={500} />;
}
