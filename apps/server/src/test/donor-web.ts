import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DonorPage {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Holds the answer until this promise settles (to catch a worker mid-check). */
  hold?: Promise<void>;
}

/**
 * A small web of donor pages on loopback whose content a test can change between checks.
 * Pages not listed answer 404; /robots.txt allows everything unless set.
 */
export async function startDonorWeb(initial: Record<string, DonorPage | string> = {}) {
  const pages = new Map<string, DonorPage>();
  const hits = new Map<string, number>();
  const set = (path: string, page: DonorPage | string) =>
    pages.set(path, typeof page === 'string' ? { body: page } : page);
  for (const [path, page] of Object.entries(initial)) set(path, page);

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page =
      pages.get(path) ??
      (path === '/robots.txt'
        ? { body: 'User-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } }
        : { status: 404, body: 'not found' });
    if (page.hold) await page.hold;
    res.writeHead(page.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
    res.end(page.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    set,
    hits: (path: string) => hits.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type DonorWeb = Awaited<ReturnType<typeof startDonorWeb>>;

export function donorHtml(params: { title?: string; links?: string[] }) {
  const anchors = (params.links ?? []).join('\n');
  return `<!doctype html><html><head><title>${params.title ?? 'Donor page'}</title></head><body><p>Some text before ${anchors} and after.</p></body></html>`;
}
