/**
 * `npm run bench:index-check -w @linkwatch/server [pages]`: an index check of 100,000 pages (or the
 * count given) through the Serper adapter against its protocol stand-in, which answers in 300 ms and
 * allows 50 requests/s (429 past that). The adapter is set to that limit. Aim: pages/s within 10% of
 * the limit, no 429, every verdict right, flat memory. The stand-in runs in a child process so the
 * peak RSS printed is the adapter's. At 50/s the full 100,000 take about 34 minutes, which is why
 * this is not part of `npm run bench`.
 */
import { fork } from 'node:child_process';
import { serperChecker } from '../src/providers/index-check/serper.ts';
import type { IndexCheckAnswer } from '../src/providers/index-check/types.ts';
import { peakRss } from './measure.ts';

const PAGES = Number(process.argv[2] ?? process.env.BENCH_INDEX_PAGES ?? 100_000);
const RATE = 50;
const LATENCY_MS = 300;
const API_KEY = 'bench-key';
/** Checks waiting at once, as a worker holds a batch of links: the adapter's queue stays bounded. */
const WINDOW = 500;

const pageUrl = (i: number) => `https://donor-${i % 997}.example/post/${i}`;
const isIndexed = (i: number) => i % 3 === 0;

if (process.argv[2] === 'stand-in') {
  const { startSerperStandIn } = await import('../src/providers/index-check/stand-ins/serper.ts');
  const count = Number(process.argv[3]);
  const indexed = Array.from({ length: count }, (_, i) => i)
    .filter(isIndexed)
    .map(pageUrl);
  const service = await startSerperStandIn({
    apiKey: API_KEY,
    indexed,
    latencyMs: LATENCY_MS,
    ratePerSecond: RATE,
  });
  process.send?.({ url: service.url });
  process.on('message', () => process.send?.(service.counts));
} else {
  const child = fork(new URL(import.meta.url), ['stand-in', String(PAGES)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url } = await new Promise<{ url: string }>((resolve) =>
    child.once('message', (m) => resolve(m as { url: string })),
  );
  const checker = serperChecker({
    apiKey: API_KEY,
    baseUrl: url,
    ratePerSecond: RATE,
    concurrency: 32,
    timeoutMs: 30_000,
  });
  const tally = { indexed: 0, 'not-indexed': 0, unknown: 0, wrong: 0 };

  console.log(
    `index check: ${PAGES} pages, Serper stand-in answering in ${LATENCY_MS} ms, limit ${RATE} req/s`,
  );
  const started = performance.now();
  const { peakMb } = await peakRss(async () => {
    let next = 0;
    const worker = async () => {
      while (next < PAGES) {
        const i = next++;
        const answer: IndexCheckAnswer = await checker.check(pageUrl(i));
        tally[answer.kind]++;
        if (answer.kind !== (isIndexed(i) ? 'indexed' : 'not-indexed')) tally.wrong++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(WINDOW, PAGES) }, worker));
  });
  const seconds = (performance.now() - started) / 1000;
  child.send('counts');
  const counts = await new Promise<{ requests: number; rateLimited: number }>((resolve) =>
    child.once('message', (m) => resolve(m as { requests: number; rateLimited: number })),
  );
  child.kill();
  const perSecond = PAGES / seconds;
  console.log(
    `${perSecond.toFixed(1)} pages/s (${((perSecond / RATE) * 100).toFixed(1)}% of the ${RATE}/s limit)  ${seconds.toFixed(1)} s  peak RSS ${peakMb.toFixed(0)} MB`,
  );
  console.log(
    `indexed ${tally.indexed}  not indexed ${tally['not-indexed']}  unknown ${tally.unknown}  wrong verdicts ${tally.wrong}  429s from the service ${counts.rateLimited}`,
  );
  if (tally.wrong > 0 || counts.rateLimited > 0 || perSecond < RATE * 0.9 || perSecond > RATE * 1.02) {
    process.exitCode = 1;
  }
}
