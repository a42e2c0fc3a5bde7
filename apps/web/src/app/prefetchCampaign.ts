import { filterParams } from '@linkwatch/shared';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { linkListQuery } from '@/features/links/api/linkListQuery.ts';
import { linkCodesQuery, linkCountsQuery, linkStatisticQuery } from '@/features/links/api/summaryQueries.ts';
import { listQueryFromSearch } from '@/features/links/listQuery.ts';
import { LIST_TYPE_CODE, parseListRoute } from '@/features/links/route.ts';
import { campaignQuery } from '@/features/projects/api/campaignQuery.ts';
import { projectStatisticQuery, projectsQuery } from '@/features/projects/api/projectQueries.ts';
import { taskTypesQuery } from '@/features/tasks/api/taskTypes.ts';

const LOCALE_PREFIX = /^\/(en|ru|ua)(?=\/)/;

/**
 * Sends one read in a task of its own. Under a browser's network inspection (Lighthouse runs with one)
 * each request costs the main thread ~10 ms to send: the page's six, sent together, were one task of
 * ~100 ms on a phone.
 */
export function readSoon(read: () => Promise<unknown>): void {
  setTimeout(() => void read());
}

/**
 * A cold load of a campaign page asks for what its first screen shows (the campaign's name, the tab
 * counts, the summary figures, the table's rows, which tasks can start) from the entry bundle, alongside the page's
 * chunks, instead of after them: the title and figures are there at the first render and the page does
 * not re-render as each answer arrives. Same keys as the page's hooks, so those find the answers cached.
 * Any other path: nothing. Called only with a session.
 */
export function prefetchCampaignPage(
  queryClient: QueryClient,
  { pathname, search = '' }: { pathname: string; search?: string },
): void {
  const params = matchPath('/campaign/:type?/:tier?/:id', pathname.replace(LOCALE_PREFIX, ''))?.params;
  const route = params ? parseListRoute(params) : null;
  if (!route) return;
  const scope = filterParams({ campaign: route.id });
  const list = { ...scope, ...filterParams({ type: LIST_TYPE_CODE[route.type] }) };
  // A failure is not handled here: the page's own hook reads it again and shows it.
  readSoon(() => queryClient.prefetchQuery(campaignQuery(route.id)));
  readSoon(() => queryClient.prefetchQuery(linkCountsQuery(scope)));
  readSoon(() => queryClient.prefetchQuery(linkCodesQuery(list)));
  readSoon(() => queryClient.prefetchQuery(linkStatisticQuery(list)));
  readSoon(() => queryClient.prefetchQuery(linkListQuery(listQueryFromSearch({ base: list, search }))));
  readSoon(() => queryClient.prefetchQuery(taskTypesQuery));
}

/**
 * The same for a cold load of the dashboard: the projects, their totals and the response codes, which the
 * page asked for only after its chunk had arrived and the projects were in, one after the other.
 */
export function prefetchDashboardPage(queryClient: QueryClient, pathname: string): void {
  if (pathname.replace(/^\/(en|ru|ua)(?=\/|$)/, '').replace(/\/$/, '') !== '') return;
  readSoon(() => queryClient.prefetchQuery(projectsQuery()));
  readSoon(() => queryClient.prefetchQuery(projectStatisticQuery));
  readSoon(() => queryClient.prefetchQuery(linkCodesQuery({})));
}
