import { openPageRankProvider } from '../providers/authority/openpagerank.ts';
import { startOpenPageRankStandIn } from '../providers/authority/stand-ins/openpagerank.ts';
import { ahrefsSource } from '../providers/crawlers/ahrefs.ts';
import { startAhrefsStandIn } from '../providers/crawlers/stand-ins/ahrefs.ts';
import { demoBacklinks } from '../providers/crawlers/stand-ins/demo-backlinks.ts';
import type { Providers } from '../providers/index.ts';
import { serperChecker } from '../providers/index-check/serper.ts';
import { startSerperStandIn } from '../providers/index-check/stand-ins/serper.ts';
import { speedyIndexIndexer } from '../providers/indexing/speedyindex.ts';
import { startSpeedyIndexStandIn } from '../providers/indexing/stand-ins/speedyindex.ts';
import { startDemoCard } from '../providers/payments/stand-ins/demo-card.ts';
import { startDemoWallets } from '../providers/payments/stand-ins/demo-wallets.ts';
import { DEMO_DOMAIN, SAMPLE_PAGES } from './sample-web.ts';

/** The sample pages the demo's search engine "has in its index"; the others read Not indexed. */
const DEMO_INDEXED = ['/blog/best-online-shops', '/reviews/demo-shop', '/partners', '/news/weekly'] as const;

const DEMO_KEY = 'demo-key';

/** What the demo's Open PageRank says of the sample web's domain: a mid-sized blog's figures. */
const DEMO_PAGE_RANK = { page_rank_decimal: 4.38, rank: 183_265 };

/**
 * The offline demo's stand-in services: loopback servers speaking Serper's protocol (it knows a few
 * of the sample pages), SpeedyIndex's (it takes every page sent), Open PageRank's (it rates the sample
 * web's domain), Stripe's, PayPal's and NOWPayments' (demo card, PayPal and crypto services), and
 * Ahrefs' (it knows the demo shop's backlinks), so a newcomer can run an index check, an indexing
 * request and an authority check, and top up, without keys. Their answers are labelled as a demo
 * service wherever they show (the provider is named "demo", the action says so).
 */
export async function startDemoServices(params: { sampleOrigin: string; appUrl?: string }) {
  const serp = await startSerperStandIn({
    apiKey: DEMO_KEY,
    indexed: DEMO_INDEXED.filter((path) => path in SAMPLE_PAGES).map(
      (path) => `${params.sampleOrigin}${path}`,
    ),
    // About what a real SERP API takes per query.
    latencyMs: 300,
    // The sample web's host is an IP address: no www. form of it to show.
    vary: false,
  });
  const indexer = await startSpeedyIndexStandIn({ apiKey: DEMO_KEY, latencyMs: 300 });
  // Ahrefs API v3 knowing the demo shop's backlinks: action 10 pulls them into the crawler data.
  const backlinks = await startAhrefsStandIn({
    apiKey: DEMO_KEY,
    latencyMs: 300,
    backlinks: demoBacklinks({
      origin: params.sampleOrigin,
      domain: DEMO_DOMAIN,
      paths: Object.keys(SAMPLE_PAGES),
    }),
  });
  // Open PageRank rating the sample web's domain (its host: the donor pages are all on loopback).
  const authority = await startOpenPageRankStandIn({
    apiKey: DEMO_KEY,
    latencyMs: 300,
    figures: new Map([[new URL(params.sampleOrigin).hostname, DEMO_PAGE_RANK]]),
  });
  // Card top-ups need the app's webhook URL to deliver to.
  const card = params.appUrl ? await startDemoCard({ appUrl: params.appUrl }) : null;
  const wallets = params.appUrl ? await startDemoWallets({ appUrl: params.appUrl }) : null;
  return {
    /** Fills the kinds nobody configured with the demo's stand-ins; configured services stay as they are. */
    fill(providers: Providers): Providers {
      const filled = withDemoAuthority(withDemoCrawlers(withDemoIndexer(withDemoIndexCheck(providers))));
      const withCard = card ? card.fill(filled.payments) : filled.payments;
      return { ...filled, payments: wallets ? wallets.fill(withCard) : withCard };
    },
    close: () =>
      Promise.all([
        serp.close(),
        indexer.close(),
        backlinks.close(),
        authority.close(),
        card?.close(),
        wallets?.close(),
      ]).then(() => undefined),
  };

  function withDemoIndexCheck(providers: Providers): Providers {
    if (providers.indexCheck.adapters.length > 0) return providers;
    const demo = serperChecker({
      name: 'demo',
      apiKey: DEMO_KEY,
      baseUrl: serp.url,
      ratePerSecond: 50,
      concurrency: 20,
      timeoutMs: 10_000,
    });
    // One service: a "not indexed" is confirmed by asking again, a few seconds later in the demo.
    return { ...providers, indexCheck: { adapters: [demo], confirmAfterMs: 3_000, demo: true } };
  }

  function withDemoIndexer(providers: Providers): Providers {
    if (providers.indexing.adapters.length > 0) return providers;
    const demo = speedyIndexIndexer({
      name: 'demo',
      apiKey: DEMO_KEY,
      baseUrl: indexer.url,
      ratePerSecond: 1,
      concurrency: 2,
      timeoutMs: 10_000,
    });
    return { ...providers, indexing: { ...providers.indexing, adapters: [demo], demo: true } };
  }

  function withDemoAuthority(providers: Providers): Providers {
    if (providers.authority.adapters.length > 0) return providers;
    const demo = openPageRankProvider({
      name: 'demo',
      apiKey: DEMO_KEY,
      baseUrl: authority.url,
      ratePerSecond: 5,
      concurrency: 2,
      timeoutMs: 10_000,
    });
    return { ...providers, authority: { adapters: [demo], demo: true } };
  }

  function withDemoCrawlers(providers: Providers): Providers {
    if (providers.crawlers.adapters.length > 0) return providers;
    const demo = ahrefsSource({
      name: 'demo',
      apiKey: DEMO_KEY,
      baseUrl: backlinks.url,
      ratePerSecond: 5,
      concurrency: 1,
      timeoutMs: 10_000,
      pageSize: 1_000,
      maxRows: 10_000,
    });
    return { ...providers, crawlers: { adapters: [demo], demo: true } };
  }
}
