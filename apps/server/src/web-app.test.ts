import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_kit-1.js': { file: 'assets/kit-1.js', imports: ['_react-1.js'] },
  '_lists-1.js': { file: 'assets/lists-1.js', imports: ['_kit-1.js', 'index.html'] },
  'src/app/layouts/MainLayout.tsx': { file: 'assets/MainLayout-1.js', imports: ['_kit-1.js', 'index.html'] },
  'src/features/dashboard/DashboardPage.tsx': { file: 'assets/DashboardPage-1.js', imports: ['_kit-1.js'] },
  'src/pages/CampaignPage.tsx': {
    file: 'assets/CampaignPage-1.js',
    imports: ['_lists-1.js', '_kit-1.js', 'index.html'],
  },
  'src/pages/ProjectPage.tsx': { file: 'assets/ProjectPage-1.js', imports: ['_lists-1.js'] },
};
let t: TestApp;
let dist: string;
const CHUNK = `export const words = ${JSON.stringify('lorem ipsum '.repeat(400))};`;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'linkwatch-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  // The build's page per locale (lang and the catalog's preload); en is left out to see the fallback.
  for (const page of ['ru', 'ru.guest'])
    await writeFile(
      path.join(dist, `index.${page}.html`),
      `<!doctype html><!--${page}--><div id="root"></div>`,
    );
  // A page in the build's shape, with its entry script, and the build's manifest of modules and their imports.
  await writeFile(
    path.join(dist, 'index.ua.html'),
    '<!doctype html><html>\n  <head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head>\n  <body><!--ua--><div id="root"></div></body>\n</html>',
  );
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  // As the build leaves them: compressed copies beside a chunk, and a source map that must stay private.
  await writeFile(path.join(dist, 'assets', 'chunk-1.js'), CHUNK);
  await writeFile(path.join(dist, 'assets', 'chunk-1.js.br'), brotliCompressSync(CHUNK));
  await writeFile(path.join(dist, 'assets', 'chunk-1.js.gz'), gzipSync(CHUNK));
  await writeFile(path.join(dist, 'assets', 'chunk-1.js.map'), '{"version":3,"sources":["secret.ts"]}');
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers any page path with the app, so the client router decides', async () => {
    for (const url of ['/', '/ru/profile', '/campaign/active/1/5']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("answers with the page of the URL's locale, else of the locale cookie, else the plain one", async () => {
    const page = async (url: string, cookie?: string) =>
      (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
    expect(await page('/ru/profile')).toContain('<!--ru-->');
    expect(await page('/ua')).toContain('<!--ua-->');
    expect(await page('/ua/campaign/active/1/5?x=1', 'locale=ru')).toContain('<!--ua-->');
    expect(await page('/profile', 'theme=dark; locale=ru')).toContain('<!--ru-->');
    expect(await page('/uae/profile', 'locale=ua')).toContain('<!--ua-->');
    const plain = await page('/profile');
    expect(plain).toBe('<!doctype html><div id="root"></div>');
    expect(await page('/en/profile', 'locale=ru')).toBe(plain);
    // The login layout's pages preload only the guest part of the catalog.
    expect(await page('/ru/login')).toContain('<!--ru.guest-->');
    expect(await page('/login/forgot-password?x=1', 'locale=ru')).toContain('<!--ru.guest-->');
    expect(await page('/ru/register')).toContain('<!--ru.guest-->');
    expect(await page('/ru/loginx')).toContain('<!--ru-->');
    expect(await page('/ua/login')).toContain('<!--ua-->');
  });

  it('names in the page the chunks of its layout and its own that it does not load already, for the browser to fetch beside the entry', async () => {
    const preloads = async (url: string) =>
      [
        ...(await t.app.inject({ method: 'GET', url })).body.matchAll(
          /<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g,
        ),
      ].map((m) => m[1]);
    expect(await preloads('/ua/campaign/active/1/5')).toEqual([
      '/assets/MainLayout-1.js',
      '/assets/kit-1.js',
      '/assets/react-1.js',
      '/assets/CampaignPage-1.js',
      '/assets/lists-1.js',
    ]);
    expect(await preloads('/ua/campaign/5?page=2')).toContain('/assets/CampaignPage-1.js');
    expect(await preloads('/ua')).toEqual([
      '/assets/MainLayout-1.js',
      '/assets/kit-1.js',
      '/assets/react-1.js',
      '/assets/DashboardPage-1.js',
    ]);
    expect(await preloads('/ua/')).toContain('/assets/DashboardPage-1.js');
    expect(await preloads('/ua/project/1/7')).toContain('/assets/ProjectPage-1.js');
    // Pages not in the table, and the campaign's other pages, load their chunks from the entry as before.
    expect(await preloads('/ua/campaign/1/5/domains')).toEqual([]);
    expect(await preloads('/ua/campaign/1/5/index-history')).toEqual([]);
    expect(await preloads('/ua/profile')).toEqual([]);
    // The page itself is unchanged around them.
    const page = (await t.app.inject({ method: 'GET', url: '/ua/campaign/active/1/5' })).body;
    const head =
      '<!doctype html><html>\n  <head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n';
    expect(page.startsWith(`${head}    <link rel="modulepreload"`)).toBe(true);
    expect(page).toContain('lists-1.js">\n  </head>\n  <body><!--ua-->');
  });

  it('serves built assets, and a missing one as a 404 rather than the app', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-0.js' })).statusCode).toBe(404);
  });

  it("sends the build's brotli or gzip copy of an asset to a browser that accepts it, cached for a year", async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/chunk-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);
    // The build's own copy (quality 11), not one compressed again per request.
    expect(br.rawPayload.equals(await readFile(path.join(dist, 'assets', 'chunk-1.js.br')))).toBe(true);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/chunk-1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/chunk-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('never serves a source map', async () => {
    for (const url of ['/assets/chunk-1.js.map', '/assets/chunk-1.js.map?v=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret.ts');
    }
  });

  it('serves assets of a build made after the server started', async () => {
    await writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

/** `script-src 'self' https://a/b/` → { 'script-src': ["'self'", 'https://a/b/'] } */
function policyOf(header: unknown): Record<string, string[]> {
  const directives = String(header ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((parts) => parts[0]);
  return Object.fromEntries(directives.map(([name, ...values]) => [name, values]));
}

// Issue 24, point 9: the access token is in a cookie that scripts can read, so no injected script may run.
describe('the content security policy of the served page', () => {
  it('allows no inline script, eval, handler attribute or whole third-party host', async () => {
    for (const url of ['/', '/en/login', '/ru/campaign/active/1/5', '/ua/report']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const policy = policyOf(res.headers['content-security-policy']);
      const scripts = policy['script-src'];
      expect(scripts, url).toContain("'self'");
      for (const source of scripts) {
        expect(source, url).not.toMatch(/^'unsafe-|^\*$|^(data|blob|https?):$|^'wasm-unsafe-eval'$/);
        // A third-party source names a path: a whole host (www.google.com) serves JSONP that would run.
        if (source !== "'self'") expect(source, url).toMatch(/^https:\/\/[a-z0-9.-]+\/[^\s]+\/$/);
      }
      expect(policy['script-src-attr'], url).toEqual(["'none'"]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['base-uri'], url).toEqual(["'none'"]);
      expect(policy['default-src'], url).toEqual(["'self'"]);
      expect(policy['frame-ancestors'], url).toEqual(["'self'"]);
    }
  });
});
