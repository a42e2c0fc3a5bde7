import {
  IndexState,
  LINK_CHART_DAYS,
  LinkCheckStatus,
  LinkElementKind,
  type Locale,
  REL_ATTRIBUTES,
  ResponseCodeGroup,
  RobotsStatus,
  type TKeyValueTitle,
} from '@linkwatch/shared';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { linkTexts } from './links.presenter.ts';
import {
  type Counts,
  counterGroups,
  groupBacklinks,
  groupLinks,
  linksAddedPerDay,
  linksCheckedPerDay,
  linksIndexedPerDay,
  scannedCodeCounts,
  toCounts,
} from './links.queries.ts';

/** Every known key in spec order, zero when absent, so charts keep their bars in place. */
function listed<K extends number | string>(keys: readonly K[], counts: Counts, title: (key: K) => string) {
  return keys.map((key): TKeyValueTitle => ({ key, value: counts.get(key) ?? 0, title: title(key) }));
}

const INDEX_STATES = Object.values(IndexState);
const ROBOTS_STATUSES = Object.values(RobotsStatus);
const ELEMENT_KINDS = Object.values(LinkElementKind);
const CODE_GROUPS = Object.values(ResponseCodeGroup);

/** A single counted figure (`links`, `good`, …): its key is '', read as 0. */
const single = (groups: Map<string, Counts>, kind: string) => groups.get(kind)?.get(0) ?? 0;

/** The per-list figures of the links page: from the counters when `scope` is given, else a scan of `where`. */
interface StatsParams {
  where: SQL;
  scope?: SQL;
  locale: Locale;
}

/** spec point 3 "Statistics": lists of key/value/title for backlink types, indexing, index capability, attributes. */
export async function linkStatistic(db: Queryable, params: StatsParams) {
  const t = linkTexts(params.locale);
  const [indexing, capability, types, attributes] = params.scope
    ? await counterGroups(db, params.scope, ['indexing', 'capability', 'bl_type', 'bl_attr']).then((g) =>
        ['indexing', 'capability', 'bl_type', 'bl_attr'].map((kind) => g.get(kind)!),
      )
    : await Promise.all([
        groupLinks(db, { where: params.where, by: 'indexing' }),
        groupLinks(db, { where: params.where, by: 'capability' }),
        groupBacklinks(db, { where: params.where, by: 'type' }),
        groupBacklinks(db, { where: params.where, by: 'attribute' }),
      ]);
  const knownRels = REL_ATTRIBUTES as readonly string[];
  const otherRels = [...attributes.keys()]
    .map(String)
    .filter((k) => !knownRels.includes(k))
    .sort();
  return {
    total: [...indexing.values()].reduce((a, b) => a + b, 0),
    backlinkTypes: listed(ELEMENT_KINDS, types, t.backlinkType),
    indexing: listed(INDEX_STATES, indexing, t.indexing),
    indexCapability: listed(ROBOTS_STATUSES, capability, (k) => t.robotsStatus(k)!),
    attributes: listed([...knownRels, ...otherRels], attributes, (k) => k),
  };
}

/** Counts per robots status (spec point 4), for the index-capability filter and summary. */
export async function indexingCapabilityCounts(db: Queryable, params: StatsParams) {
  const t = linkTexts(params.locale);
  const counts = params.scope
    ? (await counterGroups(db, params.scope, ['capability'])).get('capability')!
    : await groupLinks(db, { where: params.where, by: 'capability' });
  return listed(ROBOTS_STATUSES, counts, (k) => t.robotsStatus(k)!);
}

const CODE_KINDS = ['code', 'code_group', 'good', 'bad', 'unchecked', 'status'];

export async function responseCodeCounts(db: Queryable, params: StatsParams) {
  const t = linkTexts(params.locale);
  const [codes, groups, [totals]] = params.scope
    ? await counterGroups(db, params.scope, CODE_KINDS).then((g) => {
        const status = g.get('status')!;
        const totals = {
          good: single(g, 'good'),
          bad: single(g, 'bad'),
          unchecked: single(g, 'unchecked'),
          found: status.get(LinkCheckStatus.Found) ?? 0,
          missing: status.get(LinkCheckStatus.Missing) ?? 0,
          unread: status.get(LinkCheckStatus.Unread) ?? 0,
        };
        return [g.get('code')!, g.get('code_group')!, [totals]] as const;
      })
    : await scannedCodeCounts(db, params.where);
  const codeKeys = [...codes.keys()].map(Number).sort((a, b) => a - b);
  return {
    codes: listed(codeKeys, codes, String),
    groups: listed(CODE_GROUPS, groups, (k) => t.responseCodeGroup(k)!),
    ...totals,
  };
}

/** Links added per UTC day since `first`: from the counters when `scope` is given, else a scan of `where`. */
async function addedPerDay(db: Queryable, params: { where: SQL; scope?: SQL; first: Date }) {
  if (!params.scope) return linksAddedPerDay(db, params);
  const added = (await counterGroups(db, params.scope, ['added'])).get('added')!;
  const since = params.first.toISOString().slice(0, 10);
  return [...added]
    .filter(([key]) => String(key) >= since)
    .map(([key, value]) => ({ key: String(key), value }));
}

/** Per UTC day of the last 30: links added, links checked, and links found indexed. */
export async function linkChart(db: Queryable, params: { where: SQL; scope?: SQL; now?: Date }) {
  const now = params.now ?? new Date();
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (LINK_CHART_DAYS - 1)),
  );
  const [added, checked, indexed] = await Promise.all([
    addedPerDay(db, { where: params.where, scope: params.scope, first }),
    linksCheckedPerDay(db, { where: params.where, first }),
    linksIndexedPerDay(db, { where: params.where, first }),
  ]);
  const [a, c, i] = [toCounts(added), toCounts(checked), toCounts(indexed)];
  return Array.from({ length: LINK_CHART_DAYS }, (_, n) => {
    const date = new Date(first.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    return { date, added: a.get(date) ?? 0, checked: c.get(date) ?? 0, indexed: i.get(date) ?? 0 };
  });
}
