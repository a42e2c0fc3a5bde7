import { type KeyObject, randomBytes, verify } from 'node:crypto';
import {
  jsonBody,
  type Protocol,
  type Reply,
  type StandIn,
  type StandInRequest,
  type StandInSettings,
  startStandIn,
} from '../../index-check/stand-ins/stand-in.ts';
import { GOOGLE_INDEXING_SCOPE, GOOGLE_PUBLISH_PATH, GOOGLE_TOKEN_URL } from '../google-indexing.ts';

export const STAND_IN_TOKEN_PATH = '/token';

export interface GoogleIndexingState {
  /** Access tokens issued and still honoured: clear it to revoke them. */
  tokens: Set<string>;
  /** Hosts the service account owns in Search Console. */
  owned: Set<string>;
  /** URLs published, in order. */
  published: string[];
  /** Publish requests counted today against the project's daily quota. */
  quota: { limit: number; used: number };
}

/**
 * Google's OAuth token endpoint and Indexing API as they answer, on one server.
 * `POST /token`, form `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<JWT>`: the
 * assertion must be RS256-signed by the service account's key, name it as `iss`, ask the indexing
 * scope, name Google's token URL as `aud` and be unexpired; else 400 `invalid_grant`. It answers
 * `{"access_token", "expires_in", "token_type": "Bearer"}`.
 * `POST /v3/urlNotifications:publish` with that bearer token and `{"url", "type"}`: 401 for another
 * token, 400 for a bad body, 403 "Failed to verify the URL ownership" for a site the account does not
 * own, 429 "Quota exceeded … per day" past the daily quota (its no-funds mode: the service is free),
 * 429 "… per minute" as its rate limit; 200 `{"urlNotificationMetadata": …}` when published.
 */
export function googleIndexingProtocol(options: {
  clientEmail: string;
  publicKey: KeyObject | string;
  state: GoogleIndexingState;
}): Protocol {
  const { state } = options;
  const googleError = (code: number, status: string, message: string): Reply => ({
    status: code,
    body: { error: { code, message, status } },
  });
  const quotaError = (limit: 'per day' | 'per minute') =>
    googleError(
      429,
      'RESOURCE_EXHAUSTED',
      `Quota exceeded for quota metric 'Publish requests' and limit 'Publish requests ${limit}' of service 'indexing.googleapis.com' for consumer 'project_number:000000000000'.`,
    );

  function token(request: StandInRequest): Reply {
    const form = new URLSearchParams(request.body);
    const refuse = (description: string): Reply => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: description },
    });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
      };
    }
    const problem = assertionProblem(form.get('assertion') ?? '');
    if (problem) return refuse(problem);
    const accessToken = `ya29.stand-in-${randomBytes(16).toString('hex')}`;
    state.tokens.add(accessToken);
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }

  function assertionProblem(assertion: string): string | undefined {
    const [header, payload, signature] = assertion.split('.');
    if (!header || !payload || !signature) return 'Invalid JWT: malformed';
    const claims = jsonBody(Buffer.from(payload, 'base64url').toString('utf8')) as
      | Record<string, unknown>
      | undefined;
    const alg = (jsonBody(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown } | undefined)
      ?.alg;
    if (alg !== 'RS256' || !claims) return 'Invalid JWT: malformed';
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      options.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return 'Invalid JWT Signature.';
    if (claims.iss !== options.clientEmail) return 'Invalid JWT: unknown issuer';
    if (claims.aud !== GOOGLE_TOKEN_URL) return 'Invalid JWT: audience';
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes(GOOGLE_INDEXING_SCOPE)) return 'Invalid JWT: scope';
    const now = Date.now() / 1000;
    const { iat, exp } = claims;
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      iat > now + 60 ||
      exp < now ||
      exp - iat > 3600
    ) {
      return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
    }
    return undefined;
  }

  function publish(request: StandInRequest) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !state.tokens.has(bearer)) {
      return googleError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    }
    const body = jsonBody(request.body) as { url?: unknown; type?: unknown } | undefined;
    const url = typeof body?.url === 'string' ? body.url : '';
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        `Invalid attribute. 'url' is not in standard URL format: ${url}`,
      );
    }
    if (body?.type !== 'URL_UPDATED' && body?.type !== 'URL_DELETED') {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        "Invalid attribute. 'type' must be URL_UPDATED or URL_DELETED",
      );
    }
    if (!state.owned.has(host)) {
      return googleError(403, 'PERMISSION_DENIED', 'Permission denied. Failed to verify the URL ownership.');
    }
    if (state.quota.used >= state.quota.limit) return quotaError('per day');
    state.quota.used++;
    return { query: '', echo: { url, type: body.type } };
  }

  return {
    read(request) {
      if (request.method !== 'POST') return googleError(404, 'NOT_FOUND', 'Not found');
      if (request.path === STAND_IN_TOKEN_PATH) return token(request);
      if (request.path === GOOGLE_PUBLISH_PATH) return publish(request);
      return googleError(404, 'NOT_FOUND', 'Not found');
    },
    results({ echo }) {
      state.published.push(String(echo?.url));
      const update = { url: echo?.url, type: echo?.type, notifyTime: new Date().toISOString() };
      return { status: 200, body: { urlNotificationMetadata: { url: echo?.url, latestUpdate: update } } };
    },
    noFunds: () => quotaError('per day'),
    rateLimited: () => quotaError('per minute'),
    serverError: () => googleError(500, 'INTERNAL', 'Internal error encountered.'),
  };
}

export async function startGoogleIndexingStandIn(
  options: Partial<StandInSettings> & {
    clientEmail: string;
    publicKey: KeyObject | string;
    owned?: string[];
    dailyQuota?: number;
    port?: number;
    host?: string;
  },
): Promise<StandIn & GoogleIndexingState> {
  const { clientEmail, publicKey, owned = [], dailyQuota = 200, ...rest } = options;
  const state: GoogleIndexingState = {
    tokens: new Set(),
    owned: new Set(owned),
    published: [],
    quota: { limit: dailyQuota, used: 0 },
  };
  const standIn = await startStandIn(googleIndexingProtocol({ clientEmail, publicKey, state }), {
    neighbours: false,
    ...rest,
  });
  return Object.assign(standIn, state);
}
