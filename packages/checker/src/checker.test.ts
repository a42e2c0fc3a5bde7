import type { LookupOptions } from 'node:dns';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { FIXTURE_ACCEPTORS, type FixtureWeb, startFixtureWeb } from '../test/fixture-web.ts';
import {
  CHECKER_DEFAULTS,
  CHECKER_ENV_VARS,
  type Checker,
  type CheckerOptions,
  createChecker,
  DEFAULT_USER_AGENT,
  type LookupFunction,
  RobotsCache,
} from './index.ts';

let web: FixtureWeb;
const checkers: Checker[] = [];

beforeAll(async () => {
  web = await startFixtureWeb();
});

afterEach(async () => {
  await Promise.all(checkers.splice(0).map((checker) => checker.close()));
});

afterAll(async () => {
  await web.close();
});

/** Test host names (a.test, b.test, ...) all lead to the fixture on 127.0.0.1; nothing else resolves. */
const testDns: LookupFunction = (hostname: string, _options: LookupOptions, callback) => {
  if (hostname.endsWith('.test') && hostname !== 'hang.test') {
    return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  }
  if (hostname === 'hang.test') return; // never answers
  callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
};

function checkerWith(options: CheckerOptions = {}): Checker {
  const checker = createChecker({ allowPrivateNetworks: true, parseThreads: 0, lookup: testDns, ...options });
  checkers.push(checker);
  return checker;
}

/** The fixture's main server under another host name, so the limiter sees distinct hosts. */
function onHost(host: string, path: string): string {
  return `http://${host}:${new URL(web.origin).port}${path}`;
}

describe('requests', () => {
  test('identify as LinkwatchBot and accept compressed bodies, for pages and robots.txt', async () => {
    web.resetStats();
    await checkerWith().check({ url: web.url('/kinds/all'), acceptors: FIXTURE_ACCEPTORS });
    const requests = web.requests();
    expect(requests.map((request) => request.path).sort()).toEqual(['/kinds/all', '/robots.txt']);
    for (const request of requests) {
      expect(request.userAgent).toBe(DEFAULT_USER_AGENT);
      expect(request.acceptEncoding).toBe('gzip, deflate, br');
    }
    expect(DEFAULT_USER_AGENT).toMatch(/^LinkwatchBot\/\d+\.\d+\.\d+ \(\+https:\/\/linkwatch\.app\/bot\)$/);
  });

  test('the user agent can be overridden', async () => {
    web.resetStats();
    await checkerWith({ userAgent: 'TestBot/1' }).check({
      url: web.url('/no-backlink'),
      acceptors: FIXTURE_ACCEPTORS,
    });
    expect(web.requests().every((request) => request.userAgent === 'TestBot/1')).toBe(true);
  });
});

describe('robots.txt cache', () => {
  test('one task fetches each origin’s robots.txt once, however many checks run at once', async () => {
    const checker = checkerWith();
    web.resetStats();
    const robots = new RobotsCache();
    const paths = [
      '/kinds/all',
      '/rel/mix',
      '/no-backlink',
      '/meta/none',
      '/xrobots/none',
      '/robots/blocked',
    ];
    const results = await Promise.all(
      paths.map((path) => checker.check({ url: web.url(path), acceptors: FIXTURE_ACCEPTORS }, { robots })),
    );
    expect(results.map((result) => result.responseCode)).toEqual(paths.map(() => 200));
    expect(web.requests().filter((request) => request.path === '/robots.txt')).toHaveLength(1);

    web.resetStats();
    await checker.check(
      { url: web.url('/kinds/all'), acceptors: FIXTURE_ACCEPTORS },
      { robots: new RobotsCache() },
    );
    expect(web.requests().filter((request) => request.path === '/robots.txt')).toHaveLength(1);
  });

  test('every origin along a redirect chain is asked', async () => {
    web.resetStats();
    const target = `${web.robotsDownOrigin}/robots-down/page`;
    const result = await checkerWith().check({
      url: web.url(`/redirect-to?to=${encodeURIComponent(target)}`),
      acceptors: FIXTURE_ACCEPTORS,
    });
    expect(result.redirect).toBe(target);
    expect(result.backlinks).toHaveLength(1);
    // The first hop's robots.txt allows; the final origin's answers 503.
    expect(result.indexingCapabilityId).toBe(3);
    expect(result.robotsAllowed).toBe(false);
    expect(
      web
        .requests()
        .filter((request) => request.path === '/robots.txt')
        .map((request) => request.server)
        .sort(),
    ).toEqual(['main', 'robotsDown']);
  });
});

describe('concurrency limits', () => {
  async function warmRobots(checker: Checker, robots: RobotsCache, hosts: string[]): Promise<void> {
    await Promise.all(
      hosts.map((host) =>
        checker.check({ url: onHost(host, '/no-backlink'), acceptors: FIXTURE_ACCEPTORS }, { robots }),
      ),
    );
  }

  test('no more than `concurrency` pages are fetched at once across hosts', async () => {
    const checker = checkerWith({ concurrency: 3, perHost: 2 });
    const robots = new RobotsCache();
    const hosts = ['a.test', 'b.test', 'c.test'];
    await warmRobots(checker, robots, hosts);
    web.resetStats();
    await Promise.all(
      hosts.flatMap((host) =>
        Array.from({ length: 4 }, () =>
          checker.check({ url: onHost(host, '/hold?ms=80'), acceptors: FIXTURE_ACCEPTORS }, { robots }),
        ),
      ),
    );
    expect(web.requests()).toHaveLength(12);
    expect(web.maxInFlight()).toBe(3);
  });

  test('a check waiting for a busy host leaves its place on the wire to another host', async () => {
    const checker = checkerWith({ concurrency: 2, perHost: 1 });
    const robots = new RobotsCache();
    await warmRobots(checker, robots, ['busy.test', 'free.test']);
    const check = (host: string, path: string) =>
      checker
        .check({ url: onHost(host, path), acceptors: FIXTURE_ACCEPTORS }, { robots })
        .then(() => performance.now());
    const started = performance.now();
    // Two pages of a host that allows one request at a time, then one of another host.
    const busy = [check('busy.test', '/hold?ms=800'), check('busy.test', '/hold?ms=800')];
    const freeDoneAt = await check('free.test', '/no-backlink');
    // The second busy page waits for its host, not on the wire: the free host's page goes at once.
    expect(freeDoneAt - started).toBeLessThan(500);
    await Promise.all(busy);
  });

  test('no more than `perHost` requests go to one host at once', async () => {
    const checker = checkerWith({ concurrency: 64, perHost: 2 });
    const robots = new RobotsCache();
    await warmRobots(checker, robots, ['same.test']);
    web.resetStats();
    await Promise.all(
      Array.from({ length: 8 }, () =>
        checker.check({ url: onHost('same.test', '/hold?ms=80'), acceptors: FIXTURE_ACCEPTORS }, { robots }),
      ),
    );
    expect(web.maxInFlight()).toBe(2);
  });

  test('requests to one host start at least `hostDelayMs` apart', async () => {
    const checker = checkerWith({ perHost: 4, hostDelayMs: 150 });
    web.resetStats();
    const robots = new RobotsCache();
    await Promise.all(
      Array.from({ length: 3 }, () =>
        checker.check({ url: onHost('polite.test', '/hold?ms=1'), acceptors: FIXTURE_ACCEPTORS }, { robots }),
      ),
    );
    const starts = web.requests().map((request) => request.at);
    expect(starts).toHaveLength(4); // robots.txt + 3 pages
    // Arrival times at the server jitter under load; without the delay they would be ~1 ms apart.
    const gaps = starts.slice(1).map((at, index) => at - starts[index]);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(100);
    expect(starts[3] - starts[0]).toBeGreaterThanOrEqual(400);
  });
});

describe('timeouts and cancellation', () => {
  test('the connect timeout applies to connecting (here: a DNS answer that never comes)', async () => {
    const started = Date.now();
    const result = await checkerWith({ connectTimeoutMs: 200, timeoutMs: 10_000 }).check({
      url: 'http://hang.test/page',
      acceptors: FIXTURE_ACCEPTORS,
    });
    expect(result).toMatchObject({ responseCode: null, responseCodeGroup: 4, error: { code: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('the total timeout covers a page that answers too late', async () => {
    const result = await checkerWith({ timeoutMs: 300 }).check({
      url: web.url('/slow'),
      acceptors: FIXTURE_ACCEPTORS,
    });
    expect(result).toMatchObject({ responseCodeGroup: 4, error: { code: 'timeout' } });
  });

  test('a cancelled check rejects with the caller’s reason instead of returning a result', async () => {
    const controller = new AbortController();
    const checking = checkerWith().check(
      { url: web.url('/slow'), acceptors: FIXTURE_ACCEPTORS },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error('task cancelled')), 50);
    await expect(checking).rejects.toThrow('task cancelled');
  });

  test('a closed checker refuses new checks', async () => {
    const checker = checkerWith();
    await checker.close();
    await expect(checker.check({ url: web.url('/kinds/all'), acceptors: FIXTURE_ACCEPTORS })).rejects.toThrow(
      'closed',
    );
  });
});

describe('results', () => {
  test('a URL that cannot be parsed is reported, not thrown', async () => {
    const result = await checkerWith().check({ url: 'not a url', acceptors: FIXTURE_ACCEPTORS });
    expect(result).toMatchObject({
      responseCode: null,
      responseCodeGroup: 3,
      error: { code: 'invalid_url' },
      backlinks: [],
    });
  });

  test('reports the bytes read, the time spent, and the final URL', async () => {
    const result = await checkerWith().check({
      url: web.url('/redirect/chain'),
      acceptors: FIXTURE_ACCEPTORS,
    });
    expect(result.finalUrl).toBe(web.url('/redirect/final'));
    expect(result.bytes).toBeGreaterThan(200);
    expect(result.fetchMs).toBeGreaterThanOrEqual(0);
    expect(result.title).toBe('Fixture page');
  });

  test('tier 2: URL acceptors match exact pages only', async () => {
    const result = await checkerWith().check({
      url: web.url('/rel/mix'),
      acceptors: { kind: 'urls', urls: ['http://acceptor.example/rel/2', 'acceptor.example/rel/5'] },
    });
    expect(result.backlinks.map((link) => [link.href, link.attribute])).toEqual([
      ['http://acceptor.example/rel/2', 'ugc'],
      ['http://acceptor.example/rel/5', 'nofollow,sponsored'],
    ]);
  });

  test('defaults and environment variable names are the documented contract with the server', () => {
    expect(CHECKER_DEFAULTS).toMatchObject({
      concurrency: 64,
      perHost: 2,
      hostDelayMs: 0,
      maxBytes: 5 * 1024 * 1024,
      maxRedirects: 5,
      allowPrivateNetworks: false,
    });
    expect(CHECKER_ENV_VARS).toEqual({
      concurrency: 'CHECKER_CONCURRENCY',
      perHost: 'CHECKER_PER_HOST',
      hostDelayMs: 'CHECKER_HOST_DELAY_MS',
      allowPrivateNetworks: 'CHECKER_ALLOW_PRIVATE_NETWORKS',
    });
  });

  test('rejects options that make no sense', () => {
    expect(() => createChecker({ concurrency: 0 })).toThrow(RangeError);
    expect(() => createChecker({ parseThreads: -1 })).toThrow(RangeError);
  });
});
