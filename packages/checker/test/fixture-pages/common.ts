import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AcceptorSet, CheckErrorCode } from '../../src/index.ts';

/**
 * The pages of the fixture web. Every page states, next to how it is served, what the checker
 * must report for it (`expect`); `checker.fixture.test.ts` walks the whole table.
 */

export const ACCEPTOR_DOMAIN = 'acceptor.example';
export const FIXTURE_ACCEPTORS: AcceptorSet = { kind: 'domains', domains: [ACCEPTOR_DOMAIN] };
/** Longer than any check timeout the tests use. */
export const SLOW_PAGE_DELAY_MS = 5_000;

export interface ExpectedBacklink {
  href: string;
  anchor: string;
  attribute: string;
  typeId: 1 | 2 | 3 | 4;
  textBefore?: string;
  textAfter?: string;
}

export interface FixtureExpectation {
  responseCode: number | null;
  responseCodeGroup?: 1 | 2 | 3 | 4 | null;
  errorCode?: CheckErrorCode | null;
  indexingCapabilityId: number;
  backlinks: ExpectedBacklink[];
  /** Fixture paths with the status each answered. */
  redirectChain?: Array<[path: string, status: number]>;
  /** Fixture path of the final page when redirects led elsewhere. */
  redirect?: string | null;
  title?: string | null;
  metaRobots?: string | null;
  xRobotsTag?: string | null;
  truncated?: boolean;
}

export type Respond = (response: ServerResponse, request: IncomingMessage) => void;

export interface FixturePage {
  path: string;
  about: string;
  server?: 'main' | 'robotsDown';
  /** How the page is served; absent for pages that are not served at all (see `target`). */
  respond?: Respond;
  /** Where the check goes instead of `server` + `path` (unknown hosts, closed ports). */
  target?: (web: FixtureTargets) => string;
  expect: FixtureExpectation;
}

/** Where a page with a `target` is checked (no import cycle with the server module). */
export interface FixtureTargets {
  refusedUrl: string;
}

/** The acceptor origin the pages link to. */
export const A = `http://${ACCEPTOR_DOMAIN}`;
export const LEAD = 'Independent reviews of garden tools, written by people who actually dig.';
export const TAIL = 'Prices checked weekly; no sponsored placements in the ranking.';

export const MAIN_ROBOTS_TXT = `User-agent: *
Disallow: /robots/blocked

User-agent: Googlebot
Disallow: /robots/blocked
Disallow: /robots/googlebot-only

User-agent: Bingbot
Disallow: /robots/blocked
Disallow: /robots/bingbot-only
`;

export function html({
  title = 'Fixture page',
  head = '',
  body,
}: {
  title?: string;
  head?: string;
  body: string;
}): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

/** The usual page: one dofollow text link to the acceptor between two sentences. */
export function articleWithLink(path: string, extraHead = ''): string {
  return html({
    head: extraHead,
    body: `<p>${LEAD}</p><p>See <a href="${A}${path}">our pick</a> today.</p><p>${TAIL}</p>`,
  });
}

export function articleBacklink(path: string): ExpectedBacklink {
  return {
    href: `${A}${path}`,
    anchor: 'our pick',
    attribute: 'dofollow',
    typeId: 2,
    textBefore: `${LEAD} See`,
    textAfter: `today. ${TAIL}`,
  };
}

export function sendHtml(body: string | Buffer, headers: Record<string, string> = {}, status = 200): Respond {
  return (response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    response.end(body);
  };
}

export function redirectTo(location: string, status: number): Respond {
  return (response) => {
    response.writeHead(status, { location, 'content-type': 'text/html' });
    response.end(`<a href="${location}">moved</a>`);
  };
}

/** A page that answers 200 with the usual article link, unless `expect` says otherwise. */
export function okPage(
  path: string,
  about: string,
  respond: Respond,
  expect: Partial<FixtureExpectation> = {},
): FixturePage {
  return {
    path,
    about,
    respond,
    expect: { responseCode: 200, indexingCapabilityId: 1, backlinks: [articleBacklink(path)], ...expect },
  };
}
