import type { LookupOptions } from 'node:dns';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FIXTURE_ACCEPTORS, type FixtureWeb, startFixtureWeb } from '../test/fixture-web.ts';
import { type Checker, createChecker, type LookupFunction } from './index.ts';

/**
 * The SSRF guard with private networks refused. Safety net: every socket this file opens is
 * inspected before it connects, and anything but a loopback IP, or a host name without our
 * guarded lookup, throws; so even a broken guard can never send a packet off this machine.
 */
const connectAttempts: string[] = [];
const originalConnect = net.Socket.prototype.connect;

function installSafetyNet(): void {
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    // net.connect() hands over its arguments already normalised into an array.
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    const options = (typeof first === 'object' && first !== null ? first : {}) as net.TcpSocketConnectOpts;
    const host = options.host ?? 'localhost';
    connectAttempts.push(host);
    const loopbackIp = host === '127.0.0.1' || host === '::1';
    const nameWithOurLookup = net.isIP(host) === 0 && typeof options.lookup === 'function';
    if (!loopbackIp && !nameWithOurLookup) throw new Error(`test safety net: refusing to connect to ${host}`);
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof originalConnect;
}

/** Fake DNS: these test names resolve to loopback, everything else does not exist. */
const fakeDns: LookupFunction = (hostname: string, _options: LookupOptions, callback) => {
  if (hostname === 'innocent-looking.test' || hostname === 'rebinding.test') {
    return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  }
  callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
};

let web: FixtureWeb;
/** Port of the fixture server that is NOT in allowOrigins. */
let port: string;
let checker: Checker;

beforeAll(async () => {
  installSafetyNet();
  web = await startFixtureWeb();
  port = new URL(web.robotsDownOrigin).port;
  checker = createChecker({
    allowPrivateNetworks: false,
    allowOrigins: [new URL(web.origin).host],
    lookup: fakeDns,
    parseThreads: 0,
    timeoutMs: 2_000,
  });
});

afterAll(async () => {
  await checker.close();
  await web.close();
  net.Socket.prototype.connect = originalConnect;
});

async function expectRefusedWithoutContact(url: string): Promise<void> {
  const before = { attempts: connectAttempts.length, connections: web.connectionCount() };
  const result = await checker.check({ url, acceptors: FIXTURE_ACCEPTORS });
  expect(result.error?.code).toBe('blocked_address');
  expect(result.responseCodeGroup).toBe(2);
  expect(result.responseCode).toBeNull();
  expect(result.backlinks).toEqual([]);
  expect(connectAttempts.slice(before.attempts).filter((host) => net.isIP(host) !== 0)).toEqual([]);
  expect(web.connectionCount()).toBe(before.connections);
}

// Loopback forms aim at a fixture server's port: were the guard to fail, the fixture would see it.
const loopbackForms = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '127.0.0.1.',
  'localhost',
  'api.localhost',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::]',
  '0.0.0.0',
  '0',
  'innocent-looking.test',
];
// Never reachable from here; the safety net throws if anything tries.
const privateForms = [
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '[fd00::1]',
  '[fe80::1]',
  '[fd00:ec2::254]',
  '[64:ff9b::a00:1]',
  '224.0.0.1',
  '255.255.255.255',
];

describe('SSRF guard (private networks refused)', () => {
  test.for(loopbackForms)('refuses http://%s:<fixture port>/ before connecting', async (host) => {
    await expectRefusedWithoutContact(`http://${host}:${port}/robots-down/page`);
  });

  test.for(privateForms)('refuses http://%s/ before connecting', async (host) => {
    await expectRefusedWithoutContact(`http://${host}/`);
  });

  test('a trusted origin (allowOrigins) is fetched even on loopback', async () => {
    const result = await checker.check({ url: web.url('/kinds/all'), acceptors: FIXTURE_ACCEPTORS });
    expect(result.responseCode).toBe(200);
    expect(result.backlinks).toHaveLength(4);
  });

  test.for([
    ['loopback on an untrusted port', (): string => `${web.robotsDownOrigin}/robots-down/page`],
    ['decimal loopback', (): string => `http://2130706433:${port}/robots-down/page`],
    ['IPv6 loopback', (): string => `http://[::1]:${port}/robots-down/page`],
    ['a name resolving to loopback', (): string => `http://rebinding.test:${port}/robots-down/page`],
    ['cloud metadata', (): string => 'http://169.254.169.254/latest/meta-data/'],
  ] as const)('refuses a redirect from a trusted page to %s', async ([, target]) => {
    const before = web.connectionCount('robotsDown');
    const start = web.url(`/redirect-to?to=${encodeURIComponent(target())}`);
    const result = await checker.check({ url: start, acceptors: FIXTURE_ACCEPTORS });
    expect(result.responseCode).toBe(302);
    expect(result.redirectChain).toEqual([{ url: start, status: 302 }]);
    expect(result.error?.code).toBe('blocked_address');
    expect(result.responseCodeGroup).toBe(2);
    expect(web.connectionCount('robotsDown')).toBe(before);
  });

  test.for(['ftp://127.0.0.1/file', 'file:///etc/passwd', 'gopher://127.0.0.1:70/', 'javascript:alert(1)'])(
    'refuses the non-http scheme of %s',
    async (url) => {
      const attempts = connectAttempts.length;
      const result = await checker.check({ url, acceptors: FIXTURE_ACCEPTORS });
      expect(result.error?.code).toBe('unsupported_scheme');
      expect(result.responseCodeGroup).toBe(3);
      expect(connectAttempts.length).toBe(attempts);
    },
  );

  test('refuses a redirect to a non-http scheme', async () => {
    const result = await checker.check({
      url: web.url('/redirect-to?to=file:///etc/passwd'),
      acceptors: FIXTURE_ACCEPTORS,
    });
    expect(result.error?.code).toBe('unsupported_scheme');
  });
});
