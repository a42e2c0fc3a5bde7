import { type Locale, ScheduleAction } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { iso } from '../../http/present.ts';
import { dayOf } from '../../lib/next-run.ts';
import type { Schedule } from './schedules.queries.ts';

export function presentSchedule(schedule: Schedule, params: { domains: string[]; locale: Locale }) {
  return {
    id: schedule.id,
    type: 'schedules' as const,
    attributes: {
      campaignId: schedule.campaignId,
      domains: params.domains,
      actionId: schedule.actionId,
      actionText: translate(params.locale, `schedules.actions.${schedule.actionId}`),
      interval: schedule.interval,
      startAt: dayOf(schedule.startAt),
      time: schedule.time,
      weekdays: schedule.weekdays,
      isActive: schedule.isActive,
      nextRunAt: iso(schedule.nextRunAt),
      lastRunAt: iso(schedule.lastRunAt),
    },
  };
}

interface GroupRows {
  project: { id: number; name: string; domains: string[] };
  campaigns: { id: number; name: string; tier: number; weekdays: number[]; time: string }[];
  schedules: Schedule[];
}

/** Schedule project group (spec point 3): its campaigns, each with its two possible schedules. */
export function presentScheduleGroup(rows: GroupRows, locale: Locale) {
  const { project } = rows;
  const present = (s: Schedule | undefined) =>
    s ? presentSchedule(s, { domains: project.domains, locale }) : null;
  const scheduleOf = (campaignId: number, actionId: number) =>
    rows.schedules.find((s) => s.campaignId === campaignId && s.actionId === actionId);
  const activeOf = (actionId: number) =>
    rows.schedules.filter((s) => s.actionId === actionId && s.isActive).length;
  return {
    id: project.id,
    type: 'scheduleProjects' as const,
    attributes: {
      name: project.name,
      domains: project.domains,
      total: rows.campaigns.length,
      backlinks: activeOf(ScheduleAction.AutoCheckBacklinks),
      indexing: activeOf(ScheduleAction.AutoCheckIndexing),
      isOpen: false,
      campaigns: rows.campaigns.map((c) => ({
        id: c.id,
        name: c.name,
        tier: c.tier,
        weekdays: c.weekdays,
        time: c.time,
        checkBacklinks: present(scheduleOf(c.id, ScheduleAction.AutoCheckBacklinks)),
        checkIndexing: present(scheduleOf(c.id, ScheduleAction.AutoCheckIndexing)),
      })),
    },
  };
}
