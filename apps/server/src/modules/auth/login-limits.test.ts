import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownDevices } from '../../db/schema/index.ts';
import { siteverifyCaptcha } from '../../providers/captcha/captcha.ts';
import { makeUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { KNOWN_DEVICES_PER_ACCOUNT } from './auth.queries.ts';
import {
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_DEVICE_MAX_FAILURES,
  LOGIN_PAIR_MAX_FAILURES,
} from './login.service.ts';

/** Each test logs in from addresses of its own, so the per-address count of one does not leak into another. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (
  app: TestApp,
  params: {
    email: string;
    password: string;
    from: string;
    headers?: Record<string, string>;
    captcha?: string;
  },
) =>
  app.api('POST', 'auth/login', {
    body: { email: params.email, password: params.password, captcha: params.captcha },
    remoteAddress: params.from,
    headers: params.headers,
  });

/** The known-device cookie a successful login set, as a `cookie` header for the next request. */
function deviceCookie(res: { headers: Record<string, unknown> }) {
  const raw = String(res.headers['set-cookie'] ?? '');
  const pair = /lw_device=[^;]+/.exec(raw)?.[0];
  if (!pair) throw new Error(`no device cookie in ${raw}`);
  return { cookie: pair };
}

async function fail(app: TestApp, params: { email: string; from: string; times: number }) {
  for (let i = 0; i < params.times; i++) {
    const res = await login(app, { email: params.email, password: `wrong-${i}-pass`, from: params.from });
    expect(res.status).toBe(401);
  }
}

// Every attempt under a limit runs one scrypt (unknown accounts too), so these tests, which make dozens
// of attempts, get more time than the default on a busy machine.
const MANY = { timeout: 90_000 };

describe('login limits', MANY, () => {
  it('lets through only the allowed number of 100 parallel wrong passwords from one address', async () => {
    const user = await makeUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(t, { email: user.email, password: `wrong-${i}-pass`, from: '10.0.0.1' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_PAIR_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_PAIR_MAX_FAILURES);
    const blocked = answers.find((a) => a.status === 429)!;
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before the password is looked at, so the limit is no oracle.
    expect((await login(t, { email: user.email, password: user.password, from: '10.0.0.1' })).status).toBe(
      429,
    );
  });

  // Issue 24, point 6: six wrong passwords used to lock the account for its owner too.
  it("limits the guessing address, while the owner's right password from another address logs in", async () => {
    const user = await makeUser(t.db);
    await fail(t, { email: user.email, from: '10.0.1.1', times: LOGIN_PAIR_MAX_FAILURES });
    const attacker = await login(t, { email: user.email, password: 'wrong-again', from: '10.0.1.1' });
    expect(attacker.status).toBe(429);
    expect(attacker.body.message).toMatch(/Too many attempts/);
    const owner = await login(t, { email: user.email, password: user.password, from: '10.0.1.2' });
    expect(owner.status).toBe(200);
    // The attacker is still limited after the owner's success.
    expect((await login(t, { email: user.email, password: user.password, from: '10.0.1.1' })).status).toBe(
      429,
    );
  });

  it('ignores X-Forwarded-For unless a proxy is trusted: a forged header is the same address', async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES; i++) {
      const res = await login(t, {
        email: user.email,
        password: 'wrong-password',
        from: '10.0.2.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const forged = await login(t, {
      email: user.email,
      password: 'wrong-password',
      from: '10.0.2.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(forged.status).toBe(429);
  });

  it('limits one account guessed from many addresses, and lets its owner in from a known browser', async () => {
    const user = await makeUser(t.db);
    const known = await login(t, { email: user.email, password: user.password, from: '10.0.3.250' });
    expect(known.status).toBe(200);
    const perAddress = LOGIN_PAIR_MAX_FAILURES;
    const addresses = Math.ceil(LOGIN_ACCOUNT_MAX_FAILURES / perAddress);
    await Promise.all(
      Array.from({ length: addresses }, (_, a) =>
        fail(t, { email: user.email, from: `10.0.3.${a + 1}`, times: perAddress }),
      ),
    );
    const fresh = await login(t, { email: user.email, password: user.password, from: '10.0.3.200' });
    expect(fresh.status).toBe(429);
    const fromKnown = await login(t, {
      email: user.email,
      password: user.password,
      from: '10.0.3.201',
      headers: deviceCookie(known),
    });
    expect(fromKnown.status).toBe(200);
  });

  // Behind a proxy without TRUST_PROXY every user has the proxy's address.
  it('limits one address spraying many accounts; its known users still log in, and the rest of the world too', async () => {
    const proxy = '10.0.4.1';
    const user = await makeUser(t.db);
    const earlier = await login(t, { email: user.email, password: user.password, from: proxy });
    expect(earlier.status).toBe(200);
    for (let i = 0; i < LOGIN_ADDRESS_MAX_FAILURES; i++) {
      const res = await login(t, { email: `nobody-${i}@example.com`, password: 'whatever1', from: proxy });
      expect(res.status).toBe(401);
    }
    expect(
      (await login(t, { email: 'one-more@example.com', password: 'whatever1', from: proxy })).status,
    ).toBe(429);
    const newcomer = await makeUser(t.db);
    expect((await login(t, { email: newcomer.email, password: newcomer.password, from: proxy })).status).toBe(
      429,
    );
    const knownUser = await login(t, {
      email: user.email,
      password: user.password,
      from: proxy,
      headers: deviceCookie(earlier),
    });
    expect(knownUser.status).toBe(200);
    expect(
      (await login(t, { email: newcomer.email, password: newcomer.password, from: '10.0.4.2' })).status,
    ).toBe(200);
  });

  it("a known browser's cookie does not open another account, and its own failures are limited", async () => {
    const user = await makeUser(t.db);
    const other = await makeUser(t.db);
    const from = '10.0.5.1';
    const known = await login(t, { email: user.email, password: user.password, from });
    await fail(t, { email: other.email, from, times: LOGIN_PAIR_MAX_FAILURES });
    const borrowed = await login(t, {
      email: other.email,
      password: other.password,
      from,
      headers: deviceCookie(known),
    });
    expect(borrowed.status).toBe(429);
    for (let i = 0; i < LOGIN_DEVICE_MAX_FAILURES; i++) {
      const res = await login(t, {
        email: user.email,
        password: 'nope-nope',
        from,
        headers: deviceCookie(known),
      });
      expect(res.status).toBe(401);
    }
    const locked = await login(t, {
      email: user.email,
      password: user.password,
      from,
      headers: deviceCookie(known),
    });
    expect(locked.status).toBe(429);
  });

  it('remembers the most recent browsers of an account only', async () => {
    const user = await makeUser(t.db);
    const first = await login(t, { email: user.email, password: user.password, from: '10.0.9.1' });
    for (let i = 0; i < KNOWN_DEVICES_PER_ACCOUNT; i++) {
      expect((await login(t, { email: user.email, password: user.password, from: '10.0.9.1' })).status).toBe(
        200,
      );
    }
    const rows = await t.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id));
    expect(rows).toHaveLength(KNOWN_DEVICES_PER_ACCOUNT);
    // The first browser was let go: its cookie is a stranger's again (its own failures count as such).
    await fail(t, { email: user.email, from: '10.0.9.2', times: LOGIN_PAIR_MAX_FAILURES });
    const forgotten = await login(t, {
      email: user.email,
      password: user.password,
      from: '10.0.9.2',
      headers: deviceCookie(first),
    });
    expect(forgotten.status).toBe(429);
  });

  it('sets the known-device cookie HttpOnly, SameSite=Strict, for the auth calls only', async () => {
    const user = await makeUser(t.db);
    const res = await login(t, { email: user.email, password: user.password, from: '10.0.6.1' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^lw_device=[A-Za-z0-9_-]{40,}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/auth');
  });

  it('with a captcha configured, a solved captcha lets a limited attempt through, and the 429 asks for one', async () => {
    const verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const params = new URLSearchParams(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: params.get('response') === 'human' }));
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
    const verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
    const app = await createTestApp({ captcha: siteverifyCaptcha({ verifyUrl, secret: 's' }) });
    try {
      const user = await makeUser(app.db);
      const from = '10.0.7.1';
      await fail(app, { email: user.email, from, times: LOGIN_PAIR_MAX_FAILURES });
      const limited = await login(app, { email: user.email, password: user.password, from });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/captcha/);
      const robot = await login(app, { email: user.email, password: user.password, from, captcha: 'bot' });
      expect(robot.status).toBe(429);
      const wrongWithCaptcha = await login(app, {
        email: user.email,
        password: 'wrong-pass',
        from,
        captcha: 'human',
      });
      expect(wrongWithCaptcha.status).toBe(401);
      const human = await login(app, { email: user.email, password: user.password, from, captcha: 'human' });
      expect(human.status).toBe(200);
    } finally {
      await app.close();
      await new Promise((r) => verifier.close(r));
    }
  });

  it('with TRUST_PROXY set, counts the address the proxy forwards', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const proxy = '10.0.8.1';
      const forwarded = (client: string) => ({ 'x-forwarded-for': client });
      for (let i = 0; i < LOGIN_ADDRESS_MAX_FAILURES; i++) {
        const res = await login(behindProxy, {
          email: `nobody-${i}@example.com`,
          password: 'whatever1',
          from: proxy,
          headers: forwarded('203.0.113.9'),
        });
        expect(res.status).toBe(401);
      }
      const sameClient = await login(behindProxy, {
        email: 'x@example.com',
        password: 'whatever1',
        from: proxy,
        headers: forwarded('203.0.113.9'),
      });
      expect(sameClient.status).toBe(429);
      const otherClient = await login(behindProxy, {
        email: 'x@example.com',
        password: 'whatever1',
        from: proxy,
        headers: forwarded('203.0.113.10'),
      });
      expect(otherClient.status).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });
});
