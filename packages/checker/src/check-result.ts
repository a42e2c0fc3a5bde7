import { RobotsStatus } from './codes.ts';
import { groupOf } from './fetch/check-errors.ts';
import type { FetchedPage } from './fetch/fetch-page.ts';
import type { ParsedDonorPage } from './html/parse-donor-html.ts';
import { indexingCapabilityOf } from './robots/indexing-capability.ts';
import type { RobotsVerdict } from './robots/robots-verdict.ts';
import type { CheckError, CheckRequest, CheckResult } from './types.ts';

/** Turns what a check gathered (fetch, parse, robots) into the result callers see. */

export interface ParsedOutcome {
  page: ParsedDonorPage | null;
  error: CheckError | null;
}

export function presentResult({
  request,
  donorUrl,
  fetched,
  parsed,
  robotsVerdict,
  fetchMs,
  bytes,
}: {
  request: CheckRequest;
  donorUrl: URL;
  fetched: FetchedPage;
  parsed: ParsedOutcome | null;
  robotsVerdict: RobotsVerdict;
  fetchMs: number;
  bytes: number;
}): CheckResult {
  const page = parsed?.page ?? null;
  const final = fetched.final;
  const xRobotsTags = final?.xRobotsTags ?? [];
  const finalUrl = fetched.finalUrl.href;
  return {
    url: request.url,
    finalUrl,
    redirect: finalUrl === donorUrl.href ? null : finalUrl,
    redirectChain: fetched.chain,
    responseCode: fetched.chain[0]?.status ?? null,
    responseCodeGroup: fetched.error ? groupOf(fetched.error.code) : null,
    error: fetched.error ?? parsed?.error ?? null,
    title: page?.title ?? null,
    metaRobots: page?.metaRobots ?? null,
    xRobotsTag: xRobotsTags.length > 0 ? xRobotsTags.join(', ') : null,
    responseHeaders: final?.headers ?? null,
    canonical: page?.canonical ?? null,
    indexingCapabilityId: indexingCapabilityOf({
      robots: robotsVerdict,
      finalStatus: final?.status ?? null,
      finalUrl,
      xRobotsTags,
      metaRobots: page?.metaRobots ?? null,
      agentMetaRobots: page?.agentMetaRobots ?? null,
      canonical: page?.canonical ?? null,
    }),
    robotsAllowed: robotsVerdict !== 'disallowed' && robotsVerdict !== 'unreachable',
    backlinks: page?.backlinks ?? [],
    truncated: final?.truncated ?? false,
    fetchMs,
    bytes,
  };
}

/** A result for a URL that was never requested (not a usable http(s) URL). */
export function unfetchedResult(url: string, error: CheckError): CheckResult {
  return {
    url,
    finalUrl: url,
    redirect: null,
    redirectChain: [],
    responseCode: null,
    responseCodeGroup: groupOf(error.code),
    error,
    title: null,
    metaRobots: null,
    xRobotsTag: null,
    canonical: null,
    indexingCapabilityId: RobotsStatus.MayBeForbidden,
    robotsAllowed: false,
    backlinks: [],
    truncated: false,
    fetchMs: 0,
    bytes: 0,
  };
}

/** The donor URL, or why it cannot be fetched at all. */
export function parseDonorUrl(raw: string): URL | CheckError {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { code: 'invalid_url', message: `not an absolute URL: ${raw}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { code: 'unsupported_scheme', message: `only http and https are fetched, not ${url.protocol}` };
  }
  return url;
}
