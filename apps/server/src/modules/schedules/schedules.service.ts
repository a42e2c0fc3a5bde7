import type { Locale, TCreateScheduleRequest, TUpdateScheduleRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { FieldError, notFound } from '../../errors.ts';
import { type PageQuery, paginated } from '../../http/present.ts';
import { dayOf, dayStart, todayUtc } from '../../lib/next-run.ts';
import { findCampaign, updateCampaign } from '../projects/campaigns.queries.ts';
import { rescheduleCampaign } from '../projects/campaigns.service.ts';
import { presentSchedule, presentScheduleGroup } from './schedules.presenter.ts';
import {
  findSchedule,
  type ScheduleValues,
  scheduleGroups,
  scheduleTaken,
  updateSchedule,
  upsertSchedule,
} from './schedules.queries.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function scheduleGroupsPage(
  ctx: Ctx,
  params: { userId: number; page: PageQuery; project?: number; locale: Locale },
) {
  const rows = await scheduleGroups(ctx.db, params);
  const projectOf = new Map(rows.campaigns.map((c) => [c.id, c.projectId]));
  const data = rows.projects.map((project) =>
    presentScheduleGroup(
      {
        project,
        campaigns: rows.campaigns.filter((c) => c.projectId === project.id),
        schedules: rows.schedules.filter((s) => projectOf.get(s.campaignId) === project.id),
      },
      params.locale,
    ),
  );
  return paginated(data, params.page, rows.total);
}

async function ownCampaign(ctx: Ctx, params: { userId: number; id: number }) {
  const row = await findCampaign(ctx.db, params);
  if (!row) throw new FieldError({ campaign: 'validation.invalid' });
  return { ...row.campaign, domains: row.projectDomains };
}

/**
 * Saves a schedule and the campaign's time of day (one time for all of a campaign's checks), then
 * computes the campaign's next runs, all in one transaction.
 */
async function storeSchedule(
  ctx: Ctx,
  params: { userId: number; time: string; write: (tx: Queryable) => Promise<number> },
) {
  return ctx.db.transaction(async (tx) => {
    const id = await params.write(tx);
    const campaignId = (await findSchedule(tx, { userId: params.userId, id }))!.campaignId;
    await updateCampaign(tx, { userId: params.userId, id: campaignId, values: { time: params.time } });
    await rescheduleCampaign(tx, { userId: params.userId, campaignId });
    return (await findSchedule(tx, { userId: params.userId, id }))!;
  });
}

/** `POST schedules/`: creates the campaign's schedule of that action, or updates the one it has. */
export async function saveSchedule(
  ctx: Ctx,
  params: { userId: number; body: TCreateScheduleRequest; locale: Locale },
) {
  const { body, userId } = params;
  const campaign = await ownCampaign(ctx, { userId, id: body.campaign });
  const values: ScheduleValues = {
    campaignId: campaign.id,
    actionId: body.action,
    interval: body.interval,
    isActive: body.isActive,
    startAt: dayStart(body.startAt ?? todayUtc()),
  };
  let created = false;
  const schedule = await storeSchedule(ctx, {
    userId,
    time: body.time ?? campaign.time,
    write: async (tx) => {
      const saved = await upsertSchedule(tx, { userId, values });
      created = saved.created;
      return saved.id;
    },
  });
  return { created, data: presentSchedule(schedule, { domains: campaign.domains, locale: params.locale }) };
}

/** `PUT schedules/{id}`: fields left out keep their value; the next run is computed again. */
export async function changeSchedule(
  ctx: Ctx,
  params: { userId: number; id: number; body: TUpdateScheduleRequest; locale: Locale },
) {
  const current = await findSchedule(ctx.db, params);
  if (!current) throw notFound();
  const { body, userId } = params;
  const campaign = await ownCampaign(ctx, { userId, id: body.campaign ?? current.campaignId });
  const actionId = body.action ?? current.actionId;
  if (await scheduleTaken(ctx.db, { campaignId: campaign.id, actionId, exceptId: current.id }))
    throw new FieldError({ campaign: 'schedules.errors.campaignTaken' });
  const values: ScheduleValues = {
    campaignId: campaign.id,
    actionId,
    interval: body.interval ?? current.interval,
    isActive: body.isActive ?? current.isActive,
    startAt: dayStart(body.startAt ?? dayOf(current.startAt)),
  };
  const schedule = await storeSchedule(ctx, {
    userId,
    // Moved to another campaign without a time: it takes that campaign's.
    time: body.time ?? (campaign.id === current.campaignId ? current.time : campaign.time),
    write: async (tx) => {
      await updateSchedule(tx, { userId, id: current.id, values });
      return current.id;
    },
  });
  return presentSchedule(schedule, { domains: campaign.domains, locale: params.locale });
}
