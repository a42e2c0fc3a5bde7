import { z } from 'zod';
import { excerpt, fetchJson, type ProviderLimits } from '../index-check/paced.ts';
import { distinct, found, pacedRequester, unknown } from './lookup.ts';
import {
  type AuthorityFailure,
  type AuthorityProvider,
  type DomainFigures,
  EMPTY_DOMAIN,
  type Looked,
} from './types.ts';

export interface FacebookOptions extends ProviderLimits {
  /** An app access token (`{app-id}|{app-secret}`): the URL node takes any access token. */
  apiKey: string;
  /** https://graph.facebook.com unless pointed elsewhere. */
  baseUrl: string;
  /** The Graph API version in the path ("v24.0"); an unversioned call would get the app's oldest. */
  version: string;
  /**
   * How long to stop asking after a rate-limit error: Graph API answers one with an error code and
   * no Retry-After, and counts its limits over an hour (10 reads of one URL per app per hour).
   */
  rateLimitBackoffMs: number;
}

const ZEngagement = z
  .object({
    reaction_count: z.number().nullish(),
    comment_count: z.number().nullish(),
    share_count: z.number().nullish(),
  })
  .loose();

const ZUrlNode = z.object({ id: z.string(), engagement: ZEngagement.optional() }).loose();
const ZGraphError = z.object({ error: z.object({ code: z.number(), message: z.string() }).loose() });

/**
 * Graph API error codes (developers.facebook.com/docs/graph-api/guides/error-handling): 4 the app's,
 * 17 the user's, 32 the page's and 613 a custom rate limit; 102 and 190 a refused or expired token;
 * 10 and 200–299 a permission the token lacks. Anything else (1 unknown, 2 service down) may pass.
 */
function failureOfGraphCode(code: number): AuthorityFailure {
  if ([4, 17, 32, 613].includes(code)) return 'rate-limited';
  if (code === 102 || code === 190 || code === 10 || (code >= 200 && code < 300)) return 'unauthorized';
  return 'bad-answer';
}

/** The page whose engagement stands for the domain's: its home page, as people share it. */
export const facebookTarget = (domain: string) => `https://${domain.trim().toLowerCase()}/`;

/**
 * Facebook's Graph API URL node: `GET /{version}/?id={url}&fields=engagement&access_token=…` answers
 * `{engagement: {reaction_count, comment_count, share_count, comment_plugin_count}, id}` for any URL
 * (zeros for one nobody shared). A domain's `faceBookActivity` is the reactions, comments and shares
 * of its home page. One URL a request (the node takes one `id`); domains only.
 */
export function facebookProvider(options: FacebookOptions): AuthorityProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/${options.version}/`;
  const request = pacedRequester(options);

  function ask(domain: string, signal?: AbortSignal): Promise<Looked<DomainFigures>> {
    return request(async (paced) => {
      const query = new URLSearchParams({
        id: facebookTarget(domain),
        fields: 'engagement',
        access_token: options.apiKey,
      });
      const answer = await fetchJson(
        `${endpoint}?${query}`,
        {
          headers: { Accept: 'application/json' },
          signal: paced,
        },
        'facebook',
      );
      const error = ZGraphError.safeParse(answer.json).data?.error;
      if (error) {
        const failure = failureOfGraphCode(error.code);
        const message = `HTTP ${answer.status}: (#${error.code}) ${error.message}`;
        return failure === 'rate-limited'
          ? unknown(failure, message, options.rateLimitBackoffMs)
          : unknown(failure, message);
      }
      const node = ZUrlNode.safeParse(answer.json);
      if (answer.status !== 200 || !node.success) {
        return unknown('bad-answer', `HTTP ${answer.status}: ${excerpt(answer.text)}`);
      }
      const e = node.data.engagement;
      const activity = e ? (e.reaction_count ?? 0) + (e.comment_count ?? 0) + (e.share_count ?? 0) : null;
      return found({ ...EMPTY_DOMAIN, faceBookActivity: activity });
    }, signal);
  }

  return {
    name: 'facebook',
    ratesPages: false,
    async lookup(targets, { signal } = {}) {
      const domains = distinct(targets.domains);
      const answers = await Promise.all(domains.map((domain) => ask(domain, signal)));
      return {
        provider: 'facebook',
        domains: new Map(domains.map((domain, i) => [domain, answers[i]])),
        pages: new Map(),
      };
    },
  };
}
