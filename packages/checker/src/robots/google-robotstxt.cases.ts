// Test cases of Google's robots.txt parser, ported as data from robots_test.cc of
// github.com/google/robotstxt at commit 22b355ff855419e6a3ff8ff09c0ad7fdb17116f9.
// Copyright 2019 Google LLC. Licensed under the Apache License, Version 2.0
// (https://www.apache.org/licenses/LICENSE-2.0); changed from C++ gtest calls into data.
// Each case keeps the name of the TEST it comes from. `allowed` is what
// RobotsMatcher::OneAgentAllowedByRobots(body, agent, url) answers there.

export interface GoogleCase {
  test: string;
  body: string | Uint8Array;
  checks: ReadonlyArray<[agent: string, url: string, allowed: boolean]>;
}

const FOO_DISALLOW_ALL = 'user-agent: FooBot\ndisallow: /\n';

// GoogleOnly_LineTooLong builds lines just past the 8 × 2083 byte limit.
const MAX_LINE = 2083 * 8;
const padded = (fill: string, prefix: string): string => {
  let line = '/x/';
  const maxLength = MAX_LINE - line.length - prefix.length + 1;
  while (line.length < maxLength) line += fill;
  return line;
};
const longDisallow = padded('a', 'disallow: ');
const longAllowA = padded('a', 'allow: ');
const longAllowB = padded('b', 'allow: ');

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))),
  );

/** The documentation checks all disallow "/" and allow one pattern. */
const docAllow = (pattern: string): string => `user-agent: FooBot\ndisallow: /\nallow: ${pattern}\n`;

export const GOOGLE_CASES: GoogleCase[] = [
  { test: 'GoogleOnly_SystemTest', body: '', checks: [['FooBot', '', true]] },
  {
    test: 'GoogleOnly_SystemTest',
    body: FOO_DISALLOW_ALL,
    checks: [
      ['', '', true],
      ['FooBot', '', false],
    ],
  },
  { test: 'GoogleOnly_SystemTest', body: '', checks: [['', '', true]] },

  { test: 'ID_LineSyntax_Line', body: FOO_DISALLOW_ALL, checks: [['FooBot', 'http://foo.bar/x/y', false]] },
  {
    test: 'ID_LineSyntax_Line',
    body: 'foo: FooBot\nbar: /\n',
    checks: [['FooBot', 'http://foo.bar/x/y', true]],
  },
  {
    test: 'ID_LineSyntax_Line',
    body: 'user-agent FooBot\ndisallow /\n',
    checks: [['FooBot', 'http://foo.bar/x/y', false]],
  },

  {
    test: 'ID_LineSyntax_Groups',
    body:
      'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\n' +
      'allow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n',
    checks: [
      ['FooBot', 'http://foo.bar/x/b', true],
      ['FooBot', 'http://foo.bar/z/d', true],
      ['FooBot', 'http://foo.bar/y/c', false],
      ['BarBot', 'http://foo.bar/y/c', true],
      ['BarBot', 'http://foo.bar/w/a', true],
      ['BarBot', 'http://foo.bar/z/d', false],
      ['BazBot', 'http://foo.bar/z/d', true],
      ['FooBot', 'http://foo.bar/foo/bar/', false],
      ['BarBot', 'http://foo.bar/foo/bar/', false],
      ['BazBot', 'http://foo.bar/foo/bar/', false],
    ],
  },

  {
    test: 'ID_LineSyntax_Groups_OtherRules',
    body: 'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n',
    checks: [
      ['FooBot', 'http://foo.bar/', false],
      ['BarBot', 'http://foo.bar/', false],
    ],
  },
  {
    test: 'ID_LineSyntax_Groups_OtherRules',
    body: 'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n',
    checks: [
      ['FooBot', 'http://foo.bar/', false],
      ['BarBot', 'http://foo.bar/', false],
    ],
  },

  ...[
    'USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n',
    'user-agent: FooBot\nallow: /x/\ndisallow: /\n',
    'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n',
  ].map(
    (body): GoogleCase => ({
      test: 'ID_REPLineNamesCaseInsensitive',
      body,
      checks: [
        ['FooBot', 'http://foo.bar/x/y', true],
        ['FooBot', 'http://foo.bar/a/b', false],
      ],
    }),
  ),

  ...[
    'User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n',
    'User-Agent: foo bar\nAllow: /x/\nDisallow: /\n',
    'User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n',
  ].map(
    (body): GoogleCase => ({
      test: 'ID_UserAgentValueCaseInsensitive',
      body,
      checks: [
        ['Foo', 'http://foo.bar/x/y', true],
        ['Foo', 'http://foo.bar/a/b', false],
        ['foo', 'http://foo.bar/x/y', true],
        ['foo', 'http://foo.bar/a/b', false],
      ],
    }),
  ),

  {
    test: 'GoogleOnly_AcceptUserAgentUpToFirstSpace',
    body: 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n',
    checks: [
      ['Foo', 'http://foo.bar/x/y', true],
      ['Foo Bar', 'http://foo.bar/x/y', false],
    ],
  },

  { test: 'ID_GlobalGroups_Secondary', body: '', checks: [['FooBot', 'http://foo.bar/x/y', true]] },
  {
    test: 'ID_GlobalGroups_Secondary',
    body: 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n',
    checks: [
      ['FooBot', 'http://foo.bar/x/y', false],
      ['BarBot', 'http://foo.bar/x/y', true],
    ],
  },
  {
    test: 'ID_GlobalGroups_Secondary',
    body: 'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n',
    checks: [['QuxBot', 'http://foo.bar/x/y', true]],
  },

  {
    test: 'ID_AllowDisallow_Value_CaseSensitive',
    body: 'user-agent: FooBot\ndisallow: /x/\n',
    checks: [['FooBot', 'http://foo.bar/x/y', false]],
  },
  {
    test: 'ID_AllowDisallow_Value_CaseSensitive',
    body: 'user-agent: FooBot\ndisallow: /X/\n',
    checks: [['FooBot', 'http://foo.bar/x/y', true]],
  },

  {
    test: 'ID_LongestMatch',
    body: 'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n',
    checks: [['FooBot', 'http://foo.bar/x/page.html', false]],
  },
  {
    test: 'ID_LongestMatch',
    body: 'user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n',
    checks: [
      ['FooBot', 'http://foo.bar/x/page.html', true],
      ['FooBot', 'http://foo.bar/x/', false],
    ],
  },
  {
    test: 'ID_LongestMatch',
    body: 'user-agent: FooBot\ndisallow: \nallow: \n',
    checks: [['FooBot', 'http://foo.bar/x/page.html', true]],
  },
  {
    test: 'ID_LongestMatch',
    body: 'user-agent: FooBot\ndisallow: /\nallow: /\n',
    checks: [['FooBot', 'http://foo.bar/x/page.html', true]],
  },
  {
    test: 'ID_LongestMatch',
    body: 'user-agent: FooBot\ndisallow: /x\nallow: /x/\n',
    checks: [
      ['FooBot', 'http://foo.bar/x', false],
      ['FooBot', 'http://foo.bar/x/', true],
    ],
  },
  {
    test: 'ID_LongestMatch',
    body: 'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n',
    checks: [['FooBot', 'http://foo.bar/x/page.html', true]],
  },
  {
    test: 'ID_LongestMatch',
    body: 'user-agent: FooBot\nallow: /page\ndisallow: /*.html\n',
    checks: [
      ['FooBot', 'http://foo.bar/page.html', false],
      ['FooBot', 'http://foo.bar/page', true],
    ],
  },
  {
    test: 'ID_LongestMatch',
    body: 'user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n',
    checks: [
      ['FooBot', 'http://foo.bar/x/page.html', true],
      ['FooBot', 'http://foo.bar/x/y.html', false],
    ],
  },
  {
    test: 'ID_LongestMatch',
    body: 'User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n',
    checks: [
      ['FooBot', 'http://foo.bar/x/page', true],
      ['FooBot', 'http://foo.bar/y/page', false],
    ],
  },

  {
    test: 'ID_Encoding',
    body: 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n',
    checks: [['FooBot', 'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par', true]],
  },
  {
    test: 'ID_Encoding',
    body: 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n',
    checks: [
      ['FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
      ['FooBot', 'http://foo.bar/foo/bar/ツ', false],
    ],
  },
  {
    test: 'ID_Encoding',
    body: 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n',
    checks: [
      ['FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
      ['FooBot', 'http://foo.bar/foo/bar/ツ', false],
    ],
  },
  {
    test: 'ID_Encoding',
    body: 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n',
    checks: [
      ['FooBot', 'http://foo.bar/foo/bar/baz', false],
      ['FooBot', 'http://foo.bar/foo/bar/%62%61%7A', true],
    ],
  },

  {
    test: 'ID_SpecialCharacters',
    body: 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n',
    checks: [
      ['FooBot', 'http://foo.bar/foo/bar/quz', false],
      ['FooBot', 'http://foo.bar/foo/quz', true],
      ['FooBot', 'http://foo.bar/foo//quz', true],
      ['FooBot', 'http://foo.bar/foo/bax/quz', true],
    ],
  },
  {
    test: 'ID_SpecialCharacters',
    body: 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n',
    checks: [
      ['FooBot', 'http://foo.bar/foo/bar', false],
      ['FooBot', 'http://foo.bar/foo/bar/qux', true],
      ['FooBot', 'http://foo.bar/foo/bar/', true],
      ['FooBot', 'http://foo.bar/foo/bar/baz', true],
    ],
  },
  {
    test: 'ID_SpecialCharacters',
    body: 'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n',
    checks: [
      ['FooBot', 'http://foo.bar/foo/bar', true],
      ['FooBot', 'http://foo.bar/foo/quz', false],
    ],
  },

  {
    test: 'GoogleOnly_IndexHTMLisDirectory',
    body: 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n',
    checks: [
      ['foobot', 'http://foo.com/allowed-slash/', true],
      ['foobot', 'http://foo.com/allowed-slash/index.htm', false],
      ['foobot', 'http://foo.com/allowed-slash/index.html', true],
      ['foobot', 'http://foo.com/anyother-url', false],
    ],
  },

  {
    test: 'GoogleOnly_LineTooLong',
    body: `user-agent: FooBot\ndisallow: ${longDisallow}/qux\n`,
    checks: [
      ['FooBot', 'http://foo.bar/fux', true],
      ['FooBot', `http://foo.bar${longDisallow}/fux`, false],
    ],
  },
  {
    test: 'GoogleOnly_LineTooLong',
    body: `user-agent: FooBot\ndisallow: /\nallow: ${longAllowA}/qux\nallow: ${longAllowB}/qux\n`,
    checks: [
      ['FooBot', 'http://foo.bar/', false],
      ['FooBot', `http://foo.bar${longAllowA}/qux`, true],
      ['FooBot', `http://foo.bar${longAllowB}/fux`, true],
    ],
  },

  {
    test: 'GoogleOnly_DocumentationChecks',
    body: docAllow('/fish'),
    checks: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/fish', true],
      ['FooBot', 'http://foo.bar/fish.html', true],
      ['FooBot', 'http://foo.bar/fish/salmon.html', true],
      ['FooBot', 'http://foo.bar/fishheads', true],
      ['FooBot', 'http://foo.bar/fishheads/yummy.html', true],
      ['FooBot', 'http://foo.bar/fish.html?id=anything', true],
      ['FooBot', 'http://foo.bar/Fish.asp', false],
      ['FooBot', 'http://foo.bar/catfish', false],
      ['FooBot', 'http://foo.bar/?id=fish', false],
    ],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: docAllow('/fish*'),
    checks: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/fish', true],
      ['FooBot', 'http://foo.bar/fish.html', true],
      ['FooBot', 'http://foo.bar/fish/salmon.html', true],
      ['FooBot', 'http://foo.bar/fishheads', true],
      ['FooBot', 'http://foo.bar/fishheads/yummy.html', true],
      ['FooBot', 'http://foo.bar/fish.html?id=anything', true],
      ['FooBot', 'http://foo.bar/Fish.bar', false],
      ['FooBot', 'http://foo.bar/catfish', false],
      ['FooBot', 'http://foo.bar/?id=fish', false],
    ],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: docAllow('/fish/'),
    checks: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/fish/', true],
      ['FooBot', 'http://foo.bar/fish/salmon', true],
      ['FooBot', 'http://foo.bar/fish/?salmon', true],
      ['FooBot', 'http://foo.bar/fish/salmon.html', true],
      ['FooBot', 'http://foo.bar/fish/?id=anything', true],
      ['FooBot', 'http://foo.bar/fish', false],
      ['FooBot', 'http://foo.bar/fish.html', false],
      ['FooBot', 'http://foo.bar/Fish/Salmon.html', false],
    ],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: docAllow('/*.php'),
    checks: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/filename.php', true],
      ['FooBot', 'http://foo.bar/folder/filename.php', true],
      ['FooBot', 'http://foo.bar/folder/filename.php?parameters', true],
      ['FooBot', 'http://foo.bar//folder/any.php.file.html', true],
      ['FooBot', 'http://foo.bar/filename.php/', true],
      ['FooBot', 'http://foo.bar/index?f=filename.php/', true],
      ['FooBot', 'http://foo.bar/php/', false],
      ['FooBot', 'http://foo.bar/index?php', false],
      ['FooBot', 'http://foo.bar/windows.PHP', false],
    ],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: docAllow('/*.php$'),
    checks: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/filename.php', true],
      ['FooBot', 'http://foo.bar/folder/filename.php', true],
      ['FooBot', 'http://foo.bar/filename.php?parameters', false],
      ['FooBot', 'http://foo.bar/filename.php/', false],
      ['FooBot', 'http://foo.bar/filename.php5', false],
      ['FooBot', 'http://foo.bar/php/', false],
      ['FooBot', 'http://foo.bar/filename?php', false],
      ['FooBot', 'http://foo.bar/aaaphpaaa', false],
      ['FooBot', 'http://foo.bar//windows.PHP', false],
    ],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: docAllow('/fish*.php'),
    checks: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/fish.php', true],
      ['FooBot', 'http://foo.bar/fishheads/catfish.php?parameters', true],
      ['FooBot', 'http://foo.bar/Fish.PHP', false],
    ],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: 'user-agent: FooBot\nallow: /p\ndisallow: /\n',
    checks: [['FooBot', 'http://example.com/page', true]],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: 'user-agent: FooBot\nallow: /folder\ndisallow: /folder\n',
    checks: [['FooBot', 'http://example.com/folder/page', true]],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: 'user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n',
    checks: [['FooBot', 'http://example.com/page.htm', false]],
  },
  {
    test: 'GoogleOnly_DocumentationChecks',
    body: 'user-agent: FooBot\nallow: /$\ndisallow: /\n',
    checks: [
      ['FooBot', 'http://example.com/', true],
      ['FooBot', 'http://example.com/page.html', false],
    ],
  },
];

/**
 * ID_LinesNumbersAreCountedCorrectly, ID_UTF8ByteOrderMarkIsSkipped and
 * ID_NonStandardLineExample_Sitemap check the parser's callbacks: how many directives it
 * recognised, how many unknown, the last line number and the sitemap value.
 */
export interface GoogleParseCase {
  test: string;
  body: string | Uint8Array;
  valid?: number;
  unknown?: number;
  lastLine?: number;
  sitemap?: string;
}

const LINES = ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'];
const SITEMAP = 'http://foo.bar/sitemap.xml';
const SITEMAP_GROUPS = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';

export const GOOGLE_PARSE_CASES: GoogleParseCase[] = [
  { test: 'ID_LinesNumbersAreCountedCorrectly unix', body: `${LINES.join('\n')}\n`, valid: 4, lastLine: 6 },
  {
    test: 'ID_LinesNumbersAreCountedCorrectly dos',
    body: `${LINES.join('\r\n')}\r\n`,
    valid: 4,
    lastLine: 6,
  },
  { test: 'ID_LinesNumbersAreCountedCorrectly mac', body: `${LINES.join('\r')}\r`, valid: 4, lastLine: 6 },
  {
    test: 'ID_LinesNumbersAreCountedCorrectly no final newline',
    body: LINES.join('\n'),
    valid: 4,
    lastLine: 6,
  },
  {
    test: 'ID_LinesNumbersAreCountedCorrectly mixed',
    body: 'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
    valid: 4,
    lastLine: 6,
  },
  {
    test: 'ID_UTF8ByteOrderMarkIsSkipped full BOM',
    body: bytes([0xef, 0xbb, 0xbf], 'User-Agent: foo\nAllow: /AnyValue\n'),
    valid: 2,
    unknown: 0,
  },
  {
    test: 'ID_UTF8ByteOrderMarkIsSkipped partial 2-byte BOM',
    body: bytes([0xef, 0xbb], 'User-Agent: foo\nAllow: /AnyValue\n'),
    valid: 2,
    unknown: 0,
  },
  {
    test: 'ID_UTF8ByteOrderMarkIsSkipped partial 1-byte BOM',
    body: bytes([0xef], 'User-Agent: foo\nAllow: /AnyValue\n'),
    valid: 2,
    unknown: 0,
  },
  {
    test: 'ID_UTF8ByteOrderMarkIsSkipped broken BOM',
    body: bytes([0xef, 0x11, 0xbf], 'User-Agent: foo\nAllow: /AnyValue\n'),
    valid: 1,
    unknown: 1,
  },
  {
    test: 'ID_UTF8ByteOrderMarkIsSkipped BOM in the middle',
    body: bytes('User-Agent: foo\n', [0xef, 0xbb, 0xbf], 'Allow: /AnyValue\n'),
    valid: 1,
    unknown: 1,
  },
  {
    test: 'ID_NonStandardLineExample_Sitemap at the end',
    body: `${SITEMAP_GROUPS}Sitemap: ${SITEMAP}\n`,
    sitemap: SITEMAP,
  },
  {
    test: 'ID_NonStandardLineExample_Sitemap anywhere',
    body: `Sitemap: ${SITEMAP}\n${SITEMAP_GROUPS}`,
    sitemap: SITEMAP,
  },
];

/** ID_VerifyValidUserAgentsToObey and GoogleOnly_AcceptUserAgentUpToFirstSpace. */
export const GOOGLE_VALID_AGENTS: ReadonlyArray<[agent: string, valid: boolean]> = [
  ['Foobot', true],
  ['Foobot-Bar', true],
  ['Foo_Bar', true],
  ['', false],
  ['ツ', false],
  ['Foobot*', false],
  [' Foobot ', false],
  ['Foobot/2.1', false],
  ['Foobot Bar', false],
];

/** TestGetPathParamsQuery. */
export const GOOGLE_PATHS: ReadonlyArray<[url: string, path: string]> = [
  ['', '/'],
  ['http://www.example.com', '/'],
  ['http://www.example.com/', '/'],
  ['http://www.example.com/a', '/a'],
  ['http://www.example.com/a/', '/a/'],
  ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
  ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
  ['example.com', '/'],
  ['example.com/', '/'],
  ['example.com/a', '/a'],
  ['example.com/a/', '/a/'],
  ['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
  ['a', '/'],
  ['a/', '/'],
  ['/a', '/a'],
  ['a/b', '/b'],
  ['example.com?a', '/?a'],
  ['example.com/a;b#c', '/a;b'],
  ['//a/b/c', '/b/c'],
];

/** TestMaybeEscapePattern (input as UTF-8 text). */
export const GOOGLE_ESCAPES: ReadonlyArray<[value: string, escaped: string]> = [
  ['http://www.example.com', 'http://www.example.com'],
  ['/a/b/c', '/a/b/c'],
  ['á', '%C3%A1'],
  ['%aa', '%AA'],
];
