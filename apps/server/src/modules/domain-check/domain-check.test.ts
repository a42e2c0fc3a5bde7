import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RobotsStatus } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCheckCounts } from '../../db/schema/index.ts';
import { siteverifyCaptcha } from '../../providers/captcha/captcha.ts';
import { type DonorWeb, donorHtml, startDonorWeb } from '../../test/donor-web.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The public domain check (issue 30) against the local donor web: the product's own checker reads the
 * page. `open` may reach loopback (CHECKER_ALLOW_PRIVATE_NETWORKS, as the other checker tests); `guarded`
 * runs with the SSRF guard as in production and a captcha configured (a local siteverify endpoint).
 */

let open: TestApp;
let guarded: TestApp;
let web: DonorWeb;
let verifier: Server;

const PER_ADDRESS = 3;
const PER_DAY = 4;

beforeAll(async () => {
  web = await startDonorWeb({
    '/linked': donorHtml({
      title: 'Partner post',
      links: [
        '<a href="https://shop.example/">Best shop</a>',
        '<a href="https://www.shop.example/deals" rel="nofollow sponsored">deals</a>',
        '<a href="https://other.example/">elsewhere</a>',
      ],
    }),
    '/plain': donorHtml({ title: 'No links here', links: ['<a href="https://other.example/">x</a>'] }),
    '/noindex': {
      body: '<html><head><title>Hidden</title><meta name="robots" content="noindex, follow"></head><body><a href="https://shop.example/">shop</a></body></html>',
    },
    '/x-robots': { body: donorHtml({}), headers: { 'x-robots-tag': 'noindex' } },
    '/canonical': {
      body: '<html><head><link rel="canonical" href="/elsewhere"></head><body></body></html>',
    },
    '/moved': { status: 301, headers: { location: '/linked' } },
    '/gone': { status: 404, body: 'gone' },
    '/private/page': donorHtml({ links: ['<a href="https://shop.example/">shop</a>'] }),
    '/robots.txt': {
      body: 'User-agent: *\nDisallow: /private/\n',
      headers: { 'content-type': 'text/plain' },
    },
  });
  verifier = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'human' }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
  open = await createTestApp({
    env: {
      CHECKER_ALLOW_PRIVATE_NETWORKS: '1',
      PUBLIC_CHECKS_PER_ADDRESS: String(PER_ADDRESS),
      PUBLIC_CHECKS_PER_DAY: '1000',
    },
  });
  guarded = await createTestApp({
    env: { PUBLIC_CHECKS_PER_ADDRESS: '100', PUBLIC_CHECKS_PER_DAY: String(PER_DAY) },
    captcha: siteverifyCaptcha({ verifyUrl, secret: 's' }),
  });
});

afterAll(async () => {
  await open?.close();
  await guarded?.close();
  await web?.close();
  await new Promise((resolve) => verifier?.close(resolve));
});

let addresses = 0;
/** A fresh client address per call unless one is given, so the per-address limit stays out of the way. */
function check(
  app: TestApp,
  body: Record<string, unknown>,
  options: { from?: string; locale?: string } = {},
) {
  addresses += 1;
  return app.api('POST', 'domain-check', {
    body,
    remoteAddress: options.from ?? `10.1.${Math.floor(addresses / 250)}.${addresses % 250}`,
    locale: options.locale,
  });
}

describe('POST domain-check', () => {
  it('needs no login and says the page answers, can be indexed and links to the domain, with anchor and rel', async () => {
    const res = await check(open, { url: web.url('/linked'), domain: 'https://www.shop.example/' });
    expect(res.status).toBe(200);
    const a = res.body.data.attributes;
    expect(res.body.data.type).toBe('domainChecks');
    expect(a).toMatchObject({
      answers: true,
      responseCode: 200,
      finalStatus: 200,
      error: null,
      title: 'Partner post',
      indexable: true,
      indexingCapabilityId: RobotsStatus.Allow,
      robotsTxtAllowed: true,
      metaRobots: null,
      xRobotsTag: null,
      canonicalElsewhere: false,
      domain: 'shop.example',
      linked: true,
      dofollow: true,
      linkCount: 2,
      remaining: PER_ADDRESS - 1,
    });
    expect(a.links).toEqual([
      expect.objectContaining({ href: 'https://shop.example/', anchor: 'Best shop', attribute: 'dofollow' }),
      expect.objectContaining({
        href: 'https://www.shop.example/deals',
        anchor: 'deals',
        attribute: 'nofollow,sponsored',
        rel: ['nofollow', 'sponsored'],
      }),
    ]);
  });

  it('follows redirects and says where the page went', async () => {
    const a = (await check(open, { url: web.url('/moved'), domain: 'shop.example' })).body.data.attributes;
    expect(a).toMatchObject({ responseCode: 301, finalStatus: 200, answers: true, linked: true });
    expect(a.redirect).toBe(web.url('/linked'));
    expect(a.redirects.map((hop: { status: number }) => hop.status)).toEqual([301, 200]);
  });

  it('says a page without the link does not link, and without a domain lists no links', async () => {
    const without = (await check(open, { url: web.url('/plain'), domain: 'shop.example' })).body.data
      .attributes;
    expect(without).toMatchObject({ answers: true, linked: false, dofollow: false, links: [], linkCount: 0 });
    const noDomain = (await check(open, { url: web.url('/linked') })).body.data.attributes;
    expect(noDomain).toMatchObject({ answers: true, domain: null, linked: null, links: [] });
  });

  it('names what keeps a page out of the index: meta robots, X-Robots-Tag, canonical, robots.txt, an error status', async () => {
    const read = async (path: string) =>
      (await check(open, { url: web.url(path), domain: 'shop.example' })).body.data.attributes;
    expect(await read('/noindex')).toMatchObject({
      indexable: false,
      indexingCapabilityId: RobotsStatus.MetaNoindex,
      metaRobots: 'noindex, follow',
      linked: true,
    });
    expect(await read('/x-robots')).toMatchObject({
      indexable: false,
      indexingCapabilityId: RobotsStatus.XRobotsNoindex,
      xRobotsTag: 'noindex',
    });
    expect(await read('/canonical')).toMatchObject({
      indexable: false,
      indexingCapabilityId: RobotsStatus.Canonical,
      canonical: web.url('/elsewhere'),
      canonicalElsewhere: true,
    });
    expect(await read('/private/page')).toMatchObject({
      indexable: false,
      indexingCapabilityId: RobotsStatus.RobotsTxt,
      robotsTxtAllowed: false,
    });
    expect(await read('/gone')).toMatchObject({
      answers: false,
      responseCode: 404,
      indexable: false,
      indexingCapabilityId: RobotsStatus.Forbidden,
      linked: null,
    });
  });

  it('refuses a malformed address or domain with 422 and field messages, counting nothing', async () => {
    const from = '10.9.9.9';
    const res = await check(open, { url: 'javascript:alert(1)', domain: 'not a domain' }, { from });
    expect(res.status).toBe(422);
    expect(res.body.errors.url[0]).toMatch(/url field must be a web page address/);
    expect(res.body.errors.domain[0]).toMatch(/domain field must be a domain name/);
    const ru = await check(open, { url: '' }, { from, locale: 'ru' });
    expect(ru.status).toBe(422);
    expect(ru.body.errors.url[0]).toMatch(/обязательно/);
    const after = await check(open, { url: web.url('/plain') }, { from });
    expect(after.body.data.attributes.remaining).toBe(PER_ADDRESS - 1);
  });

  it('limits the checks of one address: past the limit a 429 with Retry-After, and nothing is fetched', async () => {
    const from = '10.7.7.7';
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await check(open, { url: web.url('/plain') }, { from });
      expect(res.status).toBe(200);
      expect(res.body.data.attributes.remaining).toBe(PER_ADDRESS - 1 - i);
    }
    const hits = web.hits('/plain');
    const limited = await check(open, { url: web.url('/plain') }, { from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(limited.body.message).toMatch(/used today's free checks/);
    expect(web.hits('/plain')).toBe(hits);
    // Another address is not held back, and no address is stored as it is.
    expect((await check(open, { url: web.url('/plain') }, { from: '10.7.7.8' })).status).toBe(200);
    const keys = (await open.db.select().from(publicCheckCounts)).map((row) => row.key);
    expect(keys.join(' ')).not.toContain('10.7.7.7');
  });
});

describe('POST domain-check with the SSRF guard and a captcha, as in production', () => {
  it('asks for a solved captcha when one is configured', async () => {
    const none = await check(guarded, { url: 'https://example.com/' });
    expect(none.status).toBe(422);
    expect(none.body.errors.captcha).toEqual(['Captcha is wrong!']);
    const robot = await check(guarded, { url: 'https://example.com/', captcha: 'bot' });
    expect(robot.status).toBe(422);
  });

  it('refuses loopback and private addresses without connecting to them', async () => {
    const before = web.hits('/linked');
    const loopback = await check(guarded, {
      url: web.url('/linked'),
      domain: 'shop.example',
      captcha: 'human',
    });
    expect(loopback.status).toBe(200);
    expect(loopback.body.data.attributes).toMatchObject({
      answers: false,
      error: 'blocked_address',
      responseCode: null,
      indexable: false,
      linked: null,
      links: [],
    });
    expect(web.hits('/linked')).toBe(before);
    const privateNet = await check(guarded, { url: 'http://10.0.0.1/page', captcha: 'human' });
    expect(privateNet.body.data.attributes).toMatchObject({ answers: false, error: 'blocked_address' });
  });

  it('limits the checks of a day over all addresses', async () => {
    let limited: Awaited<ReturnType<typeof check>> | undefined;
    for (let i = 0; i <= PER_DAY && !limited; i++) {
      const res = await check(guarded, { url: 'http://10.0.0.2/', captcha: 'human' });
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited?.body.message).toMatch(/done all its checks for today/);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check(guarded, { url: 'http://10.0.0.2/', captcha: 'human' })).status).toBe(429);
  });
});
