import { type Locale, NOT_AVAILABLE, type TDomainAttributes } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { CellValue } from '../../lib/spreadsheet.ts';
import type { DomainRow } from './domains.queries.ts';

const metric = (value: number | null) => (value === null ? NOT_AVAILABLE : Number(value));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const share = (row: DomainRow) => (row.links === 0 ? 0 : Math.round((row.indexed_links / row.links) * 100));

/**
 * The Domain fields no configured service can give, with why, in the reader's language: Alexa rank is
 * left out of the attributes, MozRank reads N/A, and so does Facebook activity without a Facebook app.
 */
function notProvided(locale: Locale, facebook: boolean) {
  const fields = facebook
    ? (['alexaRank', 'mozRank'] as const)
    : (['alexaRank', 'faceBookActivity', 'mozRank'] as const);
  return Object.fromEntries(fields.map((field) => [field, translate(locale, `links.notProvided.${field}`)]));
}

export function presentDomain(
  row: DomainRow,
  params: { id: number; links: { id: number; url: string }[]; locale: Locale; facebook: boolean },
) {
  const attributes: TDomainAttributes = {
    domain: row.domain,
    domainWithoutProtocol: row.domain,
    backlinks: row.links,
    backlinksTier: row.backlinks_tier,
    links: params.links,
    indexed: share(row),
    da: metric(row.da),
    mozRank: metric(row.moz_rank),
    spamScore: metric(row.spam_score),
    pageRank: metric(row.page_rank),
    pageRankDecimal: metric(row.page_rank_decimal),
    semRush: {
      traffic: metric(row.sem_rush_traffic),
      rank: metric(row.sem_rush_rank),
      links: metric(row.sem_rush_links),
      keywords: metric(row.sem_rush_keywords),
    },
    linksIn: metric(row.links_in),
    referringPage: metric(row.referring_page),
    faceBookActivity: metric(row.face_book_activity),
    notProvided: notProvided(params.locale, params.facebook),
    providers: row.providers,
    dateCheckAuthority: iso(row.date_check_authority),
  };
  return { id: params.id, type: 'domains' as const, attributes };
}

const EXPORT_COLUMNS = [
  'domain',
  'links',
  'indexed',
  'da',
  'pageRank',
  'spamScore',
  'semRushTraffic',
  'semRushRank',
  'semRushKeywords',
  'semRushLinks',
  'referringPage',
  'faceBookActivity',
  'checked',
] as const;

export const domainExportHeader = (locale: Locale) =>
  EXPORT_COLUMNS.map((column) => translate(locale, `links.domainColumns.${column}`));

export function domainExportRow(row: DomainRow): CellValue[] {
  const n = (value: number | null) => (value === null ? NOT_AVAILABLE : Number(value));
  return [
    row.domain,
    row.links,
    share(row),
    n(row.da),
    n(row.page_rank_decimal),
    n(row.spam_score),
    n(row.sem_rush_traffic),
    n(row.sem_rush_rank),
    n(row.sem_rush_keywords),
    n(row.sem_rush_links),
    n(row.referring_page),
    n(row.face_book_activity),
    iso(row.date_check_authority) ?? '',
  ];
}
