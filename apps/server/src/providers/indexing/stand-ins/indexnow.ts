import {
  jsonBody,
  type Protocol,
  type StandIn,
  type StandInSettings,
  startStandIn,
} from '../../index-check/stand-ins/stand-in.ts';
import { INDEXNOW_MAX_URLS } from '../indexnow.ts';
import { isIndexNowKey } from '../indexnow-key.ts';

export interface IndexNowSites {
  /** What each host serves as its key file (at the root, or at the keyLocation sent): host → content. */
  keyFiles: Map<string, string>;
  /** Hosts whose key the engine has not checked yet: their submissions are answered 202. */
  pending: Set<string>;
}

/**
 * IndexNow as it answers (indexnow.org/documentation): `POST /indexnow`, JSON `{"host", "key",
 * "keyLocation"?, "urlList"}` of 1 to 10,000 URLs; 200 submitted, 202 received while the key is not
 * yet checked, 400 invalid format, 403 the key not valid (here: the host's key file, from `sites`, is
 * not the key), 422 URLs not of the host or a key not of the format, 429 too many requests. The
 * protocol documents only the statuses; the bodies are Bing's as it is seen to send them. IndexNow
 * is free: its no-funds mode answers 503.
 */
export function indexNowProtocol(sites: IndexNowSites): Protocol {
  const error = (status: number, code: string, message: string) => ({ status, body: { code, message } });
  const invalid = (message: string) => error(422, 'InvalidRequestParameters', message);
  return {
    read(request) {
      if (request.path !== '/indexnow') return error(404, 'NotFound', 'Not found');
      if (request.method !== 'POST') return error(405, 'MethodNotAllowed', 'Method not allowed');
      if (!/^application\/json/.test(request.headers['content-type'] ?? '')) {
        return error(400, 'BadRequest', 'Bad request: invalid format');
      }
      const body = jsonBody(request.body) as
        | { host?: unknown; key?: unknown; keyLocation?: unknown; urlList?: unknown }
        | undefined;
      const { host, key, keyLocation, urlList } = body ?? {};
      const wellFormed =
        typeof host === 'string' &&
        typeof key === 'string' &&
        (keyLocation === undefined || typeof keyLocation === 'string') &&
        Array.isArray(urlList) &&
        urlList.length > 0 &&
        urlList.length <= INDEXNOW_MAX_URLS &&
        urlList.every((url) => typeof url === 'string');
      if (!wellFormed) return error(400, 'BadRequest', 'Bad request: invalid format');
      if (!isIndexNowKey(key)) return invalid('The key does not fit the protocol');
      if (!urlList.every((url) => hostOf(url) === host)) return invalid('The URLs do not belong to the host');
      if (keyLocation !== undefined && hostOf(keyLocation) !== host) {
        return invalid('The key location does not belong to the host');
      }
      if (sites.keyFiles.get(host)?.trim() !== key) {
        return error(
          403,
          'UserForbiddedToAccessSite',
          'User is unauthorized to access the site. Please verify the site using the key and try again.',
        );
      }
      return { query: '', echo: { host, urlList } };
    },
    // Its success has an empty body.
    results: ({ echo }) => ({
      status: sites.pending.has(String(echo?.host)) ? 202 : 200,
      body: null,
      text: '',
    }),
    noFunds: () => error(503, 'ServiceUnavailable', 'Service unavailable'),
    rateLimited: () => error(429, 'TooManyRequests', 'Too many requests'),
    serverError: () => error(500, 'InternalServerError', 'Internal server error'),
  };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

export async function startIndexNowStandIn(
  options: Partial<StandInSettings> & {
    keyFiles?: Record<string, string>;
    pending?: string[];
    port?: number;
    host?: string;
  } = {},
): Promise<StandIn & IndexNowSites> {
  const { keyFiles = {}, pending = [], ...rest } = options;
  const sites: IndexNowSites = { keyFiles: new Map(Object.entries(keyFiles)), pending: new Set(pending) };
  const standIn = await startStandIn(indexNowProtocol(sites), { neighbours: false, ...rest });
  return Object.assign(standIn, sites);
}
