import { describe, expect, test } from 'vitest';
import { RobotsStatus } from '../codes.ts';
import { type IndexingFacts, indexingCapabilityOf } from './indexing-capability.ts';
import { RobotsCache, type RobotsTxt, robotsTxtFromBody } from './robots-cache.ts';
import { headerDirectives, metaDirectives } from './robots-directives.ts';
import { robotsVerdictOf } from './robots-verdict.ts';

describe('RobotsCache', () => {
  test('loads each origin once, even when asked concurrently', async () => {
    const cache = new RobotsCache();
    let loads = 0;
    const load = async (): Promise<RobotsTxt> => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { kind: 'allow-all' };
    };
    const answers = await Promise.all([
      cache.get('https://a.example', load),
      cache.get('https://a.example', load),
      cache.get('https://a.example', load),
      cache.get('https://b.example', load),
    ]);
    expect(loads).toBe(2);
    expect(answers[0]).toBe(answers[1]);
    expect(cache.size).toBe(2);
  });
});

describe('robotsVerdictOf', () => {
  const rules = robotsTxtFromBody(
    'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /no-google\n\nUser-agent: YandexBot\nDisallow: /no-yandex\n\nUser-agent: LinkwatchBot\nDisallow: /no-linkwatch\n',
  );
  const verdict = (path: string, robots: RobotsTxt = rules) =>
    robotsVerdictOf([{ url: `https://site.example${path}`, robots }]);

  test.each([
    ['/public', 'allowed'],
    // Googlebot and LinkwatchBot have groups of their own; Bingbot falls back to '*'.
    ['/private/page', 'other-crawler-disallowed'],
    ['/no-google', 'disallowed'],
    ['/no-linkwatch/x', 'disallowed'],
    ['/no-yandex', 'other-crawler-disallowed'],
  ])('%s → %s', (path, expected) => {
    expect(verdict(path)).toBe(expected);
  });

  test('wildcard rules bind crawlers without a group of their own', () => {
    const wildcard = robotsTxtFromBody('User-agent: *\nDisallow: /\n');
    expect(verdict('/anything', wildcard)).toBe('disallowed');
  });

  test('no robots.txt allows everything; an unreachable one holds crawlers back', () => {
    expect(verdict('/x', { kind: 'allow-all' })).toBe('allowed');
    expect(verdict('/x', { kind: 'unreachable', reason: 'HTTP 503' })).toBe('unreachable');
  });

  test('the worst verdict along a redirect chain counts', () => {
    expect(
      robotsVerdictOf([
        { url: 'https://site.example/public', robots: rules },
        { url: 'https://site.example/no-google', robots: rules },
      ]),
    ).toBe('disallowed');
  });
});

describe('robots directives', () => {
  test.each([
    [['noindex'], { noindex: true, nofollow: false }],
    [['NoFollow'], { noindex: false, nofollow: true }],
    [['none'], { noindex: true, nofollow: true }],
    [['googlebot: noindex, nofollow'], { noindex: true, nofollow: true }],
    [['otherbot: noindex, nofollow'], { noindex: false, nofollow: false }],
    [['otherbot: noindex', 'nofollow'], { noindex: false, nofollow: true }],
    [['max-snippet: 20, noindex'], { noindex: true, nofollow: false }],
    [['unavailable_after: 2030-01-01'], { noindex: false, nofollow: false }],
    [['LinkwatchBot: none'], { noindex: true, nofollow: true }],
  ])('X-Robots-Tag %j → %j', (lines, expected) => {
    expect(headerDirectives(lines)).toEqual(expected);
  });

  test('meta contents from several tags add up', () => {
    expect(metaDirectives(['noindex', null, ' NOFOLLOW '])).toEqual({ noindex: true, nofollow: true });
  });
});

describe('indexingCapabilityOf', () => {
  const allow: IndexingFacts = {
    robots: 'allowed',
    finalStatus: 200,
    finalUrl: 'https://site.example/page',
    xRobotsTags: [],
    metaRobots: null,
    agentMetaRobots: null,
    canonical: null,
  };
  const capability = (changes: Partial<IndexingFacts>) => indexingCapabilityOf({ ...allow, ...changes });

  test('a plain page is allowed', () => {
    expect(capability({})).toBe(RobotsStatus.Allow);
  });

  test('precedence: robots.txt > 4xx > X-Robots-Tag > meta > canonical > may be forbidden', () => {
    const everything: Partial<IndexingFacts> = {
      robots: 'disallowed',
      finalStatus: 403,
      xRobotsTags: ['noindex'],
      metaRobots: 'nofollow',
      canonical: 'https://site.example/other',
    };
    expect(capability(everything)).toBe(RobotsStatus.RobotsTxt);
    expect(capability({ ...everything, robots: 'unreachable' })).toBe(RobotsStatus.Forbidden);
    expect(capability({ ...everything, robots: 'unreachable', finalStatus: 200 })).toBe(
      RobotsStatus.XRobotsNoindex,
    );
    expect(capability({ ...everything, robots: 'unreachable', finalStatus: 200, xRobotsTags: [] })).toBe(
      RobotsStatus.MetaNofollow,
    );
    expect(
      capability({
        ...everything,
        robots: 'unreachable',
        finalStatus: 200,
        xRobotsTags: [],
        metaRobots: null,
      }),
    ).toBe(RobotsStatus.Canonical);
    expect(capability({ robots: 'unreachable' })).toBe(RobotsStatus.MayBeForbidden);
  });

  test.each([
    [401, RobotsStatus.Forbidden],
    [403, RobotsStatus.Forbidden],
    [404, RobotsStatus.Forbidden],
    [451, RobotsStatus.Forbidden],
    [500, RobotsStatus.MayBeForbidden],
    [503, RobotsStatus.MayBeForbidden],
    [null, RobotsStatus.MayBeForbidden],
  ])('final status %s → %s', (finalStatus, expected) => {
    expect(capability({ finalStatus })).toBe(expected);
  });

  test('robots.txt closed to another search engine only: may be forbidden', () => {
    expect(capability({ robots: 'other-crawler-disallowed' })).toBe(RobotsStatus.MayBeForbidden);
  });

  test.each([
    [['none'], [], RobotsStatus.XRobotsNone],
    [['noindex', 'nofollow'], [], RobotsStatus.XRobotsNone],
    [['nofollow'], [], RobotsStatus.XRobotsNofollow],
    [[], ['none'], RobotsStatus.MetaNone],
    [[], ['noindex'], RobotsStatus.MetaNoindex],
  ])('X-Robots-Tag %j, meta %j → %s', (xRobotsTags, meta, expected) => {
    expect(capability({ xRobotsTags, metaRobots: meta[0] ?? null })).toBe(expected);
  });

  test('canonical is compared normalised', () => {
    expect(capability({ canonical: 'HTTPS://SITE.example:443/page#x' })).toBe(RobotsStatus.Allow);
    expect(capability({ canonical: 'https://site.example/page/' })).toBe(RobotsStatus.Canonical);
    expect(capability({ canonical: 'http://site.example/page' })).toBe(RobotsStatus.Canonical);
  });
});
