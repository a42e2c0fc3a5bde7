import { availableParallelism } from 'node:os';
import packageJson from '../package.json' with { type: 'json' };
import type { SharedHostSlots } from './limits/host-limiter.ts';
import type { LookupFunction } from './net/guarded-lookup.ts';
import type { Renderer } from './render/renderer.ts';

export interface CheckerOptions {
  /** Pages fetched at once across all hosts (more checks are under way: waiting for a host, parsing). */
  concurrency?: number;
  /** Requests running at once to one host. */
  perHost?: number;
  /** Minimum milliseconds between the starts of two requests to one host. */
  hostDelayMs?: number;
  /** Makes `perHost` hold across processes (several workers): see SharedHostSlots. */
  sharedHostSlots?: SharedHostSlots;
  /** Time allowed for a whole check: every redirect hop, headers and body. */
  timeoutMs?: number;
  /** Time allowed to open a TCP/TLS connection. */
  connectTimeoutMs?: number;
  /** Decoded body bytes read from a page; the rest is skipped and `truncated` set. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Worker threads that parse pages; 0 parses on the calling thread. */
  parseThreads?: number;
  /** Let checks reach loopback, private and other non-public addresses (tests, intranets). */
  allowPrivateNetworks?: boolean;
  /** host:port origins reachable even when private networks are refused (the offline demo's sample web). */
  allowOrigins?: string[];
  userAgent?: string;
  /** Replaces DNS (dns.lookup shape). Meant for tests; the SSRF guard still filters its answers. */
  lookup?: LookupFunction;
  /** Browser pool for rendered checks (see createRenderer); checks asking to render need one. */
  renderer?: Renderer;
}

export const CHECKER_VERSION: string = packageJson.version;
export const DEFAULT_USER_AGENT = `LinkwatchBot/${CHECKER_VERSION} (+https://linkwatch.app/bot)`;

export const CHECKER_DEFAULTS = {
  concurrency: 64,
  perHost: 2,
  hostDelayMs: 0,
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  allowPrivateNetworks: false,
  userAgent: DEFAULT_USER_AGENT,
} as const;

/** Environment variables the server maps onto options (the server's config module reads them). */
export const CHECKER_ENV_VARS = {
  concurrency: 'CHECKER_CONCURRENCY',
  perHost: 'CHECKER_PER_HOST',
  hostDelayMs: 'CHECKER_HOST_DELAY_MS',
  allowPrivateNetworks: 'CHECKER_ALLOW_PRIVATE_NETWORKS',
} as const;

export type ResolvedCheckerOptions = Required<
  Omit<CheckerOptions, 'lookup' | 'sharedHostSlots' | 'renderer'>
> &
  Pick<CheckerOptions, 'lookup' | 'sharedHostSlots' | 'renderer'>;

export function resolveCheckerOptions(options: CheckerOptions): ResolvedCheckerOptions {
  const resolved: ResolvedCheckerOptions = {
    ...CHECKER_DEFAULTS,
    parseThreads: availableParallelism(),
    allowOrigins: [],
    ...withoutUndefined(options),
  };
  assertPositiveInteger('concurrency', resolved.concurrency);
  assertPositiveInteger('perHost', resolved.perHost);
  assertPositiveInteger('timeoutMs', resolved.timeoutMs);
  assertPositiveInteger('connectTimeoutMs', resolved.connectTimeoutMs);
  assertPositiveInteger('maxBytes', resolved.maxBytes);
  assertNonNegativeInteger('hostDelayMs', resolved.hostDelayMs);
  assertNonNegativeInteger('maxRedirects', resolved.maxRedirects);
  assertNonNegativeInteger('parseThreads', resolved.parseThreads);
  return resolved;
}

function withoutUndefined(options: CheckerOptions): CheckerOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
}

function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}
