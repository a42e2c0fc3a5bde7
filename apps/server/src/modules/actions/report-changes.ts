import type { ReportChangeType } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { insertRows } from '../../db/bulk.ts';
import type { Tx } from '../../db/client.ts';
import { actions, links, reportChanges, reportLinks } from '../../db/schema/index.ts';
import type { ActionRow } from './types.ts';

/** One change a task saw on a link, as its report lists it. */
export interface ReportChange {
  changesType: ReportChangeType;
  old: string | null;
  new: string | null;
}

/** The columns of a link its report line copies: select them to build a ChangedLink. */
export const REPORTED_LINK = {
  id: links.id,
  userId: links.userId,
  campaignId: links.campaignId,
  projectId: links.projectId,
  url: links.url,
  title: links.title,
};

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
  const inserted = await insertRows<{ id: number; link_id: number }>(
    tx,
    reportLinks,
    REPORT_LINK_SHAPE,
    withChanges.map(({ link }) => ({
      user_id: link.userId,
      action_id: action.id,
      link_id: link.id,
      campaign_id: link.campaignId,
      project_id: link.projectId,
      url: link.url,
    })),
    'id, link_id',
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
  await insertRows(tx, reportChanges, REPORT_CHANGE_SHAPE, changeRows);
  await tx.update(actions).set({ hasNewReport: true }).where(eq(actions.id, action.id));
}

const REPORT_LINK_SHAPE = {
  user_id: 'int',
  action_id: 'int',
  link_id: 'int',
  campaign_id: 'int',
  project_id: 'int',
  url: 'text',
} as const;

const REPORT_CHANGE_SHAPE = {
  report_link_id: 'int',
  changes_type: 'text',
  old: 'text',
  new: 'text',
  old_title: 'text',
  new_title: 'text',
  title: 'text',
} as const;
