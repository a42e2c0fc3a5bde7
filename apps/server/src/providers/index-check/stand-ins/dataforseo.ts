import { DATAFORSEO_LIVE_PATH } from '../dataforseo.ts';
import { jsonBody, type Protocol, type StandIn, type StandInSettings, startStandIn } from './stand-in.ts';

/**
 * DataForSEO's SERP API as it answers (docs.dataforseo.com/v3/appendix/errors): `POST` of an array
 * of one task to the Google Organic Live Advanced path, HTTP Basic auth; the envelope carries
 * `status_code`/`status_message` at the top and per task; HTTP statuses only for 401, 402, 404, 500.
 */
export function dataForSeoProtocol(credentials: { login: string; password: string }): Protocol {
  const expected = `Basic ${Buffer.from(`${credentials.login}:${credentials.password}`).toString('base64')}`;
  const envelope = (statusCode: number, statusMessage: string, tasks: unknown[] | null = null) => ({
    version: '0.1.20250101',
    status_code: statusCode,
    status_message: statusMessage,
    time: '0.0500 sec.',
    cost: 0,
    tasks_count: tasks?.length ?? 0,
    tasks_error: tasks?.filter((t) => (t as { status_code: number }).status_code >= 40000).length ?? 0,
    tasks,
  });
  const task = (statusCode: number, statusMessage: string, data: unknown, result: unknown[] | null) => ({
    id: crypto.randomUUID(),
    status_code: statusCode,
    status_message: statusMessage,
    time: '0.5000 sec.',
    cost: statusCode === 20000 ? 0.003 : 0,
    result_count: result?.length ?? 0,
    path: DATAFORSEO_LIVE_PATH.slice(1).split('/'),
    data,
    result,
  });
  return {
    read(request) {
      if (request.path !== DATAFORSEO_LIVE_PATH) return { status: 404, body: envelope(40400, 'Not Found.') };
      if (request.method !== 'POST') return { status: 404, body: envelope(40400, 'Not Found.') };
      if (request.headers.authorization !== expected) {
        return {
          status: 401,
          body: envelope(
            40100,
            'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access',
          ),
          headers: { 'WWW-Authenticate': 'Basic realm="DataForSEO REST API"' },
        };
      }
      const tasks = jsonBody(request.body);
      if (!Array.isArray(tasks) || tasks.length === 0) {
        return { status: 200, body: envelope(40503, 'POST Data Is Invalid.') };
      }
      if (tasks.length > 1)
        return { status: 200, body: envelope(40000, 'You can set only one task at a time.') };
      const data = tasks[0] as Record<string, unknown>;
      const invalid =
        typeof data.keyword !== 'string'
          ? 'keyword'
          : data.location_code === undefined && data.location_name === undefined
            ? 'location_code'
            : data.language_code === undefined && data.language_name === undefined
              ? 'language_code'
              : undefined;
      if (invalid) {
        return {
          status: 200,
          body: envelope(20000, 'Ok.', [task(40501, `Invalid Field: '${invalid}'.`, data, null)]),
        };
      }
      return { query: decodeKeyword(data.keyword as string), echo: data };
    },
    results({ query, echo = {} }, links) {
      if (links.length === 0) {
        return { status: 200, body: envelope(20000, 'Ok.', [task(40102, 'No Search Results.', echo, null)]) };
      }
      const items = links.map((url, i) => ({
        type: 'organic',
        rank_group: i + 1,
        rank_absolute: i + 1,
        position: 'left',
        domain: new URL(url).hostname.toLowerCase(),
        title: `Result ${i + 1}`,
        url,
        description: '',
      }));
      const result = {
        keyword: query,
        type: 'organic',
        se_domain: 'google.com',
        location_code: echo.location_code,
        language_code: echo.language_code,
        datetime: new Date().toISOString(),
        spell: null,
        item_types: ['organic'],
        se_results_count: items.length,
        items_count: items.length,
        items,
      };
      return { status: 200, body: envelope(20000, 'Ok.', [task(20000, 'Ok.', echo, [result])]) };
    },
    noFunds: () => ({ status: 402, body: envelope(40200, 'Payment Required.') }),
    rateLimited: () => ({
      status: 200,
      body: envelope(40202, 'The rate-limit per minute has been exceeded.'),
    }),
    serverError: () => ({ status: 500, body: envelope(50000, 'Internal Error.') }),
  };
}

/** The service decodes %XX and reads '+' as a space in the keyword. */
function decodeKeyword(keyword: string): string {
  try {
    return decodeURIComponent(keyword.replaceAll('+', ' '));
  } catch {
    return keyword;
  }
}

export function startDataForSeoStandIn(
  options: Partial<StandInSettings> & { login: string; password: string; port?: number; host?: string },
): Promise<StandIn> {
  const { login, password, ...rest } = options;
  return startStandIn(dataForSeoProtocol({ login, password }), rest);
}
