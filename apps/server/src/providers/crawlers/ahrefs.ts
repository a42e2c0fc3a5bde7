import { providerHealth } from '../health.ts';
import {
  createPace,
  excerpt,
  failureOfStatus,
  fetchJson,
  type HttpAnswer,
  type ProviderLimits,
  retryAfterMs,
} from '../index-check/paced.ts';
import {
  type BacklinkPage,
  BacklinkPullError,
  type BacklinkRow,
  type BacklinkSource,
  type PullEstimate,
  type UnitsSpent,
} from './types.ts';

/**
 * Ahrefs API v3, Site Explorer, as documented at docs.ahrefs.com (API reference "Site Explorer / All
 * backlinks" and "Backlinks stats", "Subscription info / Limits and usage", the guides "API keys
 * creation and management" and "Limits consumption") and as the official client ahrefs/ahrefs-python
 * (v0.9) calls it:
 * - `GET /v3/site-explorer/all-backlinks` with `Authorization: Bearer <key>`; `target`, `mode`
 *   (exact | prefix | domain | subdomains), `protocol` (both), `history` (live), `aggregation` (all),
 *   `select` (required, comma-separated), `limit`, `order_by` (`field:asc`), `where` (a JSON filter,
 *   docs "Filter syntax"); answer `{ "backlinks": [ { <selected fields> } ] }`.
 * - There is no offset on Site Explorer lists (only `limit`): a pull pages by key, ordered by
 *   `url_from` and asking each next page `where url_from > <the last one>`.
 * - Units: a request consumes max(50, per-row cost × rows); the per-row cost sums each distinct field
 *   of `select`, `where` and `order_by` (1 unit each unless the field says 5 or 10; ours are all 1).
 *   Each answer reports it in `x-api-rows`, `x-api-units-cost-row`, `x-api-units-cost-total`,
 *   `x-api-units-cost-total-actual` (0 from its cache) and `x-api-cache`.
 * - `GET /v3/site-explorer/backlinks-stats?target&mode&protocol&date` → `{ "metrics": { live, … } }`
 *   gives the count the estimate is made of (50 units, the minimum); `GET
 *   /v3/subscription-info/limits-and-usage` (free) the units left on the key and the workspace.
 * - Errors are `{ "error": "<text>" }` with 400 (bad parameters), 401 (key refused), 403 (key not
 *   allowed, or its units spent), 429 (60 requests a minute, and dynamic throttling: same status).
 */
export interface AhrefsOptions extends ProviderLimits {
  /** 'ahrefs' unless told (the offline demo's stand-in is named 'demo'). */
  name?: string;
  apiKey: string;
  /** https://api.ahrefs.com unless pointed elsewhere. */
  baseUrl: string;
  /** Rows per request (Ahrefs caps it by plan). */
  pageSize: number;
  /** The most rows one pull takes: a target with more is refused, never cut short (see action 10). */
  maxRows: number;
  /** Tries of one page after a 429, a timeout or a server error before the pull gives up. */
  maxRetries?: number;
  /** How long an estimate of a target is reused (its count request costs 50 units). */
  estimateTtlMs?: number;
  now?: () => Date;
}

/** The fields a pull selects; each costs 1 unit a row (none is marked dearer in the reference). */
export const BACKLINK_FIELDS = [
  'url_from',
  'url_to',
  'anchor',
  'is_nofollow',
  'first_seen_link',
  'last_visited',
] as const;
/** The documented minimum units of a request. */
export const BASE_UNITS = 50;
/** backlinks-stats returns live, all_time (1 each), live_refdomains, all_time_refdomains (5 each). */
const STATS_ROW_UNITS = 12;

/** Units a request returning `rows` rows consumes (docs "Limits consumption"). */
export function requestUnits(rows: number, perRow: number = BACKLINK_FIELDS.length): number {
  return Math.max(BASE_UNITS, perRow * rows);
}

/**
 * Units and requests a pull of `rows` rows in pages of `pageSize` takes: the full pages, then the
 * page shorter than pageSize that ends it (empty when the rows fill whole pages; 50 units still).
 */
export function pullUnits(rows: number, pageSize: number): { requests: number; units: number } {
  const full = Math.floor(rows / pageSize);
  return { requests: full + 1, units: full * requestUnits(pageSize) + requestUnits(rows % pageSize) };
}

type Answer = { kind: 'ok'; answer: HttpAnswer } | { kind: 'failed'; error: BacklinkPullError };

export function ahrefsSource(options: AhrefsOptions): BacklinkSource {
  const name = options.name ?? 'ahrefs';
  const base = options.baseUrl.replace(/\/+$/, '');
  const pace = createPace(options);
  const maxRetries = options.maxRetries ?? 3;
  const ttl = options.estimateTtlMs ?? 10 * 60_000;
  const estimates = new Map<string, { at: number; estimate: PullEstimate }>();
  const now = options.now ?? (() => new Date());

  /** One request inside the pace; an error status or an unreadable body is a failed answer, never a throw. */
  function ask(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<Answer> {
    const url = `${base}/v3/${path}?${new URLSearchParams(params)}`;
    return pace.run(
      async (paced) => {
        const answer = await fetchJson(
          url,
          {
            signal: paced,
            headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
          },
          name,
        );
        const failure = failureOf(answer);
        return failure ? { kind: 'failed', error: failure } : { kind: 'ok', answer };
      },
      {
        signal,
        fail: (reason, message) => ({ kind: 'failed', error: new BacklinkPullError(reason, message) }),
        rateLimited: (a) =>
          a.kind === 'failed' && a.error.reason === 'rate-limited'
            ? { retryAfterMs: a.error.retryAfterMs }
            : undefined,
      },
    );
  }

  /** Asks again after a passing failure (the pace waits out a 429's Retry-After), up to maxRetries. */
  async function askWithRetries(path: string, params: Record<string, string>, signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      const answer = await ask(path, params, signal);
      if (answer.kind === 'ok') return answer.answer;
      if (!answer.error.transient || attempt >= maxRetries) throw answer.error;
    }
  }

  async function unitsLeft(signal?: AbortSignal): Promise<number | null> {
    const answer = await askWithRetries('subscription-info/limits-and-usage', { output: 'json' }, signal);
    const usage = (answer.json as { limits_and_usage?: Record<string, unknown> } | undefined)
      ?.limits_and_usage;
    if (!usage) throw unreadable(answer);
    const left = (limit: unknown, used: unknown) =>
      typeof limit === 'number' ? Math.max(0, limit - (typeof used === 'number' ? used : 0)) : null;
    const ofKey = left(usage.units_limit_api_key, usage.units_usage_api_key);
    const ofWorkspace = left(usage.units_limit_workspace, usage.units_usage_workspace);
    const units = ofKey === null ? ofWorkspace : ofWorkspace === null ? ofKey : Math.min(ofKey, ofWorkspace);
    // The console's provider health shows the units left (issue 28).
    if (units !== null) providerHealth.quota(name, units);
    return units;
  }

  async function liveBacklinks(target: string, signal?: AbortSignal): Promise<number> {
    const answer = await askWithRetries(
      'site-explorer/backlinks-stats',
      { ...targetParams(target), date: now().toISOString().slice(0, 10), output: 'json' },
      signal,
    );
    const live = (answer.json as { metrics?: { live?: unknown } } | undefined)?.metrics?.live;
    if (typeof live !== 'number') throw unreadable(answer);
    return live;
  }

  return {
    name,
    maxRows: options.maxRows,

    async estimate(target, { signal } = {}) {
      const cached = estimates.get(target);
      if (cached && Date.now() - cached.at < ttl) return cached.estimate;
      const [backlinks, left] = await Promise.all([liveBacklinks(target, signal), unitsLeft(signal)]);
      const rows = Math.min(backlinks, options.maxRows);
      const { requests, units } = pullUnits(rows, options.pageSize);
      const estimate: PullEstimate = {
        backlinks,
        rows,
        requests,
        units,
        estimateUnits: requestUnits(1, STATS_ROW_UNITS),
        unitsLeft: left,
        tooMany: backlinks > options.maxRows,
      };
      estimates.set(target, { at: Date.now(), estimate });
      return estimate;
    },

    async *backlinks(target, { signal } = {}) {
      let after: string | undefined;
      let pulled = 0;
      for (;;) {
        const params: Record<string, string> = {
          ...targetParams(target),
          history: 'live',
          aggregation: 'all',
          select: BACKLINK_FIELDS.join(','),
          order_by: 'url_from:asc',
          limit: String(options.pageSize),
          output: 'json',
        };
        if (after !== undefined) params.where = JSON.stringify({ field: 'url_from', is: ['gt', after] });
        const answer = await askWithRetries('site-explorer/all-backlinks', params, signal);
        const rows = readBacklinks(answer);
        const last = rows.at(-1)?.urlFrom;
        if (last !== undefined && after !== undefined && last <= after) {
          throw new BacklinkPullError('bad-answer', `Page did not move past ${after}`);
        }
        pulled += rows.length;
        if (pulled > options.maxRows) {
          throw new BacklinkPullError('too-many', `More than ${options.maxRows} backlinks`);
        }
        const page: BacklinkPage = { rows, units: unitsOf(answer, rows.length) };
        yield page;
        if (rows.length < options.pageSize || last === undefined) return;
        after = last;
      }
    },
  };
}

/** The whole project's domain: every subdomain (www. included) over both protocols. */
function targetParams(target: string): Record<string, string> {
  return { target, mode: 'subdomains', protocol: 'both' };
}

function failureOf(answer: HttpAnswer): BacklinkPullError | undefined {
  const failure = failureOfStatus(answer.status);
  if (!failure) return answer.json === undefined ? unreadable(answer) : undefined;
  const text = errorText(answer);
  const message = `HTTP ${answer.status}: ${text}`;
  // Ahrefs answers a key whose units are spent with 403 (the reference lists no other code for it).
  if (answer.status === 403 && /unit|limit|quota|balance/i.test(text)) {
    return new BacklinkPullError('no-funds', message);
  }
  return new BacklinkPullError(failure, message, retryAfterMs(answer.headers.get('retry-after')));
}

function errorText(answer: HttpAnswer): string {
  const error = (answer.json as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : excerpt(answer.text);
}

function unreadable(answer: HttpAnswer): BacklinkPullError {
  return new BacklinkPullError('bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
}

function readBacklinks(answer: HttpAnswer): BacklinkRow[] {
  const list = (answer.json as { backlinks?: unknown } | undefined)?.backlinks;
  if (!Array.isArray(list)) throw unreadable(answer);
  return list.map((raw: Record<string, unknown>) => {
    if (typeof raw?.url_from !== 'string' || raw.url_from === '') throw unreadable(answer);
    return {
      urlFrom: raw.url_from,
      urlTo: text(raw.url_to),
      anchor: text(raw.anchor),
      nofollow: typeof raw.is_nofollow === 'boolean' ? raw.is_nofollow : null,
      firstSeen: text(raw.first_seen_link),
      lastVisited: text(raw.last_visited),
    };
  });
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The units a page cost, from its headers; the documented formula where a header is missing. */
function unitsOf(answer: HttpAnswer, rows: number): UnitsSpent {
  const header = (name: string) => {
    const value = Number(answer.headers.get(name));
    return answer.headers.has(name) && Number.isFinite(value) ? value : undefined;
  };
  const costTotal = header('x-api-units-cost-total') ?? requestUnits(rows);
  return {
    rows: header('x-api-rows') ?? rows,
    costTotal,
    costActual: header('x-api-units-cost-total-actual') ?? costTotal,
  };
}
