import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createIndexers } from './index.ts';

const config = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'unused', ...env }).indexing;

const dir = mkdtempSync(path.join(tmpdir(), 'linkwatch-indexers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function serviceAccountFile(): string {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const file = path.join(dir, 'service-account.json');
  writeFileSync(
    file,
    JSON.stringify({
      type: 'service_account',
      client_email: 'sa@p.iam.gserviceaccount.com',
      private_key: privateKey,
    }),
  );
  return file;
}

describe('createIndexers', () => {
  it('is empty when no service is configured', () => {
    expect(createIndexers(config({}))).toEqual([]);
    expect(createIndexers(config({ SPEEDYINDEX_API_KEY: '', INDEXNOW_ENABLED: '0' }))).toEqual([]);
  });

  it('gives the configured services in a fixed order, donor ones first, whatever the order of the settings', () => {
    const indexers = createIndexers(
      config({
        GOOGLE_INDEXING_CREDENTIALS_FILE: serviceAccountFile(),
        INDEXNOW_ENABLED: '1',
        RAPIDURLINDEXER_API_KEY: 'k2',
        SPEEDYINDEX_API_KEY: 'k1',
      }),
    );
    expect(indexers.map((i) => [i.name, i.kind, i.maxBatch])).toEqual([
      ['speedyindex', 'donor', 10_000],
      ['rapidurlindexer', 'donor', 9_999],
      ['indexnow', 'own-site', 10_000],
      ['google', 'own-site', 1],
    ]);
    expect(createIndexers(config({ INDEXNOW_ENABLED: 'true' })).map((i) => i.name)).toEqual(['indexnow']);
  });

  it('reads the defaults, a credentials path against the working directory, and refuses what is wrong', () => {
    const { speedyindex, rapidurlindexer, indexnow, google, timeoutMs } = config({
      GOOGLE_INDEXING_CREDENTIALS_FILE: 'secrets/sa.json',
      INIT_CWD: '/srv/linkwatch',
    });
    expect(timeoutMs).toBe(60_000);
    expect(speedyindex.baseUrl).toBe('https://api.speedyindex.com');
    expect(rapidurlindexer.baseUrl).toBe('https://rapidurlindexer.com');
    expect(indexnow).toMatchObject({ enabled: false, baseUrl: 'https://api.indexnow.org' });
    expect(google).toMatchObject({
      credentialsFile: '/srv/linkwatch/secrets/sa.json',
      baseUrl: 'https://indexing.googleapis.com',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      dailyQuota: 200,
    });
    expect(() => config({ INDEXNOW_BASE_URL: 'not a url' })).toThrow();
    expect(() => config({ GOOGLE_INDEXING_DAILY_QUOTA: '0' })).toThrow();
    expect(() =>
      createIndexers(config({ GOOGLE_INDEXING_CREDENTIALS_FILE: path.join(dir, 'missing.json') })),
    ).toThrow(/GOOGLE_INDEXING_CREDENTIALS_FILE/);
  });
});
