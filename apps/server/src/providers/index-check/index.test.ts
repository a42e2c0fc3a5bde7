import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createIndexCheckers } from './index.ts';

const config = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'unused', ...env }).indexCheck;

describe('createIndexCheckers', () => {
  it('is empty when no service has its credentials', () => {
    expect(createIndexCheckers(config({}))).toEqual([]);
    expect(createIndexCheckers(config({ DATAFORSEO_LOGIN: 'only-the-login', SERPER_API_KEY: '' }))).toEqual(
      [],
    );
  });

  it('gives the configured services in a fixed order whatever the order of the settings', () => {
    const checkers = createIndexCheckers(
      config({
        DATAFORSEO_LOGIN: 'l',
        DATAFORSEO_PASSWORD: 'p',
        SERPAPI_API_KEY: 'k2',
        SERPER_API_KEY: 'k1',
      }),
    );
    expect(checkers.map((c) => c.name)).toEqual(['serper', 'serpapi', 'dataforseo']);
    expect(createIndexCheckers(config({ SERPAPI_API_KEY: 'k' })).map((c) => c.name)).toEqual(['serpapi']);
  });

  it('reads the defaults and refuses a base URL that is not a URL', () => {
    const { serper, serpapi, dataforseo, timeoutMs } = config({});
    expect(timeoutMs).toBe(30_000);
    expect(serper).toMatchObject({ baseUrl: 'https://google.serper.dev', ratePerSecond: 5 });
    expect(serpapi).toMatchObject({ baseUrl: 'https://serpapi.com', ratePerSecond: 0.25 });
    expect(dataforseo).toMatchObject({ baseUrl: 'https://api.dataforseo.com', concurrency: 25 });
    expect(() => config({ SERPER_BASE_URL: 'not a url' })).toThrow();
  });
});
