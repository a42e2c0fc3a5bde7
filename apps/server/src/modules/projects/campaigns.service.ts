import type { TUpdateCampaignRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { rescheduleCampaign } from '../schedules/schedules.service.ts';
import { updateCampaign } from './campaigns.queries.ts';

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
