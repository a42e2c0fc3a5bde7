import { isLocale, type Locale } from '@linkwatch/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { campaigns, projects, reportChanges, reportLinks, users } from '../../db/schema/index.ts';

export interface ChangeLine {
  changesType: string;
  url: string;
  old: string | null;
  new: string | null;
}

export interface ReportSummary {
  lost: number;
  found: number;
  other: number;
  total: number;
  lines: ChangeLine[];
}

/** The owner's language and the names a task mail shows. */
export async function taskMailContext(
  db: Queryable,
  params: { userId: number; campaignId: number | null; projectId: number | null },
) {
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, params.userId));
  const [campaign] = params.campaignId
    ? await db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, params.campaignId))
    : [];
  const [project] = params.projectId
    ? await db.select({ name: projects.name }).from(projects).where(eq(projects.id, params.projectId))
    : [];
  const locale: Locale = isLocale(user?.locale) ? user.locale : 'en';
  return { locale, campaign: campaign?.name ?? '', project: project?.name ?? '' };
}

/** What one task's check changed: counts by kind, and the first lines, lost links first. */
export async function reportSummary(db: Queryable, params: { actionId: number; maxLines: number }) {
  const ofAction = eq(reportLinks.actionId, params.actionId);
  const [byType, lines] = await Promise.all([
    db
      .select({ type: reportChanges.changesType, count: count() })
      .from(reportChanges)
      .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
      .where(ofAction)
      .groupBy(reportChanges.changesType),
    db
      .select({
        changesType: reportChanges.changesType,
        url: reportLinks.url,
        old: reportChanges.old,
        new: reportChanges.new,
      })
      .from(reportChanges)
      .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
      .where(ofAction)
      .orderBy(
        sql`case ${reportChanges.changesType} when 'lost' then 0 when 'found' then 1 else 2 end`,
        reportChanges.id,
      )
      .limit(params.maxLines),
  ]);
  const countOf = (type: string) => byType.find((row) => row.type === type)?.count ?? 0;
  const total = byType.reduce((sum, row) => sum + row.count, 0);
  const lost = countOf('lost');
  const found = countOf('found');
  return { lost, found, other: total - lost - found, total, lines } satisfies ReportSummary;
}
