import { IndexState, LinkCheckStatus, RobotsStatus } from '@linkwatch/shared';
import { sql } from 'drizzle-orm';
import { links, projects } from '../../../db/schema/index.ts';
import type { Providers } from '../../../providers/index.ts';
import type { LeaveOutRule } from '../types.ts';

const ROBOTS_BLOCKED = [RobotsStatus.Forbidden, RobotsStatus.MayBeForbidden, RobotsStatus.RobotsTxt];
const NOINDEX = [
  RobotsStatus.MetaNoindex,
  RobotsStatus.MetaNone,
  RobotsStatus.XRobotsNoindex,
  RobotsStatus.XRobotsNone,
];

/** The page's host, lower-case and without `www.`, as a project's domains are compared. */
export const linkHost = sql`regexp_replace(lower(substring(${links.url} from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\\.', '')`;

/**
 * Whether the page is on one of its project's own domains (the site itself, not a donor): those go to
 * the own-site services (IndexNow, Google's Indexing API), every other page to the donor services.
 */
export const isOwnSitePage = sql<boolean>`exists (
  select 1 from ${projects} p
  where p.id = ${links.projectId}
    and ${linkHost} in (
      select regexp_replace(lower(d), '^www\\.', '') from unnest(array_append(p.domains, p.main_domain)) as d))`;

const inList = (values: readonly number[]) =>
  sql`${links.indexingCapabilityId} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * Which selected pages an indexing request leaves out, in order (a page is counted under the first
 * that holds): sending them would cost credits and could not get them indexed. It reads the latest
 * backlink check, so a page never checked is left out too: nobody knows yet whether it answers.
 */
export function indexingLeaveOutRules(providers: Providers): LeaveOutRule[] {
  const kinds = new Set(providers.indexing.adapters.map((a) => a.kind));
  const noIndexer =
    kinds.has('donor') && kinds.has('own-site')
      ? sql`false`
      : kinds.has('donor')
        ? isOwnSitePage
        : kinds.has('own-site')
          ? sql`not ${isOwnSitePage}`
          : sql`true`;
  return [
    { reason: 'indexed', where: sql`${links.indexing} = ${IndexState.Indexed}` },
    { reason: 'unchecked', where: sql`${links.dateCheckData} is null` },
    { reason: 'notOk', where: sql`coalesce(${links.responseCode}, 0) <> 200` },
    // A donor page that no longer carries the backlink is worth nothing to the customer indexed.
    { reason: 'missing', where: sql`${links.checkStatus} is not distinct from ${LinkCheckStatus.Missing}` },
    { reason: 'robots', where: sql`coalesce(${inList(ROBOTS_BLOCKED)}, false)` },
    { reason: 'noindex', where: sql`coalesce(${inList(NOINDEX)}, false)` },
    {
      reason: 'canonical',
      where: sql`${links.indexingCapabilityId} is not distinct from ${RobotsStatus.Canonical}`,
    },
    { reason: 'noIndexer', where: noIndexer },
  ];
}
