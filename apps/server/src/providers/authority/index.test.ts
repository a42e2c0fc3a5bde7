import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { combineFigures, createAuthorityProviders } from './index.ts';
import { type DomainFigures, EMPTY_DOMAIN, type Looked } from './types.ts';

const config = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'unused', ...env }).authority;

describe('createAuthorityProviders', () => {
  it('is empty when no service has its credentials', () => {
    expect(createAuthorityProviders(config({}))).toEqual([]);
    expect(createAuthorityProviders(config({ MOZ_ACCESS_ID: 'only-the-id', SEMRUSH_API_KEY: '' }))).toEqual(
      [],
    );
  });

  it('gives the configured services in a fixed order whatever the order of the settings', () => {
    const all = createAuthorityProviders(
      config({
        SEMRUSH_API_KEY: 's',
        MOZ_ACCESS_ID: 'id',
        MOZ_SECRET_KEY: 'secret',
        OPENPAGERANK_API_KEY: 'o',
      }),
    );
    expect(all.map((p) => p.name)).toEqual(['openpagerank', 'moz', 'semrush']);
    expect(createAuthorityProviders(config({ MOZ_API_TOKEN: 't' })).map((p) => p.name)).toEqual(['moz']);
  });

  it('reads the defaults and refuses a base URL that is not a URL', () => {
    const { openpagerank, moz, semrush, timeoutMs } = config({});
    expect(timeoutMs).toBe(30_000);
    expect(openpagerank).toMatchObject({ baseUrl: 'https://openpagerank.com', ratePerSecond: 2.5 });
    expect(moz).toMatchObject({ baseUrl: 'https://lsapi.seomoz.com', ratePerSecond: 0.1 });
    expect(semrush).toMatchObject({ baseUrl: 'https://api.semrush.com', database: 'us', ratePerSecond: 5 });
    expect(() => config({ MOZ_BASE_URL: 'not a url' })).toThrow();
  });
});

describe('combineFigures', () => {
  it('takes each field from the first provider that gives it, and nothing when none answered', () => {
    const opr = {
      kind: 'figures' as const,
      figures: { ...EMPTY_DOMAIN, pageRankDecimal: 4.2, pageRank: 1_000 },
    };
    const moz: Looked<DomainFigures> = {
      kind: 'figures',
      figures: { ...EMPTY_DOMAIN, da: 40, referringPage: 500 },
    };
    const semrush = {
      kind: 'figures' as const,
      figures: { ...EMPTY_DOMAIN, linksIn: 900, referringPage: 700 },
    };
    const failed: Looked<DomainFigures> = { kind: 'unknown', reason: 'timeout', message: 'No answer' };
    expect(combineFigures([opr, failed, moz, semrush])).toEqual({
      ...EMPTY_DOMAIN,
      pageRankDecimal: 4.2,
      pageRank: 1_000,
      da: 40,
      referringPage: 500,
      linksIn: 900,
    });
    expect(combineFigures([failed, undefined])).toBeUndefined();
    // The answers themselves are left as they were.
    expect(opr).toMatchObject({ figures: { da: null } });
  });
});
