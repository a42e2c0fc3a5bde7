import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '@/api/client.ts';
import { ErrorPage } from '@/ui/ErrorPage.tsx';

/** spec point 8: 403, 404 and 5xx on a page load show the full error page; anything unknown is a 500. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isApiError(error) && error.status > 0)
    return <ErrorPage status={error.status} message={error.message} />;
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}
