import { Agent, type Dispatcher } from 'undici';
import { isForbiddenAddress, literalAddressOf, TrustedOrigins } from '../net/address-policy.ts';
import { BlockedAddressError, createGuardedLookup, type LookupFunction } from '../net/guarded-lookup.ts';
import { CheckFailure } from './check-errors.ts';

export interface HttpClientOptions {
  userAgent: string;
  connectTimeoutMs: number;
  /** Upper bound for waiting on headers and between body chunks. */
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** host:port origins reachable even when private networks are refused. */
  allowOrigins: readonly string[];
  /** DNS lookup override (dns.lookup shape); tests use it to fake DNS. */
  lookup?: LookupFunction;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

/**
 * undici agents with the SSRF guard in their DNS lookup. Two agents, because the decision
 * "may this connection reach a private address" belongs to the origin (trusted origins may),
 * while the lookup only sees a host name.
 */
export class HttpClient {
  readonly #options: HttpClientOptions;
  readonly #trusted: TrustedOrigins;
  readonly #guardedAgent: Agent;
  readonly #openAgent: Agent;

  constructor(options: HttpClientOptions) {
    this.#options = options;
    this.#trusted = new TrustedOrigins(options.allowOrigins);
    this.#guardedAgent = this.#createAgent(true);
    this.#openAgent = this.#createAgent(false);
  }

  /** Refuses before any connection: non-http(s) schemes and literal private addresses. */
  assertFetchable(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CheckFailure('unsupported_scheme', `only http and https are fetched, not ${url.protocol}`);
    }
    if (!this.#mustGuard(url)) return;
    const literal = literalAddressOf(url.hostname);
    if (literal !== null && isForbiddenAddress(literal)) {
      throw new CheckFailure('blocked_address', new BlockedAddressError(url.host).message);
    }
  }

  async get(
    url: URL,
    { signal, accept = ACCEPT_HTML }: { signal: AbortSignal; accept?: string },
  ): Promise<HttpResponse> {
    this.assertFetchable(url);
    const agent = this.#mustGuard(url) ? this.#guardedAgent : this.#openAgent;
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        'user-agent': this.#options.userAgent,
        accept,
        'accept-encoding': 'gzip, deflate, br',
      },
      signal,
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  /** A POST of a small body (a webhook delivery): the same guard, no redirects followed. */
  async post(
    url: URL,
    { signal, headers, body }: { signal: AbortSignal; headers: Record<string, string>; body: string },
  ): Promise<HttpResponse> {
    this.assertFetchable(url);
    const agent = this.#mustGuard(url) ? this.#guardedAgent : this.#openAgent;
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { 'user-agent': this.#options.userAgent, ...headers },
      body,
      signal,
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  async close(): Promise<void> {
    await Promise.all([this.#guardedAgent.close(), this.#openAgent.close()]);
  }

  #mustGuard(url: URL): boolean {
    return !this.#options.allowPrivateNetworks && !this.#trusted.includes(url);
  }

  #createAgent(refusePrivate: boolean): Agent {
    const { connectTimeoutMs, timeoutMs, lookup } = this.#options;
    return new Agent({
      connect: { timeout: connectTimeoutMs, lookup: createGuardedLookup({ lookup, refusePrivate }) },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // Donor sites are many and mostly visited once per run: do not hold idle sockets long.
      keepAliveTimeout: 4_000,
    });
  }
}
