import type { ReportChangeType } from '@linkwatch/shared';
import type { Tx } from '../../db/client.ts';
import { insertReportChanges, insertReportLinks, markNewReport } from './actions.queries.ts';
import type { ActionRow } from './types.ts';

/** One change a task saw on a link, as its report lists it. */
export interface ReportChange {
  changesType: ReportChangeType;
  old: string | null;
  new: string | null;
}

export interface ChangedLink {
  link: {
    id: number;
    userId: number;
    campaignId: number;
    projectId: number;
    url: string;
    title: string | null;
  };
  changes: ReportChange[];
}

/**
 * Writes what a task's batch changed into its report: a report row per changed link and a row per
 * change, each kind in one statement, and flags the task as having a new report.
 */
export async function recordReport(tx: Tx, action: ActionRow, changed: ChangedLink[]) {
  const withChanges = changed.filter((c) => c.changes.length > 0);
  if (withChanges.length === 0) return;
  const inserted = await insertReportLinks(
    tx,
    withChanges.map(({ link }) => ({
      user_id: link.userId,
      action_id: action.id,
      link_id: link.id,
      campaign_id: link.campaignId,
      project_id: link.projectId,
      url: link.url,
    })),
  );
  const reportIdOf = new Map(inserted.map((r) => [r.link_id, r.id]));
  const changeRows = withChanges.flatMap(({ link, changes }) =>
    changes.map((change) => {
      const isTitle = change.changesType === 'title';
      return {
        report_link_id: reportIdOf.get(link.id)!,
        changes_type: change.changesType,
        old: change.old,
        new: change.new,
        old_title: isTitle ? change.old : null,
        new_title: isTitle ? change.new : null,
        title: link.title,
      };
    }),
  );
  await insertReportChanges(tx, changeRows);
  await markNewReport(tx, { actionId: action.id });
}
