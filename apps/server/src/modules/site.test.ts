import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { desc, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { rawRows } from '../db/client.ts';
import { pageLogs } from '../db/schema/index.ts';
import { createMailer } from '../mail/mailer.ts';
import { makeUserWithToken } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { saveSettings } from './settings/settings.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health, docs and conventions', () => {
  it('reports status, database, event-loop lag and memory', async () => {
    const health = (await t.api('GET', 'health')).body;
    expect(health).toMatchObject({ status: 'ok', db: 'ok' });
    expect(health.eventLoopDelayMs).toBeGreaterThanOrEqual(0);
    expect(health.memory.rssMb).toBeGreaterThan(0);
    expect(health.memory.heapUsedMb).toBeGreaterThan(0);
    // What V8 holds, garbage and free room included, moves the RSS under use (README, Memory).
    expect(health.memory.heapTotalMb).toBeGreaterThanOrEqual(health.memory.heapUsedMb);
    // The test app's PGlite runs in this thread: its WebAssembly memory shows here, not in the heap.
    expect(health.memory.externalMb).toBeGreaterThan(0);
  });

  it('answers 200 while the loop was held for a whole sample (the guard then measures Infinity)', async () => {
    const measured = t.app.memoryUsage;
    t.app.memoryUsage = () => ({ ...measured(), eventLoopDelay: Number.POSITIVE_INFINITY });
    try {
      const health = await t.api('GET', 'health');
      expect(health.status).toBe(200);
      expect(health.body.eventLoopDelayMs).toBe(1000);
    } finally {
      t.app.memoryUsage = measured;
    }
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'runs the embedded database with small shared buffers: its memory is never given back (issue 25)',
    async () => {
      const rows = await rawRows<{ shared_buffers: string }>(t.db, sql`show shared_buffers`);
      expect(rows[0].shared_buffers).toBe('32MB');
    },
  );

  it('answers 503 with Retry-After while the event loop lags past its limit, and recovers', async () => {
    const strained = await createTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '20' } });
    try {
      let busy = await strained.api('GET', 'health', { locale: 'ru' });
      for (let i = 0; i < 10 && busy.status !== 503; i++) {
        blockEventLoop(300);
        await new Promise((resolve) => setTimeout(resolve, 50));
        busy = await strained.api('GET', 'health', { locale: 'ru' });
      }
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('10');
      expect(busy.body).toEqual({ message: 'Сервис перегружен. Попробуйте снова через несколько секунд.' });
      // A page of the web app is still served: a browser never gets the JSON above as its page.
      blockEventLoop(300);
      const page = await strained.app.inject({ method: 'GET', url: '/ru/login' });
      expect(page.headers['retry-after']).toBeUndefined();
      expect(page.body).not.toContain('Сервис перегружен');
      await expect
        .poll(async () => (await strained.api('GET', 'health')).status, { timeout: 10_000, interval: 200 })
        .toBe(200);
    } finally {
      await strained.close();
    }
  });

  it('publishes an OpenAPI 3 document with the auth routes, and the viewer', async () => {
    const doc = await t.api('GET', 'openapi.json');
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/user/me']));
    expect(doc.body.paths['/api/auth/register'].post.requestBody).toBeDefined();
    const viewer = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.body).toContain('swagger');
  });

  it('answers an unknown api path with 404 JSON in the requested language', async () => {
    const res = await t.api('GET', 'no/such/thing', { locale: 'ua' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Не знайдено' });
  });

  it('compresses API answers with brotli or gzip, as the client accepts', async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).openapi).toMatch(/^3\./);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toMatch(/^3\./);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toMatch(/^3\./);
  });

  it('logs each request once, at debug level, so the console at info shows events only', async () => {
    const lines: { level: number; msg: string; statusCode?: number; url?: string }[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = await buildApp({ ...t.ctx, log });
    try {
      await app.inject({ method: 'GET', url: '/api/no/such/thing' });
    } finally {
      await app.close();
    }
    const requests = lines.filter((line) => line.url === '/api/no/such/thing' || /request/.test(line.msg));
    expect(requests).toEqual([
      expect.objectContaining({ level: 20, msg: 'request', url: '/api/no/such/thing', statusCode: 404 }),
    ]);
  });

  it('sends security headers', async () => {
    const res = await t.api('GET', 'health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets pages open a WebSocket to their own host only', async () => {
    const connectSrc = async (host: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      const directives = String(res.headers['content-security-policy']).split(';');
      return directives.find((d) => d.startsWith('connect-src'));
    };
    expect(await connectSrc('links.example:8080')).toBe(
      "connect-src 'self' ws://links.example:8080 wss://links.example:8080",
    );
    expect(await connectSrc('a; script-src *')).toBe("connect-src 'self'");
  });
});

describe('settings', () => {
  it('is public, and carries the service warning once set', async () => {
    const empty = await t.api('GET', 'settings');
    expect(empty.body.data.attributes).toMatchObject({
      warning: null,
      enablePayPal: false,
      captchaSiteKey: null,
    });
    await saveSettings(t.ctx, { warning: 'Maintenance tonight', referralDomain: 'linkwatch.example' });
    const set = await t.api('GET', 'settings');
    expect(set.body.data.attributes).toMatchObject({
      warning: 'Maintenance tonight',
      referralDomain: 'linkwatch.example',
    });
  });
});

describe('page logs', () => {
  it('records the visited path for users and guests', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    expect((await t.api('POST', 'page-logs/', { token, body: { page: '/ru/profile?tab=1' } })).body).toBe(
      true,
    );
    expect((await t.api('POST', 'page-logs/', { body: { page: '/login' } })).status).toBe(200);
    expect((await t.api('POST', 'page-logs/', { body: {} })).status).toBe(422);
    const rows = await t.db.select().from(pageLogs).orderBy(desc(pageLogs.id)).limit(2);
    expect(rows.map((r) => [r.page, r.userId])).toEqual([
      ['/login', null],
      ['/ru/profile?tab=1', user.id],
    ]);
  });
});

describe('mail without SMTP', () => {
  const dir = path.join(tmpdir(), `linkwatch-mail-${process.pid}`);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('saves each mail as an .eml file', async () => {
    const mailer = createMailer({ from: 'Linkwatch <no-reply@test>', dir, log: pino({ level: 'silent' }) });
    await mailer.send({
      to: 'a@example.com',
      subject: 'Hello',
      text: 'Visit http://x.test/a',
      html: '<p>x</p>',
    });
    const [file] = await readdir(dir);
    expect(file).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, file), 'utf8');
    expect(raw).toContain('Subject: Hello');
    expect(raw).toContain('To: a@example.com');
    expect(raw).toContain('Visit http://x.test/a');
  });
});

/** Holds the thread as a slow synchronous parse would. */
function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
}
