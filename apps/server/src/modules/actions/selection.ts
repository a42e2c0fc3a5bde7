import { LinkListType } from '@linkwatch/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { links } from '../../db/schema/index.ts';
import { type RawQuery, readIdList, readNumberFilter } from '../../http/list-query.ts';

export interface Selection {
  campaignId?: number;
  linkIds: number[];
  where: SQL;
}

/**
 * Which links a task works on: `campaign={id}` means every active link of the campaign, `links[]=…` a
 * selection; either narrowed by the list filters. Always scoped to the owner.
 */
export function selectionFromQuery(userId: number, query: RawQuery): Selection {
  const campaignId = Number(query.campaign) || readNumberFilter(query, 'campaign');
  const linkIds = readIdList(query, 'links');
  const type = readNumberFilter(query, 'type') ?? LinkListType.Active;
  const where = and(
    eq(links.userId, userId),
    campaignId ? eq(links.campaignId, campaignId) : undefined,
    linkIds.length ? inArray(links.id, linkIds) : eq(links.listType, type),
  )!;
  return { campaignId: campaignId || undefined, linkIds, where };
}

export function isEmptySelection(selection: Selection) {
  return !selection.campaignId && selection.linkIds.length === 0;
}
