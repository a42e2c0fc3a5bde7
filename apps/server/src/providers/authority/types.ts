import type { IndexCheckFailure } from '../index-check/types.ts';

/**
 * Authority providers (issue 11, action 4 "check trust"): one interface, one adapter per service.
 * An adapter looks up donor domains and pages in batches as large as its service allows and gives,
 * per target, the figures that service has, in our field names (the spec's Domain entity and Link);
 * a figure the service does not give is null. A target whose request failed is an `unknown`, never
 * a row of nulls: the task refunds it and leaves its fields as they were.
 *
 * Who fills what:
 *
 * | field             | Open PageRank          | Moz Links API v2 (url_metrics)          | Semrush                              |
 * |-------------------|------------------------|-----------------------------------------|--------------------------------------|
 * | da                |                        | domain_authority                        |                                      |
 * | spamScore         |                        | spam_score (%, of the subdomain)        |                                      |
 * | pageRankDecimal   | page_rank_decimal 0–10 |                                         |                                      |
 * | pageRank          | rank (global position) |                                         |                                      |
 * | semRushRank       |                        |                                         | domain_rank Rk                       |
 * | semRushTraffic    |                        |                                         | domain_rank Ot (organic, monthly)    |
 * | semRushKeywords   |                        |                                         | domain_rank Or (organic keywords)    |
 * | semRushLinks      |                        |                                         | backlinks_overview total             |
 * | linksIn           |                        |                                         | backlinks_overview total             |
 * | referringPage     |                        | external_pages_to_root_domain           | backlinks_overview urls_num          |
 * | faceBookActivity  | (Facebook Graph API: the home page's engagement, reactions + comments + shares; see facebook.ts) |
 * | pa (page)         |                        | page_authority                          |                                      |
 * | spamScore (page)  |                        | spam_score                              |                                      |
 * | semRushULinks (p.)|                        |                                         | backlinks_overview (url) total       |
 *
 * `mozRank` is always null: Moz retired MozRank (and MozTrust) with the Links API v2; its v1 field
 * "no longer returns results" (moz.com/help/links-api, V1 response fields). See NOT_PROVIDED for
 * the Domain fields no configured service can fill.
 */
export interface DomainFigures {
  /** Moz Domain Authority, 1–100. */
  da: number | null;
  /** Always null: MozRank is retired (see NOT_PROVIDED). */
  mozRank: number | null;
  /** Moz Spam Score, 0–100 (%). */
  spamScore: number | null;
  /** Open PageRank, 0–10 with two decimals. */
  pageRankDecimal: number | null;
  /** Open PageRank's global position of the domain (1 is the highest). */
  pageRank: number | null;
  /** Semrush Rank: the domain's position by organic traffic in the configured database. */
  semRushRank: number | null;
  /** Semrush estimated monthly organic traffic. */
  semRushTraffic: number | null;
  /** Semrush organic keywords the domain ranks for (top 100). */
  semRushKeywords: number | null;
  /** Semrush backlinks to the root domain. */
  semRushLinks: number | null;
  /** Inbound backlinks to the domain. */
  linksIn: number | null;
  /** Pages on other sites linking to the domain. */
  referringPage: number | null;
  /** Reactions, comments and shares of the domain's home page on Facebook (Graph API URL node). */
  faceBookActivity: number | null;
}

export interface PageFigures {
  /** Moz Page Authority, 1–100 (the link's `pa`). */
  pa: number | null;
  /** Moz Spam Score of the page's subdomain, 0–100 (%). */
  spamScore: number | null;
  /** Semrush backlinks to this exact URL (the link's `semRushULinks`). */
  semRushULinks: number | null;
}

/** Same kinds as an index check's: refused key, no funds, rate limit, no answer in time, unreadable answer. */
export type AuthorityFailure = IndexCheckFailure;

export type Looked<F> =
  | { kind: 'figures'; figures: F }
  | { kind: 'unknown'; reason: AuthorityFailure; message: string; retryAfterMs?: number };

export interface AuthorityAnswer {
  provider: string;
  /** One entry per asked domain, keyed as it was asked. */
  domains: Map<string, Looked<DomainFigures>>;
  /** One entry per asked page, keyed as it was asked; pages are only read by services that rate pages. */
  pages: Map<string, Looked<PageFigures>>;
}

export interface AuthorityTargets {
  /** Host names as the Domain entity stores them (`domainWithoutProtocol`): "example.com". */
  domains?: string[];
  /** Full URLs of donor pages. */
  pages?: string[];
}

export interface AuthorityProvider {
  /** A short stable name ("openpagerank", "moz", "semrush"). */
  readonly name: string;
  /** Whether the service rates pages at all; when not, `pages` is ignored and answered by no entry. */
  readonly ratesPages: boolean;
  /**
   * Never throws for what the service did (every failure is an `unknown` per target); rejects only
   * with the caller's abort reason.
   */
  lookup(targets: AuthorityTargets, options?: { signal?: AbortSignal }): Promise<AuthorityAnswer>;
}

/**
 * Domain fields of the spec no service fills, with why: the UI shows 'N/A' and this reason.
 * Keys of the i18n catalogue are the lead's to choose; the English reasons are here.
 */
export const NOT_PROVIDED = {
  alexaRank: 'Alexa rank is no longer published: Amazon closed Alexa.com and its API on 1 May 2022.',
  faceBookActivity:
    'Facebook activity is not available: the operator has not connected a Facebook app (FACEBOOK_API_KEY).',
  mozRank: 'MozRank is no longer published: Moz retired it in favour of Domain and Page Authority.',
} as const;

export const EMPTY_DOMAIN: DomainFigures = {
  da: null,
  mozRank: null,
  spamScore: null,
  pageRankDecimal: null,
  pageRank: null,
  semRushRank: null,
  semRushTraffic: null,
  semRushKeywords: null,
  semRushLinks: null,
  linksIn: null,
  referringPage: null,
  faceBookActivity: null,
};

export const EMPTY_PAGE: PageFigures = { pa: null, spamScore: null, semRushULinks: null };
