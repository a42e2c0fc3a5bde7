import { type Protocol, type StandIn, type StandInSettings, startStandIn } from './stand-in.ts';

/**
 * SerpApi as it answers (serpapi.com/api-status-and-error-codes): `GET /search.json` (or `/search`)
 * with `engine`, `q` and `api_key` in the query string; every error is `{"error": "…"}`; a search
 * Google answered with nothing is a success carrying an `error` too. The hourly-limit wording is ours.
 */
export function serpApiProtocol(apiKey: string): Protocol {
  const error = (status: number, message: string) => ({ status, body: { error: message } });
  return {
    read(request) {
      if (request.path !== '/search.json' && request.path !== '/search') return error(404, 'Not found.');
      if (request.method !== 'GET') return error(404, 'Not found.');
      const params = request.searchParams;
      if (params.get('api_key') !== apiKey) {
        return error(401, 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key');
      }
      const engine = params.get('engine') ?? 'google';
      if (engine !== 'google') return error(400, `Unsupported \`${engine}\` search engine.`);
      const q = params.get('q');
      if (!q) return error(400, 'Missing query `q` parameter.');
      return { query: q };
    },
    results({ query }, links) {
      const found = links.length > 0;
      return {
        status: 200,
        body: {
          search_metadata: { id: crypto.randomUUID(), status: 'Success', total_time_taken: 0.5 },
          search_parameters: { engine: 'google', q: query, google_domain: 'google.com', device: 'desktop' },
          search_information: {
            query_displayed: query,
            organic_results_state: found ? 'Results for exact spelling' : 'Fully empty',
          },
          ...(found
            ? {
                organic_results: links.map((link, i) => ({
                  position: i + 1,
                  title: `Result ${i + 1}`,
                  link,
                  displayed_link: link,
                  snippet: '',
                })),
              }
            : { error: "Google hasn't returned any results for this query." }),
        },
      };
    },
    noFunds: () => error(429, 'Your account has run out of searches.'),
    rateLimited: () => error(429, 'You have exceeded the hourly throughput limit of your plan.'),
    serverError: () => error(500, "Something went wrong on SerpApi's end."),
  };
}

export function startSerpApiStandIn(
  options: Partial<StandInSettings> & { apiKey: string; port?: number; host?: string },
): Promise<StandIn> {
  const { apiKey, ...rest } = options;
  return startStandIn(serpApiProtocol(apiKey), rest);
}
