import { createServer, type Server } from 'node:http';

/** The offline demo's donor pages: a small web on loopback that links (or not) to the demo shop. */
export const DEMO_DOMAIN = 'demo-shop.com';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
const para = (inner: string) =>
  `<p>Our editors tested a dozen stores this month. ${inner} Prices were checked on delivery.</p>`;

interface SamplePage {
  status?: number;
  headers?: Record<string, string>;
  body: (hits: number) => string;
}

/** Every kind of outcome a newcomer should see in a first report. */
export const SAMPLE_PAGES: Record<string, SamplePage> = {
  '/blog/best-online-shops': {
    body: () =>
      page('Best online shops', para(`<a href="https://${DEMO_DOMAIN}/">Demo Shop</a> came first.`)),
  },
  '/reviews/demo-shop': {
    body: () =>
      page(
        'Demo Shop review',
        para(
          `Read more at <a href="https://www.${DEMO_DOMAIN}/about" rel="nofollow ugc">the shop's page</a>.`,
        ),
      ),
  },
  '/partners': {
    body: () =>
      page(
        'Our partners',
        para(`<a href="https://${DEMO_DOMAIN}/"><img src="/logo.png" alt="Demo Shop logo"></a> sponsors us.`),
      ),
  },
  '/deals/sponsored': {
    body: () =>
      page(
        'Deals of the week',
        para(`<a href="https://${DEMO_DOMAIN}/sale" rel="sponsored">Winter sale</a> ends Sunday.`),
      ),
  },
  '/news/weekly': {
    // The anchor changes on every visit, so each new check has something to report.
    body: (hits) =>
      page('Weekly news', para(`<a href="https://${DEMO_DOMAIN}/news">Shop news #${hits}</a> is out.`)),
  },
  '/forum/thread-42': { body: () => page('Forum thread', para('Nobody mentions the shop here any more.')) },
  '/private/noindex': {
    body: () =>
      page(
        'Hidden page',
        `<meta name="robots" content="noindex">${para(`<a href="https://${DEMO_DOMAIN}/">Demo Shop</a>`)}`,
      ),
  },
  '/blocked/by-robots': {
    body: () => page('Blocked', para(`<a href="https://${DEMO_DOMAIN}/">Demo Shop</a>`)),
  },
  '/old-article': { status: 301, headers: { location: '/blog/best-online-shops' }, body: () => '' },
  '/deleted-post': { status: 404, body: () => page('Not found', '<p>This post was removed.</p>') },
};

/**
 * `/fading/<anything>`: a page that links to the shop on its first visit only, as a link an editor later
 * removed: its second check misses it, its third reports it lost. Each address counts its own visits.
 */
export const FADING_PREFIX = '/fading/';
const FADING: SamplePage = {
  body: (hits) =>
    page(
      'Spring roundup',
      para(
        hits <= 1
          ? `<a href="https://${DEMO_DOMAIN}/spring">Demo Shop spring sale</a> is on.`
          : 'Sales are over.',
      ),
    ),
};

const ROBOTS_TXT = 'User-agent: *\nDisallow: /blocked/\n';

export function startSampleWeb(port: number, host = '127.0.0.1'): Promise<Server> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://sample').pathname;
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS_TXT);
      return;
    }
    const sample = path.startsWith(FADING_PREFIX) ? FADING : SAMPLE_PAGES[path];
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    res.writeHead(sample?.status ?? (sample ? 200 : 404), {
      'content-type': 'text/html; charset=utf-8',
      ...sample?.headers,
    });
    res.end(sample ? sample.body(count) : page('Not found', ''));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
