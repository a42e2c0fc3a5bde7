import type { SQL } from 'drizzle-orm';
import type { RawQuery } from '../../http/list-query.ts';
import { type LinkSelection, readLinkSelection, selectionWhere } from '../links/links.selection.ts';

export interface Selection {
  /** The campaign the task is about, when it was started for one (`campaign={id}`). */
  campaignId?: number;
  links: LinkSelection;
  where: SQL;
}

/**
 * Which links a task works on: `campaign={id}` means every active link of the campaign, `links[]=…` a
 * selection; either narrowed by the list filters. The links table's own selection rules, scoped to the owner.
 */
export function selectionFromQuery(userId: number, query: RawQuery): Selection {
  const campaignId = Number(query.campaign) || Number(query['filter[campaign]']) || undefined;
  const scoped = campaignId ? { 'filter[campaign]': String(campaignId), ...query } : query;
  const links = readLinkSelection(scoped);
  return { campaignId, links, where: selectionWhere({ userId, selection: links }) };
}
