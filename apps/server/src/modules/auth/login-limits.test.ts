import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LOGIN_ADDRESS_MAX_FAILURES, LOGIN_MAX_FAILURES } from './auth.service.ts';

/** Each test logs in from an address of its own, so the per-address count of one does not leak into another. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (
  app: TestApp,
  params: { email: string; password: string; from: string; headers?: Record<string, string> },
) =>
  app.api('POST', 'auth/login', {
    body: { email: params.email, password: params.password },
    remoteAddress: params.from,
    headers: params.headers,
  });

describe('login limits', () => {
  it('lets through only the allowed number of 100 parallel wrong passwords for one account', async () => {
    const user = await makeUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(t, { email: user.email, password: `wrong-${i}-pass`, from: '10.0.0.1' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_MAX_FAILURES);
    const blocked = answers.find((a) => a.status === 429)!;
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, { email: user.email, password: user.password, from: '10.0.0.1' })).status).toBe(
      429,
    );
  });

  it('counts an account across addresses, and ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await login(t, {
        email: user.email,
        password: 'wrong-password',
        from: '10.0.1.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const other = await login(t, {
      email: user.email,
      password: user.password,
      from: '10.0.1.2',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(other.status).toBe(429);
  });

  it('limits one address spraying many accounts, and a right password does not count against it', async () => {
    const from = '10.0.2.1';
    const user = await makeUser(t.db);
    for (let i = 0; i < 3; i++) {
      expect((await login(t, { email: user.email, password: user.password, from })).status).toBe(200);
    }
    for (let i = 0; i < LOGIN_ADDRESS_MAX_FAILURES; i++) {
      const res = await login(t, { email: `nobody-${i}@example.com`, password: 'whatever1', from });
      expect(res.status).toBe(401);
    }
    const next = await login(t, { email: 'one-more@example.com', password: 'whatever1', from });
    expect(next.status).toBe(429);
    expect(next.body.message).toMatch(/Too many attempts/);
    // The account itself is not locked: the same person logs in from elsewhere.
    expect((await login(t, { email: user.email, password: user.password, from: '10.0.2.2' })).status).toBe(
      200,
    );
  });

  it('with TRUST_PROXY set, counts the address the proxy forwards', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const proxy = '10.0.3.1';
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
