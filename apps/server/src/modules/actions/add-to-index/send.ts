import { isTransientFailure } from '../../../providers/index-check/types.ts';
import type { Indexer, IndexingFailure, IndexNowKey, UrlVerdict } from '../../../providers/indexing/types.ts';

/** What became of one page's submission. */
export type SendVerdict =
  | { kind: 'accepted'; provider: string }
  | { kind: 'failed'; transient: boolean; retryAfterMs?: number; message: string };

const failed = (reason: IndexingFailure, message: string, retryAfterMs?: number): SendVerdict => ({
  kind: 'failed',
  transient: reason !== 'refused' && isTransientFailure(reason),
  message,
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

function verdictOf(indexer: Indexer, verdict: UrlVerdict): SendVerdict {
  if (verdict.accepted) return { kind: 'accepted', provider: indexer.name };
  return failed(verdict.reason, `${indexer.name}: ${verdict.message}`, verdict.retryAfterMs);
}

/**
 * Donor pages: to the donor services in turn, each taking what the one before did not (an empty
 * account or a refused key at one is not the end of the task while another is configured).
 */
export async function sendToDonorServices(
  indexers: Indexer[],
  urls: string[],
  title: string,
): Promise<Map<string, SendVerdict>> {
  const verdicts = new Map<string, SendVerdict>();
  let remaining = urls;
  for (const indexer of indexers) {
    if (remaining.length === 0) break;
    const answer = await indexer.submit(remaining, { title });
    for (const verdict of answer.urls) verdicts.set(verdict.url, verdictOf(indexer, verdict));
    remaining = remaining.filter((url) => verdicts.get(url)?.kind !== 'accepted');
  }
  return verdicts;
}

/** The IndexNow key to send a host's pages with, or why they cannot go (the key file is not there). */
export type KeyFor = (
  host: string,
) => Promise<{ ok: true; key: IndexNowKey } | { ok: false; message: string }>;

/**
 * Pages of the user's own site, one host at a time: to IndexNow (the search engines that share it)
 * and to Google's Indexing API, each when configured. A page is accepted when every configured
 * service took it or refused it for good; while one answers "later" (Google's daily quota is used
 * up) the page waits for it, and `alreadyTookIt` spares the services that took it on an earlier try.
 */
export async function sendToOwnSiteServices(
  indexers: Indexer[],
  pages: { url: string; host: string }[],
  params: { keyFor: KeyFor; alreadyTookIt: (url: string) => string[] },
): Promise<Map<string, SendVerdict[]>> {
  const verdicts = new Map<string, SendVerdict[]>(pages.map((page) => [page.url, []]));
  for (const indexer of indexers) {
    const waiting = pages.filter((page) => !params.alreadyTookIt(page.url).includes(indexer.name));
    for (const [host, urls] of byHost(waiting)) {
      const answers = await submitOwnSite(indexer, host, urls, params.keyFor);
      for (const [url, verdict] of answers) verdicts.get(url)?.push(verdict);
    }
    for (const page of pages) {
      if (params.alreadyTookIt(page.url).includes(indexer.name)) {
        verdicts.get(page.url)?.push({ kind: 'accepted', provider: indexer.name });
      }
    }
  }
  return verdicts;
}

async function submitOwnSite(
  indexer: Indexer,
  host: string,
  urls: string[],
  keyFor: KeyFor,
): Promise<Map<string, SendVerdict>> {
  if (indexer.name === 'indexnow') {
    const key = await keyFor(host);
    if (!key.ok) return new Map(urls.map((url) => [url, failed('refused', `indexnow: ${key.message}`)]));
    const answer = await indexer.submit(urls, { indexNow: key.key });
    return new Map(answer.urls.map((v) => [v.url, verdictOf(indexer, v)]));
  }
  const answer = await indexer.submit(urls);
  return new Map(answer.urls.map((v) => [v.url, verdictOf(indexer, v)]));
}

function byHost(pages: { url: string; host: string }[]): Map<string, string[]> {
  const hosts = new Map<string, string[]>();
  for (const page of pages) hosts.set(page.host, [...(hosts.get(page.host) ?? []), page.url]);
  return hosts;
}

/**
 * One verdict from an own-site page's services: wait while any of them answers "later" and none
 * refused it for good; else accepted when at least one took it, else the first failure.
 */
export function combineOwnSite(verdicts: SendVerdict[]): SendVerdict {
  const accepted = verdicts.filter((v) => v.kind === 'accepted');
  const later = verdicts.find((v) => v.kind === 'failed' && v.transient);
  if (later) return later;
  if (accepted.length > 0) return { kind: 'accepted', provider: accepted.map((v) => v.provider).join('+') };
  return verdicts[0] ?? { kind: 'failed', transient: false, message: 'no own-site indexing service' };
}
