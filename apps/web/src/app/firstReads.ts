import { DEFAULT_PAGE_SIZE, FIRST_PAGE, filterParams, OPTIONS_PAGE_SIZE } from '@linkwatch/shared';
import { apiUrl, type Query, sendEarlyReads } from '@/api/http.ts';
import { getToken } from '@/api/token.ts';
import { listQueryFromSearch } from '@/features/links/listQuery.ts';
import { LIST_TYPE_CODE, parseListRoute } from '@/features/links/route.ts';
import { localeOfPath, splitLocale } from '@/lib/locale.ts';

type Read = { path: string; query?: Query };

/**
 * What the signed-in frame shows besides the page: the balance (account menu), the settings' notice and the
 * accounts (the account switcher, and what the user may do in the current one: lib/account.ts).
 */
const FRAME_READS: Read[] = [{ path: 'user/balance' }, { path: 'settings' }, { path: 'user/accounts' }];

/**
 * `/campaign/{type?}/{tier?}/{id}` as the router's `campaign/:type?/:tier?/:id` splits it: with two
 * segments the first is the type, with three the type and the tier.
 */
function campaignParams(rest: string): { type?: string; tier?: string; id?: string } | null {
  const [first, ...segments] = rest.split('/').filter(Boolean);
  if (first !== 'campaign' || segments.length < 1 || segments.length > 3) return null;
  const id = segments.pop();
  const [type, tier] = segments;
  return { type, tier, id };
}

/** What the campaign page's first screen shows, as app/prefetchCampaign.ts and its frame ask for it. */
function campaignReads(rest: string, search: string): Read[] {
  const params = campaignParams(rest);
  const route = params && parseListRoute(params);
  if (!route) return [];
  const scope = filterParams({ campaign: route.id });
  const list = { ...scope, ...filterParams({ type: LIST_TYPE_CODE[route.type] }) };
  return [
    { path: `campaigns/${route.id}` },
    { path: 'links/counts', query: scope },
    { path: 'links/codes', query: list },
    { path: 'links/statistic', query: list },
    { path: 'links', query: listQueryFromSearch({ base: list, search }) },
    { path: 'actions/list' },
    // Its latest tasks (features/tasks useRecentTasks).
    {
      path: 'actions',
      query: {
        'page[number]': FIRST_PAGE,
        'page[size]': DEFAULT_PAGE_SIZE,
        ...filterParams({ campaign: route.id }),
      },
    },
    ...FRAME_READS,
  ];
}

/** The dashboard's, as app/prefetchCampaign.ts and its frame ask for them. */
function dashboardReads(rest: string): Read[] {
  if (rest.replace(/\/$/, '') !== '') return [];
  return [
    {
      path: 'projects',
      query: { 'page[number]': FIRST_PAGE, 'page[size]': OPTIONS_PAGE_SIZE, sort: 'isFavorite' },
    },
    { path: 'projects/statistic' },
    { path: 'links/codes', query: {} },
    ...FRAME_READS,
  ];
}

/** The reads a cold load of this page makes first: the user, and the dashboard's or a campaign's screen. */
export function firstReadsOf({ pathname, search }: { pathname: string; search: string }): Read[] {
  const { rest } = splitLocale(pathname);
  return [{ path: 'user/me' }, ...dashboardReads(rest), ...campaignReads(rest, search)];
}

/**
 * Sends a signed-in cold load's first reads from the entry script, while the app's code is still on its way
 * (index.html preloads it): they no longer wait for it to arrive and run, a round trip or two on a phone.
 * The app's own calls for them take their answers (api/http.ts takeEarlyRead). All at once, in one call
 * (`GET batch`): in tasks of their own they waited behind the evaluation of the app's code, and sent one by
 * one they took a phone's six connections from that code.
 */
export function sendFirstReads(location: { pathname: string; search: string }): void {
  if (!getToken()) return;
  const locale = localeOfPath(location.pathname);
  sendEarlyReads({ urls: firstReadsOf(location).map(({ path, query }) => apiUrl(path, query)), locale });
}
