import type { TUpdateCampaignRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { nextRunAt } from '../../lib/next-run.ts';
import { campaignScheduleCadences, setScheduleNextRun, updateCampaign } from './campaigns.queries.ts';

/**
 * Moves each of the user's schedules of a campaign to its next run from now: after a schedule is saved,
 * and after the campaign's time or weekdays change (they are the campaign's, so all its schedules move).
 */
export async function rescheduleCampaign(db: Queryable, params: { userId: number; campaignId: number }) {
  const from = new Date();
  for (const cadence of await campaignScheduleCadences(db, params)) {
    const next = nextRunAt(cadence, { from });
    await setScheduleNextRun(db, { userId: params.userId, id: cadence.id, nextRunAt: next });
  }
}

/**
 * `PUT campaigns/{id}` (company settings): renames the campaign and sets the weekdays and time of its
 * scheduled checks; when those change, its schedules move to their next run in the same transaction.
 * Undefined when the user has no such campaign.
 */
export function changeCampaignSettings(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; id: number; body: TUpdateCampaignRequest },
) {
  const { userId, id, body } = params;
  return ctx.db.transaction(async (tx) => {
    const campaign = await updateCampaign(tx, { userId, id, values: body });
    if (campaign && (body.weekdays || body.time)) await rescheduleCampaign(tx, { userId, campaignId: id });
    return campaign;
  });
}
