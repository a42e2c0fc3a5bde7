import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../../index-check/stand-ins/stand-in.ts';
import { GOOGLE_PUBLISH_PATH } from '../google-indexing.ts';
import { SPEEDYINDEX_INDEXER_PATH } from '../speedyindex.ts';
import { STAND_IN_TOKEN_PATH, startGoogleIndexingStandIn } from './google-indexing.ts';
import { startIndexNowStandIn } from './indexnow.ts';
import { startSpeedyIndexStandIn } from './speedyindex.ts';

/** The stand-ins refuse what their services refuse (the adapters never send it, so their tests do not). */
const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
let service: StandIn;
afterEach(() => service.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  }).then(async (r) => ({ status: r.status, body: await r.text() }));

describe('the IndexNow stand-in', () => {
  const submit = (payload: unknown) => post('/indexnow', JSON.stringify(payload));

  it('answers 422 for URLs not of the host, a key out of format, a keyLocation elsewhere', async () => {
    service = await startIndexNowStandIn({ keyFiles: { 'example.com': KEY } });
    const base = { host: 'example.com', key: KEY, urlList: ['https://example.com/a'] };
    expect((await submit({ ...base, urlList: ['https://other.example/a'] })).status).toBe(422);
    expect((await submit({ ...base, key: 'bad_key!' })).status).toBe(422);
    expect((await submit({ ...base, keyLocation: 'https://other.example/k.txt' })).status).toBe(422);
    expect((await submit(base)).status).toBe(200);
  });

  it('answers 400 for a body out of format, 403 for a key the site does not hold', async () => {
    service = await startIndexNowStandIn({ keyFiles: { 'example.com': 'another-key-0001' } });
    expect((await post('/indexnow', '{"host": ')).status).toBe(400);
    expect((await submit({ host: 'example.com', key: KEY, urlList: [] })).status).toBe(400);
    const refused = await submit({ host: 'example.com', key: KEY, urlList: ['https://example.com/a'] });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'UserForbiddedToAccessSite' });
  });
});

describe('the SpeedyIndex stand-in', () => {
  it('refuses more than 10,000 URLs, a missing list and a wrong key', async () => {
    service = await startSpeedyIndexStandIn({ apiKey: 'k' });
    const urls = Array.from({ length: 10_001 }, (_, i) => `https://d.example/${i}`);
    expect(
      (await post(SPEEDYINDEX_INDEXER_PATH, JSON.stringify({ urls }), { Authorization: 'k' })).status,
    ).toBe(400);
    expect((await post(SPEEDYINDEX_INDEXER_PATH, '{}', { Authorization: 'k' })).status).toBe(400);
    expect((await post(SPEEDYINDEX_INDEXER_PATH, '{"urls": ["https://d.example/"]}')).status).toBe(401);
  });
});

describe('the Google stand-in', () => {
  const { publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

  it('refuses another grant, an unsigned assertion, a publish without its token or with a bad type', async () => {
    service = await startGoogleIndexingStandIn({
      clientEmail: 'sa@p.example',
      publicKey,
      owned: ['example.com'],
    });
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const grant = await post(STAND_IN_TOKEN_PATH, 'grant_type=client_credentials', form);
    expect(grant.status).toBe(400);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.x`;
    const assertion = await post(
      STAND_IN_TOKEN_PATH,
      `grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=${unsigned}`,
      form,
    );
    expect(JSON.parse(assertion.body)).toMatchObject({ error: 'invalid_grant' });
    const publish = await post(GOOGLE_PUBLISH_PATH, '{"url": "https://example.com/", "type": "URL_UPDATED"}');
    expect(publish.status).toBe(401);
    (service as StandIn & { tokens: Set<string> }).tokens.add('t');
    const badType = await post(GOOGLE_PUBLISH_PATH, '{"url": "https://example.com/", "type": "UPDATED"}', {
      Authorization: 'Bearer t',
    });
    expect(badType.status).toBe(400);
  });
});
