import type { Locale, ReportChangeType } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { iso } from '../../http/present.ts';
import type { ReportChangeRow, ReportLinkRow } from './reports.queries.ts';

export const changesTypeText = (locale: Locale, type: string) =>
  translate(locale, `reports.changesTypes.${type}`);

function changeAttributes(change: ReportChangeRow, locale: Locale) {
  return {
    reportLinkId: change.reportLinkId,
    changesType: change.changesType as ReportChangeType,
    changesTypeText: changesTypeText(locale, change.changesType),
    old: change.old,
    new: change.new,
    oldTitle: change.oldTitle,
    newTitle: change.newTitle,
    title: change.title,
    count: change.count,
    status: change.status,
  };
}

export function presentChange(change: ReportChangeRow, locale: Locale) {
  return { id: change.id, type: 'reportChanges' as const, attributes: changeAttributes(change, locale) };
}

const ref = <T extends string>(type: T, id: number | null) => ({ data: id === null ? null : { id, type } });

/** A report link with its changes inline (for simple clients) and as relationships plus `included`. */
export function presentReportLink(
  row: { link: ReportLinkRow; campaignName: string | null; actorName: string | null; hasEvidence: boolean },
  changes: ReportChangeRow[],
  locale: Locale,
) {
  const { link } = row;
  return {
    id: link.id,
    type: 'reportLinks' as const,
    attributes: {
      url: link.url,
      projectId: link.projectId,
      campaignId: link.campaignId,
      campaignName: row.campaignName,
      actionId: link.actionId,
      actorName: row.actorName,
      linkId: link.linkId,
      createdAt: iso(link.createdAt)!,
      seen: link.seenAt !== null,
      evidence: row.hasEvidence,
      changes: changes.map((c) => ({ id: c.id, ...changeAttributes(c, locale) })),
    },
    relationships: {
      campaign: ref('campaigns' as const, link.campaignId),
      action: ref('actions' as const, link.actionId),
      changes: { data: changes.map((c) => ({ id: c.id, type: 'reportChanges' as const })) },
    },
  };
}

/** One change of `reports/changes/{type}`, with the link it belongs to. */
export function presentChangeWithLink(
  row: {
    change: ReportChangeRow;
    link: ReportLinkRow;
    campaignName: string | null;
    actorName: string | null;
  },
  locale: Locale,
) {
  return {
    id: row.change.id,
    type: 'reportChanges' as const,
    attributes: {
      ...changeAttributes(row.change, locale),
      url: row.link.url,
      campaignId: row.link.campaignId,
      campaignName: row.campaignName,
      actionId: row.link.actionId,
      actorName: row.actorName,
      createdAt: iso(row.link.createdAt)!,
      seen: row.link.seenAt !== null,
    },
  };
}

/** `reports/trend`: one resource with the days in order. */
export function presentTrend(days: { date: string; found: number; lost: number }[]) {
  return { data: { id: 0, type: 'reportTrend' as const, attributes: { days } } };
}
