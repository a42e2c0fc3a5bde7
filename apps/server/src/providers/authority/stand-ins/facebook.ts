import type { Protocol, Reply } from '../../index-check/stand-ins/stand-in.ts';
import {
  type AuthorityAccepted,
  type AuthorityStandIn,
  type AuthorityStandInSettings,
  startAuthorityStandIn,
} from './common.ts';

export interface FacebookEngagement {
  reaction_count: number;
  comment_count: number;
  share_count: number;
  comment_plugin_count: number;
}

/**
 * Facebook's Graph API URL node as it answers: `GET /{version}/?id={url}&fields=engagement&access_token=…`
 * gives `{engagement: {reaction_count, comment_count, share_count, comment_plugin_count}, id}`, zeros for
 * a URL nobody shared. Errors are `{error: {message, type, code, error_subcode?, fbtrace_id}}`: 190 for a
 * refused token (HTTP 400), 4 for the app's rate limit (HTTP 403, no Retry-After), 1 for an unknown error
 * (HTTP 500). The Graph API is free, so out of funds is its rate limit.
 */
export function facebookProtocol(
  accessToken: string,
  engagement: Map<string, FacebookEngagement>,
): Protocol<AuthorityAccepted> {
  const error = (status: number, code: number, message: string, type = 'OAuthException'): Reply => ({
    status,
    body: { error: { message, type, code, fbtrace_id: 'AbCdEfGhIjK' } },
  });
  const rateLimit = () => error(403, 4, '(#4) Application request limit reached');
  return {
    read(request) {
      if (request.method !== 'GET') return error(400, 100, 'Unsupported method');
      if (!/^\/v\d+\.\d+\/$/.test(request.path)) return error(400, 2500, 'Unknown path components');
      if (request.searchParams.get('access_token') !== accessToken) {
        return error(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      }
      const id = request.searchParams.get('id');
      if (!id) return error(400, 100, '(#100) Missing id parameter');
      return { query: id, targets: [id] };
    },
    results({ targets: [id] }) {
      const known = engagement.get(id);
      return {
        status: 200,
        body: {
          engagement: known ?? {
            reaction_count: 0,
            comment_count: 0,
            share_count: 0,
            comment_plugin_count: 0,
          },
          id,
        },
      };
    },
    noFunds: rateLimit,
    rateLimited: rateLimit,
    serverError: () => error(500, 1, 'An unknown error has occurred.'),
  };
}

export function startFacebookStandIn(
  options: AuthorityStandInSettings & { accessToken: string; engagement?: Map<string, FacebookEngagement> },
): Promise<AuthorityStandIn<FacebookEngagement>> {
  const { accessToken, engagement = new Map(), ...settings } = options;
  return startAuthorityStandIn(facebookProtocol(accessToken, engagement), engagement, settings);
}
