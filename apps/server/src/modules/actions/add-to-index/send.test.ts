import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../../../providers/index-check/stand-ins/stand-in.ts';
import { testLimits } from '../../../providers/indexing/adapter-suite.ts';
import { googleIndexer } from '../../../providers/indexing/google-indexing.ts';
import { indexNowIndexer } from '../../../providers/indexing/indexnow.ts';
import { rapidUrlIndexer } from '../../../providers/indexing/rapid-url-indexer.ts';
import { speedyIndexIndexer } from '../../../providers/indexing/speedyindex.ts';
import {
  STAND_IN_TOKEN_PATH,
  startGoogleIndexingStandIn,
} from '../../../providers/indexing/stand-ins/google-indexing.ts';
import { startIndexNowStandIn } from '../../../providers/indexing/stand-ins/indexnow.ts';
import { startRapidUrlIndexerStandIn } from '../../../providers/indexing/stand-ins/rapid-url-indexer.ts';
import { startSpeedyIndexStandIn } from '../../../providers/indexing/stand-ins/speedyindex.ts';
import { combineOwnSite, sendToDonorServices, sendToOwnSiteServices } from './send.ts';

/** Which service a page goes to, and what its answers add up to, against the services' stand-ins. */
const services: StandIn[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
});
const started = <S extends StandIn>(service: S) => {
  services.push(service);
  return service;
};

const KEY = 'a1b2c3d4e5f6a7b8';
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const CLIENT_EMAIL = 'indexing@linkwatch-test.iam.gserviceaccount.com';

async function ownSiteServices(options: { dailyQuota: number }) {
  const indexNow = started(await startIndexNowStandIn({ keyFiles: { 'shop.example': KEY } }));
  const google = started(
    await startGoogleIndexingStandIn({
      clientEmail: CLIENT_EMAIL,
      publicKey,
      owned: ['shop.example'],
      dailyQuota: 100,
    }),
  );
  // The quota is counted by the adapter, per day: a new one is the next day.
  const googleFor = (dailyQuota: number) =>
    googleIndexer({
      serviceAccount: { client_email: CLIENT_EMAIL, private_key: privateKey },
      baseUrl: google.url,
      tokenUrl: `${google.url}${STAND_IN_TOKEN_PATH}`,
      dailyQuota,
      ...testLimits(),
    });
  const indexNowAdapter = indexNowIndexer({ baseUrl: indexNow.url, ...testLimits() });
  return {
    indexNow,
    google,
    indexers: [indexNowAdapter, googleFor(options.dailyQuota)],
    nextDay: () => [indexNowAdapter, googleFor(options.dailyQuota)],
  };
}

const pages = (...paths: string[]) =>
  paths.map((p) => ({ url: `https://shop.example/${p}`, host: 'shop.example' }));
const keyFound = async () => ({ ok: true as const, key: { key: KEY } });

describe('sending pages for indexing', () => {
  it('gives donor pages to the next service when the first has no funds', async () => {
    const speedy = started(await startSpeedyIndexStandIn({ apiKey: 's', mode: 'no-funds' }));
    const rapid = started(await startRapidUrlIndexerStandIn({ apiKey: 'r' }));
    const verdicts = await sendToDonorServices(
      [
        speedyIndexIndexer({ apiKey: 's', baseUrl: speedy.url, ...testLimits() }),
        rapidUrlIndexer({ apiKey: 'r', baseUrl: rapid.url, ...testLimits() }),
      ],
      ['https://blog.example/a', 'https://blog.example/b'],
      'Linkwatch task 1',
    );
    expect([...verdicts.values()]).toEqual([
      { kind: 'accepted', provider: 'rapidurlindexer' },
      { kind: 'accepted', provider: 'rapidurlindexer' },
    ]);
    expect(speedy.counts.requests).toBe(1);
  });

  it('sends own-site pages to IndexNow and Google, and carries what is over Google’s daily quota to a later try', async () => {
    const { indexNow, google, indexers, nextDay } = await ownSiteServices({ dailyQuota: 1 });
    const first = await sendToOwnSiteServices(indexers, pages('new', 'old'), {
      keyFor: keyFound,
      alreadyTookIt: () => [],
    });
    const combined = new Map([...first].map(([url, verdicts]) => [url, combineOwnSite(verdicts)]));
    expect(combined.get('https://shop.example/new')).toEqual({
      kind: 'accepted',
      provider: 'indexnow+google',
    });
    // IndexNow took it, Google's quota is used up: the page waits for Google rather than being done.
    expect(combined.get('https://shop.example/old')).toMatchObject({ kind: 'failed', transient: true });
    expect(JSON.parse(indexNow.requests[0].body)).toMatchObject({ host: 'shop.example', key: KEY });

    // The next day: only Google is asked again, IndexNow is remembered as having taken it.
    const indexNowBefore = indexNow.counts.requests;
    const second = await sendToOwnSiteServices(nextDay(), pages('old'), {
      keyFor: keyFound,
      alreadyTookIt: () => ['indexnow'],
    });
    expect(combineOwnSite(second.get('https://shop.example/old')!)).toEqual({
      kind: 'accepted',
      provider: 'indexnow+google',
    });
    expect(indexNow.counts.requests).toBe(indexNowBefore);
    expect(google.published).toEqual(['https://shop.example/new', 'https://shop.example/old']);
  });

  it('does not send to IndexNow while the key file is missing, and tells why', async () => {
    const { indexNow, indexers } = await ownSiteServices({ dailyQuota: 10 });
    const verdicts = await sendToOwnSiteServices(indexers, pages('new'), {
      keyFor: async () => ({ ok: false, message: 'No key file at https://shop.example/key.txt (HTTP 404)' }),
      alreadyTookIt: () => [],
    });
    expect(indexNow.counts.requests).toBe(0);
    expect(verdicts.get('https://shop.example/new')).toEqual([
      {
        kind: 'failed',
        transient: false,
        message: 'indexnow: No key file at https://shop.example/key.txt (HTTP 404)',
      },
      { kind: 'accepted', provider: 'google' },
    ]);
    expect(combineOwnSite(verdicts.get('https://shop.example/new')!)).toEqual({
      kind: 'accepted',
      provider: 'google',
    });
  });
});
