import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseDonorHtml } from '../html/parse-donor-html.ts';
import type { AcceptorSet } from '../types.ts';
import { MATCHER_CACHE_SIZE, type ParseJob, type ParseMessage } from './parse-job.ts';
import { ParsePool } from './parse-pool.ts';

const acceptors: AcceptorSet = { kind: 'domains', domains: ['acceptor.example'] };
const html = (n: number) =>
  `<title>Page ${n}</title><p>Intro ${n}</p><a href="https://acceptor.example/${n}" rel="ugc">link ${n}</a><a href="https://other.example/">x</a>`;

function jobFor(source: string, overrides: Partial<ParseJob> = {}): ParseJob {
  return {
    bytes: new TextEncoder().encode(source),
    baseUrl: 'https://donor.example/',
    contentType: 'text/html',
    acceptors,
    acceptorsId: 1,
    ...overrides,
  };
}

let pool: ParsePool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('ParsePool', () => {
  test('parses in worker threads exactly as inline parsing does', async () => {
    pool = new ParsePool({ size: 2 });
    const pages = await Promise.all(Array.from({ length: 10 }, (_, n) => pool?.parse(jobFor(html(n)))));
    pages.forEach((page, n) => {
      const inline = parseDonorHtml(new TextEncoder().encode(html(n)), {
        baseUrl: 'https://donor.example/',
        contentType: 'text/html',
        acceptors,
      });
      expect(page).toEqual(inline);
      expect(page?.backlinks[0].href).toBe(`https://acceptor.example/${n}`);
    });
  });

  test('moves the page bytes to the worker instead of copying them', async () => {
    pool = new ParsePool({ size: 1 });
    const job = jobFor(html(1));
    const parsing = pool.parse(job);
    expect(job.bytes.byteLength).toBe(0);
    expect((await parsing).title).toBe('Page 1');
  });

  test('keeps the event loop free while a big page is parsed', async () => {
    pool = new ParsePool({ size: 1 });
    await pool.parse(jobFor(html(0))); // the worker is started and warm
    const big = `${'<p>filler text <a href="https://other.example/">x</a></p>'.repeat(60_000)}<a href="https://acceptor.example/end">end</a>`;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const page = await pool.parse(jobFor(big));
    clearInterval(ticker);
    expect(page.backlinks.map((link) => link.href)).toEqual(['https://acceptor.example/end']);
    // Inline, a parse this size is one synchronous block during which no timer can fire.
    expect(ticks).toBeGreaterThan(2);
  });

  test('a job that fails rejects alone; the pool keeps working', async () => {
    pool = new ParsePool({ size: 1 });
    await expect(pool.parse(jobFor(html(1), { baseUrl: 'not a url' }))).rejects.toThrow();
    expect((await pool.parse(jobFor(html(2)))).title).toBe('Page 2');
  });

  test('a different acceptor set under a new id is compiled afresh', async () => {
    pool = new ParsePool({ size: 1 });
    const other: AcceptorSet = { kind: 'urls', urls: ['https://other.example/'] };
    const first = await pool.parse(jobFor(html(1)));
    const second = await pool.parse(jobFor(html(1), { acceptors: other, acceptorsId: 2 }));
    expect(first.backlinks.map((link) => link.href)).toEqual(['https://acceptor.example/1']);
    expect(second.backlinks.map((link) => link.href)).toEqual(['https://other.example/']);
  });

  test('sends each worker an acceptor set once, however many pages use it', async () => {
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    pool = new ParsePool({ size: 1 });
    for (let n = 0; n < 3; n++) await pool.parse(jobFor(html(n)));
    const sent = posted.mock.calls.map(([message]) => message as ParseMessage);
    posted.mockRestore();
    expect(sent.map((message) => message.acceptors)).toEqual([acceptors, undefined, undefined]);
  });

  test('a worker forgets its oldest acceptor sets; a forgotten one is sent again', async () => {
    pool = new ParsePool({ size: 1 });
    const setFor = (n: number): AcceptorSet => ({ kind: 'domains', domains: [`site${n}.example`] });
    const linkTo = (n: number) => `<a href="https://site${n}.example/">s</a>`;
    for (let n = 0; n <= MATCHER_CACHE_SIZE + 5; n++) {
      const page = await pool.parse(jobFor(linkTo(n), { acceptors: setFor(n), acceptorsId: 100 + n }));
      expect(page.backlinks).toHaveLength(1);
    }
    const again = await pool.parse(jobFor(linkTo(0), { acceptors: setFor(0), acceptorsId: 100 }));
    expect(again.backlinks.map((link) => link.href)).toEqual(['https://site0.example/']);
  });

  test('starts its threads on the first page, or all at once when warmed up', async () => {
    pool = new ParsePool({ size: 2 });
    expect(pool.threads).toBe(0);
    pool.warmUp();
    expect(pool.threads).toBe(2);
    expect((await pool.parse(jobFor(html(1)))).title).toBe('Page 1');
    expect(pool.threads).toBe(2);
  });

  test('close() rejects queued jobs and refuses new ones', async () => {
    pool = new ParsePool({ size: 1 });
    const settling = Promise.allSettled([
      pool.parse(jobFor(html(1))),
      pool.parse(jobFor(html(2))),
      pool.parse(jobFor(html(3))),
    ]);
    await pool.close();
    const settled = await settling;
    expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await expect(pool.parse(jobFor(html(4)))).rejects.toThrow('closed');
  });
});
