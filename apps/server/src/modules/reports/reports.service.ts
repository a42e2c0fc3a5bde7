import type { ReportFilters } from '@linkwatch/shared';
import {
  LINK_CHART_DAYS,
  type Locale,
  REPORT_CHANGE_TYPES,
  type ReportChangeType,
  XLSX_EXPORT_MAX_ROWS,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { FieldError } from '../../errors.ts';
import { type PageQuery, paginated } from '../../http/present.ts';
import { newReportCount } from '../actions/action-events.ts';
import { reportExportRows } from './reports.export.ts';
import { readChangeTypeParam } from './reports.filters.ts';
import { presentChange, presentReportLink, presentTrend } from './reports.presenter.ts';
import {
  changesOf,
  countReportChanges,
  foundLostPerDay,
  listChangesOfType,
  listReportLinks,
  markReportsSeen,
  reportChangeWhere,
  reportCounts,
} from './reports.queries.ts';

interface ReportQuery {
  userId: number;
  filters: ReportFilters;
  page: PageQuery;
  locale: Locale;
}

/** A page of report links; each carries its changes (only the filtered types, when filtered). */
export async function reportLinksPage(ctx: Pick<AppContext, 'db'>, params: ReportQuery) {
  const { rows, total } = await listReportLinks(ctx.db, params);
  const changes = await changesOf(ctx.db, {
    reportLinkIds: rows.map((r) => r.link.id),
    types: params.filters.changesTypes,
  });
  const byLink = groupByLink(changes);
  const data = rows.map((row) => presentReportLink(row, byLink.get(row.link.id) ?? [], params.locale));
  return {
    ...paginated(data, params.page, total),
    included: changes.map((c) => presentChange(c, params.locale)),
  };
}

// Map.groupBy needs Node 21; the machines run Node 20.
function groupByLink<T extends { reportLinkId: number }>(rows: T[]) {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.reportLinkId, [...(groups.get(row.reportLinkId) ?? []), row]);
  return groups;
}

export async function reportCountsOf(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; filters: ReportFilters },
) {
  const counts = await reportCounts(ctx.db, params);
  const types = Object.fromEntries(REPORT_CHANGE_TYPES.map((t) => [t, 0])) as Record<
    ReportChangeType,
    number
  >;
  for (const row of counts.byType) if (row.type in types) types[row.type as ReportChangeType] = row.count;
  return {
    id: 0,
    type: 'reportCounts' as const,
    attributes: {
      total: counts.total,
      unseen: counts.unseen,
      new: types.found,
      lost: types.lost,
      changes: Object.values(types).reduce((sum, n) => sum + n, 0),
      types,
    },
  };
}

/** Marks reports seen and pushes the new count to the user's open tabs (the sidebar badge). */
export async function markSeen(
  ctx: Pick<AppContext, 'db' | 'events'>,
  params: { userId: number; actionIds: number[] },
) {
  await ctx.db.transaction((tx) => markReportsSeen(tx, params));
  const count = await newReportCount(ctx, params.userId);
  await ctx.events.publish({ userId: params.userId, event: 'NewReportCount', data: { count } });
  return count;
}

const DAY_MS = 86_400_000;

/** Found and lost backlinks on each of the last LINK_CHART_DAYS UTC days, today last; zero when none. */
export async function reportTrendOf(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; project?: number; campaign?: number; now?: Date },
) {
  const now = params.now ?? new Date();
  const from = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (LINK_CHART_DAYS - 1)),
  );
  const rows = await foundLostPerDay(ctx.db, { ...params, from });
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const days = Array.from({ length: LINK_CHART_DAYS }, (_, n) => {
    const date = new Date(from.getTime() + n * DAY_MS).toISOString().slice(0, 10);
    return { date, found: byDay.get(date)?.found ?? 0, lost: byDay.get(date)?.lost ?? 0 };
  });
  return presentTrend(days);
}

/** `GET reports/changes/{type}`: a page of the changes of one type (the type read after the query). */
export function changesOfTypePage(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; type: string; filters: ReportFilters; page: PageQuery },
) {
  return listChangesOfType(ctx.db, { ...params, type: readChangeTypeParam(params.type) });
}

/** `GET reports/export`: the rows of the filtered changes; an xlsx is capped like the links export. */
export async function reportExport(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; format: 'csv' | 'xlsx'; filters: ReportFilters; locale: Locale },
) {
  const where = reportChangeWhere(params.userId, params.filters);
  if (params.format === 'xlsx' && (await countReportChanges(ctx.db, where)) > XLSX_EXPORT_MAX_ROWS)
    throw new FieldError({
      format: { key: 'reports.errors.exportXlsxTooMany', params: { max: XLSX_EXPORT_MAX_ROWS } },
    });
  return reportExportRows(ctx.db, { where, locale: params.locale });
}
