import type { Locale, TCreateScheduleRequest, TUpdateScheduleRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { FieldError, notFound } from '../../errors.ts';
import { type PageQuery, paginated } from '../../http/present.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { dayOf, dayStart, nextRunAt, todayUtc } from './next-run.ts';
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

/** The stored values of a saved schedule, with its next run computed from now. */
type SavedFields = Required<Omit<ScheduleValues, 'nextRunAt' | 'startAt'>> & { startAt: string };

function scheduleValues(body: SavedFields): ScheduleValues {
  const startAt = dayStart(body.startAt);
  return { ...body, startAt, nextRunAt: nextRunAt({ ...body, startAt }, { from: new Date() }) };
}

/** `POST schedules/`: creates the campaign's schedule of that action, or updates the one it has. */
export async function saveSchedule(
  ctx: Ctx,
  params: { userId: number; body: TCreateScheduleRequest; locale: Locale },
) {
  const { body } = params;
  const campaign = await ownCampaign(ctx, { userId: params.userId, id: body.campaign });
  const values = scheduleValues({
    campaignId: campaign.id,
    actionId: body.action,
    interval: body.interval,
    time: body.time,
    isActive: body.isActive,
    startAt: body.startAt ?? todayUtc(),
  });
  const { id, created } = await upsertSchedule(ctx.db, { userId: params.userId, values });
  const schedule = (await findSchedule(ctx.db, { userId: params.userId, id }))!;
  return { created, data: presentSchedule(schedule, { domains: campaign.domains, locale: params.locale }) };
}

/** `PUT schedules/{id}`: fields left out keep their value; the next run is computed again. */
export async function changeSchedule(
  ctx: Ctx,
  params: { userId: number; id: number; body: TUpdateScheduleRequest; locale: Locale },
) {
  const current = await findSchedule(ctx.db, params);
  if (!current) throw notFound();
  const { body } = params;
  const campaign = await ownCampaign(ctx, { userId: params.userId, id: body.campaign ?? current.campaignId });
  const actionId = body.action ?? current.actionId;
  if (await scheduleTaken(ctx.db, { campaignId: campaign.id, actionId, exceptId: current.id }))
    throw new FieldError({ campaign: 'schedules.errors.campaignTaken' });
  const values = scheduleValues({
    campaignId: campaign.id,
    actionId,
    interval: body.interval ?? current.interval,
    time: body.time ?? current.time,
    isActive: body.isActive ?? current.isActive,
    startAt: body.startAt ?? dayOf(current.startAt),
  });
  const schedule = await updateSchedule(ctx.db, { userId: params.userId, id: current.id, values });
  return presentSchedule(schedule, { domains: campaign.domains, locale: params.locale });
}
