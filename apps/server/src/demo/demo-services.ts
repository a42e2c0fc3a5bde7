import type { Providers } from '../providers/index.ts';
import { serperChecker } from '../providers/index-check/serper.ts';
import { startSerperStandIn } from '../providers/index-check/stand-ins/serper.ts';
import { SAMPLE_PAGES } from './sample-web.ts';

/** The sample pages the demo's search engine "has in its index"; the others read Not indexed. */
const DEMO_INDEXED = ['/blog/best-online-shops', '/reviews/demo-shop', '/partners', '/news/weekly'] as const;

const DEMO_KEY = 'demo-key';

/**
 * The offline demo's stand-in services: a loopback server speaking Serper's protocol that knows a few
 * of the sample pages, so a newcomer can run an index check without keys. Its answers are labelled
 * as a demo service wherever they show (the provider is named "demo", the action says so).
 */
export async function startDemoServices(params: { sampleOrigin: string }) {
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
  return {
    /** Fills the kinds nobody configured with the demo's stand-ins; configured services stay as they are. */
    fill(providers: Providers): Providers {
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
    },
    close: () => serp.close(),
  };
}
