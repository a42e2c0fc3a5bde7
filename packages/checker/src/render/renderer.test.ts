import type { LookupOptions } from 'node:dns';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  FIXTURE_ACCEPTORS,
  type FixtureWeb,
  HOSTILE_BACKLINK,
  type RenderedFixturePage,
  renderedPages,
  startFixtureWeb,
} from '../../test/fixture-web.ts';
import { type Checker, type CheckResult, createChecker, type LookupFunction, RobotsCache } from '../index.ts';
import { createRenderer, type Renderer } from './renderer.ts';

/**
 * Rendered checks against the fixture web, one Chromium for the whole file. Private networks are
 * refused; only the fixture's main origin is trusted. Its second server (`robotsDown`) plays the
 * trap: a local listener the browser must never reach, whatever the page tries.
 */

/** Fake DNS: rebinding.test points at loopback, everything else does not exist. */
const fakeDns: LookupFunction = (hostname: string, _options: LookupOptions, callback) => {
  if (hostname === 'rebinding.test') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
};

// A browser's pages are slow on a busy machine: room enough that only a real hang fails.
vi.setConfig({ testTimeout: 60_000 });

let web: FixtureWeb;
let renderer: Renderer;
let checker: Checker;
const robots = new RobotsCache();

beforeAll(async () => {
  web = await startFixtureWeb();
  renderer = await createRenderer({
    allowOrigins: [new URL(web.origin).host],
    lookup: fakeDns,
    timeoutMs: 8_000,
    settleMs: 2_000,
  });
  checker = createChecker({
    allowPrivateNetworks: false,
    allowOrigins: [new URL(web.origin).host],
    lookup: fakeDns,
    parseThreads: 0,
    timeoutMs: 5_000,
    renderer,
  });
}, 30_000);

afterAll(async () => {
  await checker?.close();
  await renderer?.close();
  await web?.close();
});

const check = (url: string, render: 'missing' | 'always' | 'never' = 'missing') =>
  checker.check({ url, acceptors: FIXTURE_ACCEPTORS }, { robots, render });

function view(result: CheckResult, page: RenderedFixturePage) {
  return {
    reason: result.render?.reason ?? null,
    renderError: result.render?.error ?? null,
    indexingCapabilityId: result.indexingCapabilityId,
    backlinks: result.backlinks.map((backlink, index) => {
      const wanted = page.expectRendered.backlinks[index] ?? backlink;
      return Object.fromEntries(
        Object.keys(wanted).map((key) => [key, backlink[key as keyof typeof backlink]]),
      );
    }),
    ...(page.expectRendered.redirect ? { redirect: result.redirect?.replace(web.origin, '') } : {}),
  };
}

describe('links built by JavaScript', () => {
  test.for(renderedPages.map((page) => [page.path, page] as const))('%s', async ([, page]) => {
    const result = await check(web.url(page.path));
    expect(view(result, page)).toEqual({
      reason: page.expectRendered.reason,
      renderError: null,
      indexingCapabilityId: page.expectRendered.indexingCapabilityId ?? 1,
      backlinks: page.expectRendered.backlinks,
      ...(page.expectRendered.redirect ? { redirect: page.expectRendered.redirect } : {}),
    });
    if (page.expectRendered.reason === 'missing') {
      expect(result.render?.foundOnlyRendered).toBe(page.expectRendered.backlinks.length > 0);
    }
  });

  test("'never' keeps the HTML verdict and renders nothing", async () => {
    const result = await check(web.url('/render/after-load'), 'never');
    expect(result.render).toBeUndefined();
    expect(result.backlinks).toEqual([]);
  });

  test("'always' renders a page whose HTML already has the link", async () => {
    const result = await check(web.url('/render/redirect-target'), 'always');
    expect(result.render).toMatchObject({ reason: 'always', foundOnlyRendered: false, error: null });
    expect(result.backlinks.map((b) => [b.href, b.rendered])).toEqual([
      ['http://acceptor.example/render/redirect-target', undefined],
    ]);
  });

  test('a checker that parses in a worker thread (as the server does) still reads the shell and renders', async () => {
    // The parse takes the page's bytes to its thread (transferred): the shell must be seen before.
    const threaded = createChecker({
      allowPrivateNetworks: false,
      allowOrigins: [new URL(web.origin).host],
      lookup: fakeDns,
      parseThreads: 1,
      timeoutMs: 5_000,
      renderer,
    });
    try {
      const shell = await threaded.check(
        { url: web.url('/render/next-shell'), acceptors: FIXTURE_ACCEPTORS },
        { robots, render: 'missing' },
      );
      expect(shell.error).toBeNull();
      expect(shell.render).toMatchObject({ reason: 'client_rendered', error: null });
      expect(shell.backlinks.map((b) => b.href)).toContainEqual(
        expect.stringMatching(/\/render\/next-shell$/),
      );
      const plain = await threaded.check(
        { url: web.url('/render/redirect-target'), acceptors: FIXTURE_ACCEPTORS },
        { robots, render: 'missing' },
      );
      expect(plain.error).toBeNull();
      expect(plain.render).toBeUndefined();
      expect(plain.backlinks).toHaveLength(1);
    } finally {
      await threaded.close();
    }
  });

  test('a page that did not answer 200 is not rendered', async () => {
    const result = await check(web.url('/no-such-page'), 'always');
    expect(result.responseCode).toBe(404);
    expect(result.render).toBeUndefined();
  });
});

describe('the SSRF guard in front of the browser', () => {
  test('a page reaching for loopback, private and metadata addresses reaches none; each try is logged', async () => {
    const trap = web.robotsDownOrigin;
    const trapConnections = web.connectionCount('robotsDown');
    const since = Date.now();
    const result = await check(`${web.url('/render/hostile')}?trap=${encodeURIComponent(trap)}`);
    expect(result.render?.error).toBeNull();
    expect(result.backlinks).toMatchObject([HOSTILE_BACKLINK]);
    // Give late requests (the iframes') time to show up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(web.connectionCount('robotsDown')).toBe(trapConnections);
    const refused = renderer
      .refused()
      .filter((entry) => entry.at >= since)
      .map((entry) => `${entry.reason} ${entry.target}`);
    const port = new URL(trap).port;
    expect(refused).toEqual(
      expect.arrayContaining([
        `blocked_resource ${trap}/img`,
        `blocked_address ${trap}/frame`,
        `blocked_address ${trap}/fetch`,
        `blocked_address ${trap}/redirected`,
        `blocked_address http://rebinding.test:${port}/rebound`,
        `blocked_address http://localhost:${port}/localhost`,
        'blocked_address http://10.0.0.1/private',
        'blocked_address http://169.254.169.254/latest/meta-data/',
      ]),
    );
  });

  test('a script redirect to a private address is refused and the HTML verdict stands', async () => {
    const trap = web.robotsDownOrigin;
    const trapConnections = web.connectionCount('robotsDown');
    const result = await check(`${web.url('/render/hostile-redirect')}?trap=${encodeURIComponent(trap)}`);
    expect(result.render?.error).toMatch(/403/);
    expect(result.backlinks).toEqual([]);
    expect(result.redirect).toBeNull();
    expect(web.connectionCount('robotsDown')).toBe(trapConnections);
    expect(renderer.refused().map((entry) => entry.target)).toContain(`${trap}/script-redirect`);
  });
});

describe('a lost browser', () => {
  test('a killed browser is replaced and the page still rendered', async () => {
    // Make sure a browser is up, then kill it mid-render.
    await check(web.url('/render/after-load'));
    const launches = renderer.launches;
    const pid = (renderer as unknown as { pidOf(index: number): number | undefined }).pidOf(0);
    expect(pid).toBeTypeOf('number');
    const pending = check(web.url('/render/after-timeout'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(pid!, 'SIGKILL');
    const result = await pending;
    expect(result.render?.error).toBeNull();
    expect(result.backlinks.map((b) => b.anchor)).toEqual(['built later']);
    expect(renderer.launches).toBe(launches + 1);
  });

  test('a browser still starting when the pool closes is not left running', async () => {
    const before = chromiumChildren();
    const pool = await createRenderer({ allowOrigins: [new URL(web.origin).host] });
    const rendering = pool.render(web.url('/render/after-load')).catch(() => null);
    // The launch is under way (Chromium takes far longer than this to start): the pool closes meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    await rendering;
    await vi.waitFor(() => expect(chromiumChildren()).toEqual(before), { timeout: 15_000, interval: 200 });
  });
});

/** Chromium browser processes this test process started (Linux /proc), by pid. */
function chromiumChildren(): number[] {
  const children = readdirSync(`/proc/${process.pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return children
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium');
      } catch {
        return false;
      }
    })
    .sort((a, b) => a - b);
}
