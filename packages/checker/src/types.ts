import type { LinkElementKindId, ResponseCodeGroupId, RobotsStatusId } from './codes.ts';

/**
 * Which links count as backlinks.
 * - `domains` (tier 1): links to these hosts or registrable domains and any of their subdomains,
 *   over any scheme.
 * - `urls` (tier 2): links to exactly these pages, compared after normalisation.
 */
export type AcceptorSet = { kind: 'domains'; domains: string[] } | { kind: 'urls'; urls: string[] };

export interface CheckRequest {
  /** Absolute http(s) URL of the donor page. */
  url: string;
  acceptors: AcceptorSet;
}

export interface RedirectHop {
  url: string;
  status: number;
}

export type CheckErrorCode =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'dns_not_found'
  | 'connection_refused'
  | 'connection_reset'
  | 'tls_error'
  | 'blocked_address'
  | 'timeout'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'bad_redirect'
  | 'decoding_error'
  | 'parse_error'
  | 'unknown';

export interface CheckError {
  code: CheckErrorCode;
  /** Technical detail for logs; not meant for end users. */
  message: string;
}

export interface FoundBacklink {
  /** Absolute URL the link points to (resolved against `<base href>` or the final URL). */
  href: string;
  /** Link text with whitespace collapsed; the image's alt text for image links; '' for `<link>`. */
  anchor: string;
  /** 'dofollow', or the nofollow/ugc/sponsored tokens present, joined by ',' in that order. */
  attribute: string;
  /** All rel tokens, lower-cased, in document order. */
  rel: string[];
  typeId: LinkElementKindId;
  /** Up to 100 characters of visible text just before the link. */
  textBefore: string;
  /** Up to 100 characters of visible text just after the link. */
  textAfter: string;
  /** Present and true when the link is only in the page as rendered by the browser, not in its HTML. */
  rendered?: boolean;
}

/** When a check loads the page again in the browser: never, when the HTML lacks the link, always. */
export type RenderMode = 'missing' | 'always' | 'never';

/** Why a page was rendered: asked always, the HTML lacked the link, or the HTML is a client-rendering shell. */
export type RenderReason = 'always' | 'missing' | 'client_rendered';

export interface RenderInfo {
  reason: RenderReason;
  /** The HTML had no backlink and the rendered page has some. */
  foundOnlyRendered: boolean;
  /** Why the render gave nothing usable (the HTML verdict then stands); null when it worked. */
  error: string | null;
  renderMs: number;
  /** Bytes the browser received for the page and its resources. */
  bytes: number;
}

export interface CheckResult {
  url: string;
  /** URL of the last request made (the page the backlinks were read from when it answered). */
  finalUrl: string;
  /** Final URL when redirects led elsewhere, else null. */
  redirect: string | null;
  /** Every request made for the page, in order, with its status. */
  redirectChain: RedirectHop[];
  /** The donor URL's own first HTTP status; null when it gave no HTTP answer. */
  responseCode: number | null;
  /** Set whenever the final page could not be obtained; see README "Error groups". */
  responseCodeGroup: ResponseCodeGroupId | null;
  error: CheckError | null;
  title: string | null;
  metaRobots: string | null;
  xRobotsTag: string | null;
  /** The final page's response headers (lower-cased names); absent or null when no page answered. */
  responseHeaders?: Record<string, string> | null;
  canonical: string | null;
  indexingCapabilityId: RobotsStatusId;
  /** robots.txt lets LinkwatchBot and Googlebot fetch every URL of the redirect chain. */
  robotsAllowed: boolean;
  backlinks: FoundBacklink[];
  /** The body went past `maxBytes`; what was read before was still parsed. */
  truncated: boolean;
  /** Milliseconds spent fetching (all hops, headers and body). */
  fetchMs: number;
  /** Decoded body bytes read from the final page. */
  bytes: number;
  /** Present only when the page was rendered in the browser (a rendered check, priced as such). */
  render?: RenderInfo;
}
