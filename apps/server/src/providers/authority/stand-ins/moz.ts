import type { Protocol, Reply } from '../../index-check/stand-ins/stand-in.ts';
import { jsonBody } from '../../index-check/stand-ins/stand-in.ts';
import { MOZ_BATCH, MOZ_URL_METRICS_PATH, type MozCredentials, mozAuthorization } from '../moz.ts';
import {
  type AuthorityAccepted,
  type AuthorityStandIn,
  type AuthorityStandInSettings,
  startAuthorityStandIn,
} from './common.ts';

export interface MozFigures {
  domain_authority: number;
  page_authority: number;
  /** -1 when Moz has no score for the site. */
  spam_score: number;
  external_pages_to_root_domain: number;
  root_domains_to_root_domain: number;
}

/**
 * Moz Links API v2 as it answers: `POST /v2/url_metrics` with `{"targets": [...]}` (at most 50), the
 * token in `x-moz-token` or the legacy pair as HTTP Basic; `{"results": [...]}` in the asked order,
 * one row of url metrics per target (a target it has not crawled: zeros, spam score -1). Errors are
 * `{"name", "message"}`; the wording of the quota and rate messages is ours.
 */
export function mozProtocol(
  credentials: MozCredentials,
  figures: Map<string, MozFigures>,
): Protocol<AuthorityAccepted> {
  const error = (status: number, name: string, message: string): Reply => ({
    status,
    body: { name, message },
  });
  const [header, value] = Object.entries(mozAuthorization(credentials))[0];
  return {
    read(request) {
      if (request.path !== MOZ_URL_METRICS_PATH) return error(404, 'NotFound', 'No such endpoint');
      if (request.method !== 'POST') return error(405, 'MethodNotAllowed', 'Use POST');
      if (request.headers[header.toLowerCase()] !== value) {
        return error(401, 'Unauthorized', 'Invalid or missing credentials');
      }
      const body = jsonBody(request.body) as { targets?: unknown } | undefined;
      const targets = body?.targets;
      if (!Array.isArray(targets) || targets.length === 0 || !targets.every((t) => typeof t === 'string')) {
        return error(400, 'MissingRequiredParameter', 'targets must be a non-empty list of strings');
      }
      if (targets.length > MOZ_BATCH) return error(400, 'InvalidParameter', 'At most 50 targets');
      return { query: targets.join(','), targets };
    },
    results({ targets }) {
      return {
        status: 200,
        body: {
          results: targets.map((target) => {
            const known = figures.get(target);
            const host = target.replace(/^[a-z]+:\/\//i, '').split('/')[0];
            return {
              page: target.replace(/^[a-z]+:\/\//i, ''),
              subdomain: host,
              root_domain: host.replace(/^www\./, ''),
              title: '',
              last_crawled: known ? '2026-11-01' : null,
              http_code: known ? 200 : 0,
              page_authority: known?.page_authority ?? 0,
              domain_authority: known?.domain_authority ?? 0,
              spam_score: known?.spam_score ?? -1,
              external_pages_to_root_domain: known?.external_pages_to_root_domain ?? 0,
              root_domains_to_root_domain: known?.root_domains_to_root_domain ?? 0,
              link_propensity: 0,
            };
          }),
        },
      };
    },
    noFunds: () => error(429, 'TooManyRequests', 'Quota exhausted: no rows left this month'),
    rateLimited: () => error(429, 'TooManyRequests', 'Rate limit exceeded'),
    serverError: () => error(500, 'InternalServerError', 'Internal server error'),
  };
}

export function startMozStandIn(
  options: AuthorityStandInSettings & { credentials: MozCredentials; figures?: Map<string, MozFigures> },
): Promise<AuthorityStandIn<MozFigures>> {
  const { credentials, figures = new Map(), ...settings } = options;
  return startAuthorityStandIn(mozProtocol(credentials, figures), figures, settings);
}
