import { jsonBody, type Protocol, type StandIn, type StandInSettings, startStandIn } from './stand-in.ts';

/**
 * Serper as it answers: `POST /search`, key in `X-API-KEY`, `{"q": …}`; errors are
 * `{"message", "statusCode"}`. The wording of the credits and rate-limit messages is ours: Serper
 * does not document it (its 403 "Unauthorized." is what the service is seen to send).
 */
export function serperProtocol(apiKey: string): Protocol {
  const error = (status: number, message: string) => ({ status, body: { message, statusCode: status } });
  return {
    read(request) {
      if (request.path !== '/search') return error(404, 'Not found.');
      if (request.method !== 'POST') return error(405, 'Method not allowed.');
      if (request.headers['x-api-key'] !== apiKey) return error(403, 'Unauthorized.');
      const body = jsonBody(request.body) as { q?: unknown } | undefined;
      if (typeof body?.q !== 'string' || body.q === '') return error(400, 'Missing query parameter q.');
      return { query: body.q };
    },
    results({ query }, links) {
      return {
        status: 200,
        body: {
          searchParameters: { q: query, type: 'search', engine: 'google' },
          organic: links.map((link, i) => ({ title: `Result ${i + 1}`, link, snippet: '', position: i + 1 })),
          credits: 1,
        },
      };
    },
    noFunds: () => error(400, 'Not enough credits'),
    rateLimited: () => error(429, 'Too many requests'),
    serverError: () => error(500, 'Internal server error'),
  };
}

export function startSerperStandIn(
  options: Partial<StandInSettings> & { apiKey: string; port?: number; host?: string },
): Promise<StandIn> {
  const { apiKey, ...rest } = options;
  return startStandIn(serperProtocol(apiKey), rest);
}
