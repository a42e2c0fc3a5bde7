import type { SQL } from 'drizzle-orm';
import { type RawQuery, readId } from '../../http/list-query.ts';
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
  const campaignId =
    readCampaign(query.campaign) ?? readCampaign(query['filter[campaign]'], 'filter.campaign');
  const scoped = campaignId ? { 'filter[campaign]': String(campaignId), ...query } : query;
  const links = readLinkSelection(scoped);
  return { campaignId, links, where: selectionWhere({ userId, selection: links }) };
}

/** `campaign={id}` by the shared id rule: a value past the integer range is a 422, not a database error. */
function readCampaign(raw: string | string[] | undefined, field = 'campaign'): number | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value === '' ? undefined : readId(value, field);
}
