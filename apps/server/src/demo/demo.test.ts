import { ActionCode } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { links, users } from '../db/schema/index.ts';
import { createProviders } from '../providers/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { startDemoServices } from './demo-services.ts';
import { SAMPLE_PAGES, startSampleWeb } from './sample-web.ts';
import { DEMO_EMAIL, seedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('offline demo', () => {
  it('seeds a demo account whose sample project can be checked with no internet', async () => {
    const server = await startSampleWeb(0);
    const port = (server.address() as { port: number }).port;
    try {
      const seeded = await seedDemo(t.db, {
        sampleOrigin: `http://127.0.0.1:${port}`,
        password: 'demo-pass-123',
      });
      expect(seeded).toEqual({ email: DEMO_EMAIL, password: 'demo-pass-123' });
      expect(await seedDemo(t.db, { sampleOrigin: 'http://x', password: 'again-123' })).toBeNull();

      const login = await t.api('POST', 'auth/login', {
        body: { email: DEMO_EMAIL, password: 'demo-pass-123' },
      });
      const token = login.body.data.attributes.accessToken;
      const campaigns = await t.api('GET', 'campaigns', { token });
      const campaignId = campaigns.body.data[0].id;
      const start = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaignId}`, {
        token,
      });
      expect(start.status).toBe(201);
      await t.drain();

      const [demo] = await t.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
      expect(demo.balance).toBe(1000 - start.body.data.attributes.cost);
      const rows = await t.db.select().from(links).where(eq(links.userId, demo.id));
      const byPath = Object.fromEntries(rows.map((r) => [new URL(r.url).pathname, r]));
      expect(byPath['/blog/best-online-shops']).toMatchObject({ responseCode: 200, countBacklinks: 1 });
      expect(byPath['/forum/thread-42']).toMatchObject({ responseCode: 200, countBacklinks: 0 });
      expect(byPath['/private/noindex']).toMatchObject({ indexingCapabilityId: 4 });
      expect(byPath['/blocked/by-robots']).toMatchObject({ indexingCapabilityId: 10 });
      expect(byPath['/old-article']).toMatchObject({ responseCode: 301 });
      expect(byPath['/deleted-post']).toMatchObject({ responseCode: 404 });
    } finally {
      server.close();
    }
  });
});

describe('offline demo services', () => {
  it('stands in for a SERP service and an indexer where none is configured, labelled as the demo', async () => {
    const services = await startDemoServices({ sampleOrigin: 'http://127.0.0.1:4321' });
    try {
      const providers = services.fill(createProviders(loadConfig({ DATA_DIR: '/tmp/linkwatch-test' })));
      expect(providers.indexCheck.demo).toBe(true);
      const [serp] = providers.indexCheck.adapters;
      expect(serp.name).toBe('demo');
      expect(await serp.check('http://127.0.0.1:4321/blog/best-online-shops')).toEqual({
        kind: 'indexed',
        provider: 'demo',
      });
      expect(await serp.check('http://127.0.0.1:4321/forum/thread-42')).toEqual({
        kind: 'not-indexed',
        provider: 'demo',
      });
      expect(providers.indexing.demo).toBe(true);
      const [indexer] = providers.indexing.adapters;
      expect(indexer).toMatchObject({ name: 'demo', kind: 'donor' });
      expect(await indexer.submit(['http://127.0.0.1:4321/forum/thread-42'])).toMatchObject({
        kind: 'accepted',
        provider: 'demo',
        urls: [{ url: 'http://127.0.0.1:4321/forum/thread-42', accepted: true }],
      });
      expect(providers.crawlers.demo).toBe(true);
      const [backlinks] = providers.crawlers.adapters;
      expect(await backlinks.estimate('demo-shop.com')).toMatchObject({
        backlinks: Object.keys(SAMPLE_PAGES).length + 3,
        tooMany: false,
      });
      const configured = createProviders(
        loadConfig({
          DATA_DIR: '/tmp/linkwatch-test',
          SERPER_API_KEY: 'real-key',
          SPEEDYINDEX_API_KEY: 'real',
          AHREFS_API_KEY: 'real',
          OPENPAGERANK_API_KEY: 'real',
        }),
      );
      expect(services.fill(configured)).toEqual(configured);
    } finally {
      await services.close();
    }
  });
});

describe('offline demo: the authority check (issue 25, point 12)', () => {
  it.each([
    ['en', 'Demo service'],
    ['ru', 'Демо-сервис'],
    ['ua', 'Демо-сервіс'],
  ])('rates the sample web through a labelled Open PageRank stand-in (%s)', async (locale, label) => {
    const app = await createTestApp();
    const server = await startSampleWeb(0);
    const sampleOrigin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const services = await startDemoServices({ sampleOrigin });
    try {
      // The app and its worker share this object: fill it in place, as main.ts fills it before both start.
      Object.assign(app.ctx.providers, services.fill(app.ctx.providers));
      await seedDemo(app.db, { sampleOrigin, password: 'demo-pass-123' });
      const login = await app.api('POST', 'auth/login', {
        body: { email: DEMO_EMAIL, password: 'demo-pass-123' },
      });
      const token = login.body.data.attributes.accessToken;

      const list = await app.api('GET', 'actions/list', { token, locale });
      const check = list.body.data.find((a: { id: number }) => a.id === ActionCode.CheckTrust).attributes;
      expect(check).toMatchObject({ available: true, unavailableReason: null });
      expect(check.demoNote).toContain(label);
      expect(check.demoNote).toContain('Open PageRank');

      const campaigns = await app.api('GET', 'campaigns', { token });
      const start = await app.api(
        'POST',
        `actions/${ActionCode.CheckTrust}/start?campaign=${campaigns.body.data[0].id}`,
        {
          token,
        },
      );
      expect(start.status).toBe(201);
      await app.drain();
      const domains = await app.api('GET', 'domains', { token, locale });
      expect(domains.status).toBe(200);
      expect(domains.body.data).toHaveLength(1);
      expect(domains.body.data[0].attributes).toMatchObject({
        domain: '127.0.0.1',
        pageRankDecimal: 4.38,
        pageRank: 183_265,
        providers: 'demo',
      });
    } finally {
      await services.close();
      server.close();
      await app.close();
    }
  });
});
