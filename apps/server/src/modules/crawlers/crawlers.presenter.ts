import type { Locale, TCrawlerResource } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { CellValue } from '../../lib/spreadsheet.ts';
import type { CampaignRow, CrawlerItemRow } from './crawlers.queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function presentCrawler(row: CrawlerItemRow, locale: Locale): TCrawlerResource {
  return {
    id: row.id,
    type: 'crawlers',
    attributes: {
      link: row.link,
      source: row.source,
      sourceText: translate(locale, `crawlers.source.${row.source}`),
      status: row.status,
      statusText: translate(locale, `crawlers.status.${row.status}`),
      targetUrl: row.target_url,
      anchor: row.anchor,
      nofollow: row.nofollow,
      seenOn: row.seen_on,
      firstSeenAt: iso(row.first_seen_at),
      lastSeenAt: iso(row.last_seen_at),
      removedAt: isoOrNull(row.removed_at),
      tracked: row.campaign_ids.length > 0,
    },
    relationships: {
      campaigns: { data: row.campaign_ids.map((id) => ({ id, type: 'campaigns' as const })) },
    },
  };
}

export function presentCampaign(row: CampaignRow) {
  return { id: row.id, type: 'campaigns' as const, attributes: { name: row.name, tier: row.tier } };
}

const COLUMNS = [
  'link',
  'source',
  'status',
  'targetUrl',
  'anchor',
  'nofollow',
  'seenOn',
  'firstSeenAt',
  'lastSeenAt',
  'removedAt',
  'campaigns',
] as const;

export const crawlerExportHeader = (locale: Locale): CellValue[] =>
  COLUMNS.map((column) => translate(locale, `crawlers.export.${column}`));

/** One export row; the campaign names come from `campaignNames` (id → name). */
export function crawlerExportRow(
  row: CrawlerItemRow,
  params: { locale: Locale; campaignNames: Map<number, string> },
): CellValue[] {
  const { locale } = params;
  const flag = (value: boolean | null) =>
    value === null ? null : translate(locale, `crawlers.export.${value ? 'yes' : 'no'}`);
  return [
    row.link,
    translate(locale, `crawlers.source.${row.source}`),
    translate(locale, `crawlers.status.${row.status}`),
    row.target_url,
    row.anchor,
    flag(row.nofollow),
    row.seen_on,
    iso(row.first_seen_at),
    iso(row.last_seen_at),
    isoOrNull(row.removed_at),
    row.campaign_ids.map((id) => params.campaignNames.get(id) ?? String(id)).join(', '),
  ];
}
