import type { TCreateCampaignRequest, TUpdateCampaignRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { FieldError, notFound } from '../../errors.ts';
import { nextRunAt } from '../../lib/next-run.ts';
import {
  campaignScheduleCadences,
  deleteCampaign,
  findCampaign,
  insertCampaign,
  listCampaigns,
  setScheduleNextRun,
  updateCampaign,
} from './campaigns.queries.ts';
import { findProject } from './projects.queries.ts';

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
 * Not found when the user has no such campaign.
 */
export async function changeCampaignSettings(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; id: number; body: TUpdateCampaignRequest },
) {
  const { userId, id, body } = params;
  const campaign = await ctx.db.transaction(async (tx) => {
    const campaign = await updateCampaign(tx, { userId, id, values: body });
    if (campaign && (body.weekdays || body.time)) await rescheduleCampaign(tx, { userId, campaignId: id });
    return campaign;
  });
  if (!campaign) throw notFound();
  return campaign;
}

export function campaignPage(ctx: Pick<AppContext, 'db'>, params: Parameters<typeof listCampaigns>[1]) {
  return listCampaigns(ctx.db, params);
}

/** One of the user's campaigns with its project's name; another user's is not found. */
export async function ownCampaign(ctx: Pick<AppContext, 'db'>, params: { userId: number; id: number }) {
  const row = await findCampaign(ctx.db, params);
  if (!row) throw notFound();
  return row;
}

/** `POST campaigns/`: a campaign in one of the user's projects (another's project is a 422). */
export async function createCampaign(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; input: TCreateCampaignRequest },
) {
  const { userId, input } = params;
  const project = await findProject(ctx.db, { userId, id: input.project });
  if (!project) throw new FieldError({ project: 'validation.invalid' });
  const campaign = await insertCampaign(ctx.db, {
    userId,
    projectId: project.id,
    name: input.name,
    tier: input.tier,
  });
  return { campaign, project };
}

export async function removeCampaign(ctx: Pick<AppContext, 'db'>, params: { userId: number; id: number }) {
  if (!(await deleteCampaign(ctx.db, params))) throw notFound();
}
