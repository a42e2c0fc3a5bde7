import {
  jsonBody,
  type Protocol,
  type StandIn,
  type StandInSettings,
  startStandIn,
} from '../../index-check/stand-ins/stand-in.ts';
import { RAPIDURLINDEXER_MAX_URLS, RAPIDURLINDEXER_PROJECTS_PATH } from '../rapid-url-indexer.ts';

/**
 * Rapid URL Indexer as it answers (its API documentation's bodies): `POST /wp-json/api/v1/projects`,
 * key in `X-API-Key`, `{"project_name", "urls", "notify_on_status_change"?}`; 201
 * `{"message": "Project created successfully", "project_id"}`, 400 "Invalid project name or URLs",
 * 401 "Invalid API key", 403 "Insufficient credits", 429 past 100 requests a minute.
 */
export function rapidUrlIndexerProtocol(apiKey: string): Protocol {
  const error = (status: number, message: string) => ({ status, body: { message } });
  let nextProject = 1000;
  return {
    read(request) {
      if (request.path !== RAPIDURLINDEXER_PROJECTS_PATH)
        return error(404, 'No route was found matching the URL');
      if (request.method !== 'POST')
        return error(404, 'No route was found matching the URL and request method');
      if (request.headers['x-api-key'] !== apiKey) return error(401, 'Invalid API key');
      const body = jsonBody(request.body) as { project_name?: unknown; urls?: unknown } | undefined;
      const urls = body?.urls;
      const valid =
        typeof body?.project_name === 'string' &&
        body.project_name.trim() !== '' &&
        Array.isArray(urls) &&
        urls.length > 0 &&
        urls.length <= RAPIDURLINDEXER_MAX_URLS &&
        urls.every((url) => typeof url === 'string' && /^https?:\/\//.test(url));
      if (!valid) return error(400, 'Invalid project name or URLs');
      return { query: '', echo: { urls } };
    },
    results: () => ({
      status: 201,
      body: { message: 'Project created successfully', project_id: nextProject++ },
    }),
    noFunds: () => error(403, 'Insufficient credits'),
    rateLimited: () => error(429, 'Rate limit exceeded'),
    serverError: () => error(500, 'An unexpected error occurred'),
  };
}

export function startRapidUrlIndexerStandIn(
  options: Partial<StandInSettings> & { apiKey: string; port?: number; host?: string },
): Promise<StandIn> {
  const { apiKey, ...rest } = options;
  return startStandIn(rapidUrlIndexerProtocol(apiKey), { neighbours: false, ...rest });
}
