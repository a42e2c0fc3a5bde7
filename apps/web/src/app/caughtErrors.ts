import { isApiError } from '@/api/client.ts';

/**
 * createRoot's `onCaughtError`. React's default writes every error an error boundary catches to the
 * console; a 403 or 404 answer to a page's read is that page's outcome (the boundary shows the 404 or 403
 * page: a missing or someone else's project), not a fault, so it is left out. Anything else is logged.
 */
export function onCaughtError(error: unknown, info: { componentStack?: string }): void {
  if (isApiError(error) && (error.status === 403 || error.status === 404)) return;
  console.error(error, info.componentStack ?? '');
}
