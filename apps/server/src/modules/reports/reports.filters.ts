import { DATE_MAX_TIME, isReportChangeType, type ReportChangeType } from '@linkwatch/shared';
import { FieldError } from '../../errors.ts';
import {
  type RawQuery,
  readDateFilter,
  readFilter,
  readIdFilter,
  readIdList,
} from '../../http/list-query.ts';

/** The report page's filters; `project` is always set (spec point 5: 'Please, select a project.'). */
export interface ReportFilters {
  project: number;
  campaign?: number;
  /** The task (actions row) whose check produced the report. */
  action?: number;
  changesTypes?: ReportChangeType[];
  /** Inclusive start of the first day, exclusive end of the last day. */
  from?: Date;
  to?: Date;
  /** Ticked report links (export of a selection). */
  reportLinkIds?: number[];
}

const DAY_MS = 86_400_000;

export function readReportFilters(query: RawQuery): ReportFilters {
  const project = readIdFilter(query, 'project');
  if (!project) {
    throw new FieldError(
      { 'filter.project': 'reports.errors.selectProject' },
      'reports.errors.selectProject',
    );
  }
  const from = readDay(query, 'dateFrom');
  const lastDay = readDay(query, 'dateTo');
  const reportLinkIds = readIdList(query, 'links');
  return {
    project,
    campaign: readIdFilter(query, 'campaign'),
    action: readIdFilter(query, 'action'),
    changesTypes: readChangesTypes(query),
    from,
    to: lastDay ? new Date(Math.min(lastDay.getTime() + DAY_MS, DATE_MAX_TIME)) : undefined,
    reportLinkIds: reportLinkIds.length ? reportLinkIds : undefined,
  };
}

/** `filter[changesType]=lost` or a comma-separated list `lost,found`. */
function readChangesTypes(query: RawQuery): ReportChangeType[] | undefined {
  const raw = readFilter(query, 'changesType');
  if (!raw) return undefined;
  const types = raw.split(',').map((t) => t.trim());
  if (!types.every(isReportChangeType)) throw new FieldError({ 'filter.changesType': 'validation.invalid' });
  return types;
}

/** A UTC calendar day `YYYY-MM-DD` (a full ISO timestamp is cut to its date). */
function readDay(query: RawQuery, name: string): Date | undefined {
  if (!readDateFilter(query, name)) return undefined;
  return new Date(`${readFilter(query, name)?.slice(0, 10)}T00:00:00Z`);
}

export function readChangeTypeParam(type: string): ReportChangeType {
  if (!isReportChangeType(type)) throw new FieldError({ type: 'validation.invalid' });
  return type;
}
