import type { AppContext } from '../../context.ts';
import { logPageVisit } from './page-logs.queries.ts';

/** Remembers a visited path of the web app; a guest's visit has no user. */
export function recordPageVisit(ctx: AppContext, params: { userId: number | null; page: string }) {
  return logPageVisit(ctx.db, params);
}
