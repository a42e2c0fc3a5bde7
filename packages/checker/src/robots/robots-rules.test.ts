import { describe, expect, test } from 'vitest';
import {
  GOOGLE_CASES,
  GOOGLE_ESCAPES,
  GOOGLE_PARSE_CASES,
  GOOGLE_PATHS,
  GOOGLE_VALID_AGENTS,
} from './google-robotstxt.cases.ts';
import { robotsTxtFromBody } from './robots-cache.ts';
import { isValidUserAgentToObey, matches, pathParamsQuery, RobotsRules } from './robots-rules.ts';
import { escapePattern, parseRobotsTxt } from './robots-txt-parser.ts';
import { robotsVerdictOf } from './robots-verdict.ts';

// Every case of Google's robots_test.cc (see google-robotstxt.cases.ts for the source and licence).
describe("Google's robots.txt parser test cases", () => {
  const rows = GOOGLE_CASES.flatMap(({ test, body, checks }, index) =>
    checks.map(([agent, url, allowed]) => ({ test, index, body, agent, url, allowed })),
  );

  test.each(rows)('$test #$index: "$agent" $url → allowed $allowed', ({ body, agent, url, allowed }) => {
    expect(RobotsRules.parse(body).isAllowed(url, agent)).toBe(allowed);
  });

  test.each(GOOGLE_PARSE_CASES)('$test', ({ body, valid, unknown, lastLine, sitemap }) => {
    const lines = parseRobotsTxt(body);
    const known = lines.filter((line) => line.key !== 'unknown');
    if (valid !== undefined) expect(known).toHaveLength(valid);
    if (unknown !== undefined) expect(lines.length - known.length).toBe(unknown);
    if (lastLine !== undefined) expect(lines.at(-1)?.line).toBe(lastLine);
    if (sitemap !== undefined) {
      expect(lines.filter((line) => line.key === 'sitemap').map((line) => line.value)).toEqual([sitemap]);
    }
  });

  test.each(GOOGLE_VALID_AGENTS)('ID_VerifyValidUserAgentsToObey %j → %s', (agent, valid) => {
    expect(isValidUserAgentToObey(agent)).toBe(valid);
  });

  test.each(GOOGLE_PATHS)('TestGetPathParamsQuery %j → %j', (url, path) => {
    expect(pathParamsQuery(url)).toBe(path);
  });

  test.each(GOOGLE_ESCAPES)('TestMaybeEscapePattern %j → %j', (value, escaped) => {
    expect(escapePattern(Buffer.from(value, 'utf8').toString('latin1'))).toBe(escaped);
  });
});

describe('RobotsRules beyond the reference cases', () => {
  test('typos Google forgives name the same keys', () => {
    const rules = RobotsRules.parse('useragent: FooBot\ndisalow: /a\ndissallow: /b\nallowed: /a/ok\n');
    expect(rules.isAllowed('http://x.example/a/page', 'FooBot')).toBe(false);
    expect(rules.isAllowed('http://x.example/b', 'FooBot')).toBe(false);
    expect(rules.isAllowed('http://x.example/a/ok', 'FooBot')).toBe(true);
  });

  test('"* anything" is still the global group', () => {
    const rules = RobotsRules.parse('User-agent: * # everyone\nDisallow: /\n');
    expect(rules.isAllowed('http://x.example/', 'FooBot')).toBe(false);
  });

  test('a Latin-1 byte in a rule is escaped as that byte, not as U+FFFD', () => {
    const body = Buffer.concat([
      Buffer.from('User-agent: *\nDisallow: /caf'),
      Buffer.from([0xe9]),
      Buffer.from('\n'),
    ]);
    const rules = RobotsRules.parse(body);
    expect(rules.isAllowed('http://x.example/caf%E9', 'FooBot')).toBe(false);
    expect(rules.isAllowed('http://x.example/caf%EF%BF%BD', 'FooBot')).toBe(true);
  });

  test('compiled patterns answer as the reference algorithm on every short pattern and path', () => {
    // robots.cc's Matches(): the sorted set of path offsets the pattern read so far can end at.
    const reference = (path: string, pattern: string): boolean => {
      let positions = [0];
      for (let p = 0; p < pattern.length; p++) {
        if (pattern[p] === '$' && p === pattern.length - 1) return positions.at(-1) === path.length;
        if (pattern[p] === '*') {
          positions = Array.from({ length: path.length - positions[0] + 1 }, (_, i) => positions[0] + i);
        } else {
          positions = positions.filter((at) => path[at] === pattern[p]).map((at) => at + 1);
          if (positions.length === 0) return false;
        }
      }
      return true;
    };
    // Every pattern of up to 4 characters from "ab*$" on every path of up to 4 from "ab$".
    const words = (alphabet: string, max: number): string[] => {
      let level = [''];
      const all = [''];
      for (let length = 1; length <= max; length++) {
        level = level.flatMap((word) => [...alphabet].map((char) => word + char));
        all.push(...level);
      }
      return all;
    };
    const paths = words('ab$', 4).map((word) => `/${word}`);
    const differences = words('ab*$', 4).flatMap((word) => {
      const pattern = `/${word}`;
      return paths
        .filter((path) => matches(path, pattern) !== reference(path, pattern))
        .map((path) => `${pattern} on ${path}`);
    });
    expect(differences).toEqual([]);
  });

  test('many wildcards match in time linear in the path, without backtracking', () => {
    const started = performance.now();
    expect(matches(`/${'a'.repeat(5_000)}`, `/${'*a'.repeat(30)}*b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  test('the answer for one agent does not leak into another', () => {
    const rules = RobotsRules.parse('User-agent: FooBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(rules.isAllowed('http://x.example/p', 'FooBot')).toBe(false);
    expect(rules.isAllowed('http://x.example/p', 'BarBot')).toBe(true);
    expect(rules.isAllowed('http://x.example/p', 'foobot')).toBe(false);
  });

  test('answers remembered for the last URL never stand for another URL', () => {
    const rules = RobotsRules.parse('User-agent: *\nDisallow: /private\n\nUser-agent: FooBot\nDisallow: /\n');
    const asked: Array<[string, string, boolean]> = [
      ['/private', 'BarBot', false],
      ['/public', 'BarBot', true],
      ['/public', 'BazBot', true],
      ['/private', 'BazBot', false],
      ['/public', 'FooBot', false],
      ['/public', 'BarBot', true],
    ];
    for (const [path, agent, allowed] of asked)
      expect(rules.isAllowed(`http://x.example${path}`, agent)).toBe(allowed);
  });
});

// The extensions robots-parser read differently, through the product's verdict (Googlebot).
describe('robots verdict follows Google on its extensions', () => {
  const verdict = (body: string | Uint8Array, path: string) =>
    robotsVerdictOf([{ url: `https://site.example${path}`, robots: robotsTxtFromBody(body) }]);

  test.each([
    ['a line without its colon', 'User-agent: Googlebot\ndisallow /\n', '/page', 'disallowed'],
    [
      'the agent read up to its first space',
      'User-agent: Googlebot Bar\nDisallow: /\n',
      '/page',
      'disallowed',
    ],
    [
      'index.html allowing its directory',
      'User-agent: Googlebot\nAllow: /blog/index.html\nDisallow: /\n',
      '/blog/',
      'allowed',
    ],
    [
      'lower-case escapes in the URL',
      'User-agent: Googlebot\nDisallow: /caf%C3%A9\n',
      '/caf%c3%a9',
      'disallowed',
    ],
    [
      'non-ASCII in a rule',
      'User-agent: Googlebot\nDisallow: /café\n',
      `/${encodeURI('café')}`,
      'disallowed',
    ],
  ])('%s', (_name, body, path, expected) => {
    expect(verdict(body, path)).toBe(expected);
  });

  test.each([
    ['a partial byte-order mark', [0xef, 0xbb], 'disallowed'],
    ['a byte-order mark after the first line', null, 'allowed'],
  ])('%s', (_name, prefix, expected) => {
    const rules = Buffer.from('User-agent: Googlebot\nDisallow: /\n');
    const body = prefix
      ? Buffer.concat([Buffer.from(prefix), rules])
      : Buffer.concat([
          Buffer.from('User-agent: Googlebot\n'),
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from('Disallow: /\n'),
        ]);
    expect(verdict(body, '/page')).toBe(expected);
  });
});
