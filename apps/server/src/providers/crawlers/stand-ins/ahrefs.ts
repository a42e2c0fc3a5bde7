import {
  type Accepted,
  type Protocol,
  type Reply,
  type StandIn,
  type StandInRequest,
  type StandInSettings,
  startStandIn,
} from '../../index-check/stand-ins/stand-in.ts';

/** One backlink as Ahrefs keeps it (the fields a pull selects; `url_to` decides the target). */
export interface AhrefsBacklink {
  url_from: string;
  url_to: string;
  anchor?: string;
  is_nofollow?: boolean;
  first_seen_link?: string;
  last_visited?: string;
}

/** Every field all-backlinks accepts in `select` that the stand-in can answer. */
const KNOWN_FIELDS = new Set([
  'url_from',
  'url_to',
  'anchor',
  'is_nofollow',
  'is_dofollow',
  'first_seen_link',
  'last_visited',
]);
const BASE_UNITS = 50;

type Request =
  | {
      endpoint: 'all-backlinks';
      target: string;
      mode: string;
      select: string[];
      limit: number;
      after?: string;
      perRow: number;
    }
  | { endpoint: 'backlinks-stats'; target: string; mode: string }
  | { endpoint: 'limits-and-usage' };
type AhrefsAccepted = Accepted & { request: Request };

export interface AhrefsAccount {
  /** Units this key may spend in the month (null: unlimited), and what it has spent (the stand-in adds to it). */
  unitsLimit: number | null;
  unitsUsed: number;
}

const error = (status: number, message: string): Reply => ({ status, body: { error: message } });

/**
 * Ahrefs API v3 as it answers (see providers/crawlers/ahrefs.ts for the documentation followed):
 * `GET /v3/site-explorer/all-backlinks`, `/v3/site-explorer/backlinks-stats` and
 * `/v3/subscription-info/limits-and-usage` with `Authorization: Bearer <key>`; JSON answers, the units
 * headers, `{ "error": … }` bodies for 400, 401, 403 and 429. Backlinks are the table's, matched to a
 * target by the host of `url_to` (mode `subdomains`: the domain and any subdomain; `domain`: the
 * domain and its www.), ordered by `url_from`, paged by `limit` and `where url_from > …`.
 */
export function ahrefsProtocol(
  apiKey: string,
  backlinks: AhrefsBacklink[],
  account: AhrefsAccount,
): Protocol<AhrefsAccepted> {
  const accept = (request: Request): AhrefsAccepted => ({ query: '', request });
  const spend = (units: number) => {
    account.unitsUsed += units;
    return units;
  };

  function read(request: StandInRequest): AhrefsAccepted | Reply {
    if (request.method !== 'GET') return error(405, 'Method not allowed');
    const known = [
      '/v3/site-explorer/all-backlinks',
      '/v3/site-explorer/backlinks-stats',
      '/v3/subscription-info/limits-and-usage',
    ];
    if (!known.includes(request.path)) return error(404, 'Not found');
    if (request.headers.authorization !== `Bearer ${apiKey}`) return error(401, 'Invalid API key');
    const q = request.searchParams;
    if (request.path.endsWith('limits-and-usage')) return accept({ endpoint: 'limits-and-usage' });
    const target = q.get('target');
    if (!target) return error(400, "Missing required parameter 'target'");
    const mode = q.get('mode') ?? 'subdomains';
    if (!['exact', 'prefix', 'domain', 'subdomains'].includes(mode))
      return error(400, `Invalid value for 'mode': ${mode}`);
    if (account.unitsLimit !== null && account.unitsUsed >= account.unitsLimit) {
      return error(403, 'API units limit reached for this API key');
    }
    if (request.path.endsWith('backlinks-stats')) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(q.get('date') ?? ''))
        return error(400, "Missing required parameter 'date'");
      return accept({ endpoint: 'backlinks-stats', target, mode });
    }
    const select = (q.get('select') ?? '').split(',').filter(Boolean);
    if (select.length === 0) return error(400, "Missing required parameter 'select'");
    const unknown = select.find((field) => !KNOWN_FIELDS.has(field));
    if (unknown) return error(400, `Unknown field in 'select': ${unknown}`);
    const limit = Number(q.get('limit') ?? '1000');
    if (!Number.isInteger(limit) || limit < 1)
      return error(400, `Invalid value for 'limit': ${q.get('limit')}`);
    const orderBy = q.get('order_by');
    if (orderBy && orderBy !== 'url_from:asc')
      return error(400, `Unsupported order_by in the stand-in: ${orderBy}`);
    let after: string | undefined;
    const where = q.get('where');
    if (where) {
      const parsed = parseWhere(where);
      if (parsed === undefined) return error(400, `Invalid 'where': ${where}`);
      after = parsed;
    }
    const fields = new Set([...select, ...(orderBy ? ['url_from'] : []), ...(where ? ['url_from'] : [])]);
    return accept({ endpoint: 'all-backlinks', target, mode, select, limit, after, perRow: fields.size });
  }

  function results({ request }: AhrefsAccepted): Reply {
    if (request.endpoint === 'limits-and-usage') {
      return {
        status: 200,
        body: {
          limits_and_usage: {
            subscription: 'Enterprise',
            usage_reset_date: '2026-12-01',
            units_limit_workspace: null,
            units_usage_workspace: null,
            units_limit_api_key: account.unitsLimit,
            units_usage_api_key: account.unitsUsed,
            api_key_expiration_date: '2027-06-01T00:00:00Z',
          },
        },
      };
    }
    const matching = backlinks.filter((b) => matches(b.url_to, request.target, request.mode));
    if (request.endpoint === 'backlinks-stats') {
      const domains = new Set(matching.map((b) => hostOf(b.url_from)));
      const units = spend(BASE_UNITS);
      return {
        status: 200,
        headers: costHeaders(1, 12, units),
        body: {
          metrics: {
            live: matching.length,
            all_time: matching.length,
            live_refdomains: domains.size,
            all_time_refdomains: domains.size,
          },
        },
      };
    }
    const after = request.after;
    const rows = matching
      .filter((b) => after === undefined || b.url_from > after)
      .sort((a, b) => (a.url_from < b.url_from ? -1 : a.url_from > b.url_from ? 1 : 0))
      .slice(0, request.limit)
      .map((b) => Object.fromEntries(request.select.map((field) => [field, fieldOf(b, field)])));
    const units = spend(Math.max(BASE_UNITS, request.perRow * rows.length));
    return {
      status: 200,
      headers: costHeaders(rows.length, request.perRow, units),
      body: { backlinks: rows },
    };
  }

  return {
    read,
    results,
    noFunds: () => error(403, 'API units limit reached for this API key'),
    rateLimited: () => error(429, 'Too many requests'),
    serverError: () => error(500, 'Internal server error'),
  };
}

function costHeaders(rows: number, perRow: number, units: number): Record<string, string> {
  return {
    'x-api-rows': String(rows),
    'x-api-units-cost-row': String(perRow),
    'x-api-units-cost-total': String(units),
    'x-api-units-cost-total-actual': String(units),
    'x-api-cache': 'miss',
  };
}

/** The one filter a pull sends: `{ "field": "url_from", "is": ["gt", "<url>"] }`. */
function parseWhere(where: string): string | undefined {
  try {
    const parsed = JSON.parse(where) as { field?: unknown; is?: unknown };
    if (parsed.field !== 'url_from' || !Array.isArray(parsed.is)) return undefined;
    const [op, value] = parsed.is;
    return op === 'gt' && typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function fieldOf(b: AhrefsBacklink, field: string): unknown {
  if (field === 'is_dofollow') return !(b.is_nofollow ?? false);
  if (field === 'is_nofollow') return b.is_nofollow ?? false;
  return (b as unknown as Record<string, unknown>)[field] ?? (field === 'anchor' ? '' : null);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

function matches(url: string, target: string, mode: string): boolean {
  const host = hostOf(url);
  const domain = target
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  if (mode === 'subdomains') return host === domain || host.endsWith(`.${domain}`);
  if (mode === 'domain') return host === domain || host === `www.${domain}`;
  return url.startsWith(target);
}

export interface AhrefsStandIn extends Omit<StandIn, 'indexed' | 'set'> {
  /** The backlinks Ahrefs knows (change at will between pulls). */
  readonly backlinks: AhrefsBacklink[];
  readonly account: AhrefsAccount;
  set(settings: Partial<Pick<StandInSettings, 'latencyMs' | 'ratePerSecond' | 'burst' | 'mode'>>): void;
}

export async function startAhrefsStandIn(
  options: {
    apiKey: string;
    backlinks?: AhrefsBacklink[];
    unitsLimit?: number | null;
    port?: number;
    host?: string;
  } & Partial<Pick<StandInSettings, 'latencyMs' | 'ratePerSecond' | 'burst' | 'mode'>>,
): Promise<AhrefsStandIn> {
  const { apiKey, backlinks = [], unitsLimit = null, ...settings } = options;
  const account: AhrefsAccount = { unitsLimit, unitsUsed: 0 };
  const standIn = await startStandIn(ahrefsProtocol(apiKey, backlinks, account), {
    ...settings,
    neighbours: false,
    vary: false,
  });
  return {
    url: standIn.url,
    counts: standIn.counts,
    requests: standIn.requests,
    backlinks,
    account,
    set: (changes) => standIn.set(changes),
    close: () => standIn.close(),
  };
}
