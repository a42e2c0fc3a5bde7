import { z } from 'zod';
import { TIERS } from '../constants.ts';
import { listOf, resource } from './common.ts';
import {
  EXPORT_FILE_FORMATS,
  EXPORT_FORMAT_ALIASES,
  EXPORT_FORMAT_DESCRIPTION,
  NOT_AVAILABLE,
} from './links.ts';
import { pageOf, query } from './list-query.ts';

// ---------------------------------------------------------------------------------------------------
// The domain view (`GET domains`): a campaign's or project's donor domains with the Domain fields of
// spec point 3 and how many links each gives.
// ---------------------------------------------------------------------------------------------------

export const DOMAIN_SORT_FIELDS = [
  'domain',
  'links',
  'indexed',
  'da',
  'pageRank',
  'spamScore',
  'semRushTraffic',
  'referringPage',
  'faceBookActivity',
] as const;
export type DomainSortField = (typeof DOMAIN_SORT_FIELDS)[number];

const domainFilterKeys = {
  'filter[project]': query.id().describe('project id'),
  'filter[campaign]': query.id().describe('campaign id'),
  'filter[tier]': query.number(TIERS).describe('1 or 2'),
};
type DomainFilterInput = z.output<z.ZodObject<typeof domainFilterKeys>>;

const domainFilters = (q: DomainFilterInput) => ({
  project: q['filter[project]'],
  campaign: q['filter[campaign]'],
  tier: q['filter[tier]'],
});
/** The active links whose donor domains are listed. */
export type DomainFilters = ReturnType<typeof domainFilters>;

const domainSort = () =>
  query.sort(DOMAIN_SORT_FIELDS, '-links').describe(`${DOMAIN_SORT_FIELDS.join(', ')}; default -links`);

export const ZDomainListQuery = z
  .object({ ...domainFilterKeys, ...query.page(), sort: domainSort() })
  .transform((q) => ({ filters: domainFilters(q), page: pageOf(q), sort: q.sort }));

export const ZDomainExportQuery = z
  .object({
    format: query
      .format(EXPORT_FILE_FORMATS, 'csv', EXPORT_FORMAT_ALIASES)
      .describe(EXPORT_FORMAT_DESCRIPTION),
    ...domainFilterKeys,
    sort: domainSort(),
  })
  .transform((q) => ({ format: q.format, filters: domainFilters(q), sort: q.sort }));

const metric = z.union([z.number(), z.literal(NOT_AVAILABLE)]);

/** The most links of a domain its row lists (`links`); `backlinks` counts them all. */
export const DOMAIN_LINKS_SHOWN = 10;

/**
 * Domain (spec point 3). `alexaRank` is absent: Amazon closed Alexa and its API on 1 May 2022.
 * `faceBookActivity` comes from Facebook's Graph API when the operator configured an app token (N/A
 * until the domain's authority is checked); without one it reads N/A too. `notProvided` gives the
 * reader the reason, by field, for every field no configured service gives (see providers/authority/types.ts).
 */
export const ZDomainAttributes = z.object({
  domain: z.string(),
  domainWithoutProtocol: z.string(),
  /** Links of the scope on this domain, and how many of them are indexed (a share, 0–100). */
  backlinks: z.number(),
  /** Tier 2 backlinks pointing to this domain's pages of the scope. */
  backlinksTier: z.number(),
  /** The first DOMAIN_LINKS_SHOWN of those links. */
  links: z.array(z.object({ id: z.number(), url: z.string() })),
  indexed: z.number(),
  da: metric,
  mozRank: metric,
  spamScore: metric,
  pageRank: metric,
  pageRankDecimal: metric,
  semRush: z.object({ traffic: metric, rank: metric, links: metric, keywords: metric }),
  linksIn: metric,
  referringPage: metric,
  /** Reactions, comments and shares of the domain's home page on Facebook. */
  faceBookActivity: metric,
  /** Why a figure no service gives reads N/A (Alexa closed, MozRank retired...), by field. */
  notProvided: z.record(z.string(), z.string()),
  providers: z.string().nullable(),
  dateCheckAuthority: z.string().nullable(),
});
export type TDomainAttributes = z.infer<typeof ZDomainAttributes>;

export const ZDomainListResponse = listOf(resource('domains', ZDomainAttributes));
