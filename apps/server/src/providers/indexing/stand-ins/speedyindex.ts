import { randomBytes } from 'node:crypto';
import {
  jsonBody,
  type Protocol,
  type StandIn,
  type StandInSettings,
  startStandIn,
} from '../../index-check/stand-ins/stand-in.ts';
import { SPEEDYINDEX_INDEXER_PATH, SPEEDYINDEX_MAX_URLS } from '../speedyindex.ts';

/**
 * SpeedyIndex's indexer as it answers: `POST /v2/task/google/indexer/create`, the key bare in
 * `Authorization`, `{"title"?, "urls"}` of 1 to 10,000 URLs; HTTP 200 `{"code": 0, "task_id", "type"}`,
 * `{"code": 1}` when the balance is too low, `{"code": 2}` when overloaded (its rate limit). The
 * service does not document its answer to a wrong key or a bad body: 401 and 400 with a message here.
 */
export function speedyIndexProtocol(apiKey: string): Protocol {
  const error = (status: number, message: string) => ({ status, body: { code: -1, message } });
  return {
    read(request) {
      if (request.path !== SPEEDYINDEX_INDEXER_PATH) return error(404, 'Not found');
      if (request.method !== 'POST') return error(405, 'Method not allowed');
      if (request.headers.authorization !== apiKey) return error(401, 'Invalid API key');
      const body = jsonBody(request.body) as { title?: unknown; urls?: unknown } | undefined;
      const urls = body?.urls;
      if (!Array.isArray(urls) || urls.length === 0 || urls.length > SPEEDYINDEX_MAX_URLS) {
        return error(400, 'urls must be a list of 1 to 10000 URLs');
      }
      if (!urls.every((url) => typeof url === 'string')) return error(400, 'urls must be strings');
      if (body?.title !== undefined && typeof body.title !== 'string')
        return error(400, 'title must be a string');
      return { query: '', echo: { urls } };
    },
    results: () => ({
      status: 200,
      body: { code: 0, task_id: randomBytes(12).toString('hex'), type: 'google/indexer' },
    }),
    noFunds: () => ({ status: 200, body: { code: 1 } }),
    rateLimited: () => ({ status: 200, body: { code: 2 } }),
    serverError: () => error(500, 'Internal server error'),
  };
}

export function startSpeedyIndexStandIn(
  options: Partial<StandInSettings> & { apiKey: string; port?: number; host?: string },
): Promise<StandIn> {
  const { apiKey, ...rest } = options;
  return startStandIn(speedyIndexProtocol(apiKey), { neighbours: false, ...rest });
}
