import { describe, expect, it } from 'vitest';
import {
  DISAVOW_BYTES_MAX,
  DISAVOW_LINES_MAX,
  DISAVOW_URL_MAX,
  disavowFileLines,
  disavowFileName,
  disavowFileProblem,
  disavowLineProblem,
  isCoveredByDomain,
  parseDisavowValue,
} from './disavow.ts';

describe("Google's disavow rules, one by one", () => {
  it('one URL or domain: per line; # comments and blank lines are fine', () => {
    expect(disavowLineProblem('# a comment, with spaces')).toBeNull();
    expect(disavowLineProblem('')).toBeNull();
    expect(disavowLineProblem('domain:example.com')).toBeNull();
    expect(disavowLineProblem('https://example.com/page')).toBeNull();
    expect(disavowLineProblem('https://a.example/ https://b.example/')).toBe('notOneValue');
    expect(disavowLineProblem('domain:a.example\ndomain:b.example')).toBe('notOneValue');
  });

  it('URLs are absolute http(s)', () => {
    expect(disavowLineProblem('ftp://example.com/file')).toBe('badUrl');
    expect(disavowLineProblem('/relative/page')).toBe('badUrl');
    expect(disavowLineProblem('example.com/page')).toBe('badUrl');
    expect(parseDisavowValue('mailto:someone@example.com')).toEqual({ problem: 'badUrl' });
    expect(parseDisavowValue('HTTP://Example.COM/Page')).toEqual({
      kind: 'url',
      value: 'http://example.com/Page',
    });
  });

  it('a URL is at most 2,048 characters', () => {
    const base = 'https://example.com/';
    const fits = base + 'a'.repeat(DISAVOW_URL_MAX - base.length);
    expect(disavowLineProblem(fits)).toBeNull();
    expect(disavowLineProblem(`${fits}a`)).toBe('urlTooLong');
    expect(parseDisavowValue(`${fits}a`)).toEqual({ problem: 'urlTooLong' });
  });

  it('domains are bare hosts: no scheme, path or port; lower case, punycode for an IDN', () => {
    expect(disavowLineProblem('domain:https://example.com')).toBe('badDomain');
    expect(disavowLineProblem('domain:example.com/path')).toBe('badDomain');
    expect(disavowLineProblem('domain:example.com:8080')).toBe('badDomain');
    expect(disavowLineProblem('domain:Example.com')).toBe('badDomain');
    expect(disavowLineProblem('domain:127.0.0.1')).toBe('badDomain');
    expect(parseDisavowValue('Example.COM')).toEqual({ kind: 'domain', value: 'example.com' });
    expect(parseDisavowValue('domain:пример.рф')).toEqual({ kind: 'domain', value: 'xn--e1afmkfd.xn--p1ai' });
    expect(parseDisavowValue('example.com:8080')).toEqual({ problem: 'badDomain' });
    expect(parseDisavowValue('example.com/page')).toEqual({ problem: 'badDomain' });
  });

  it('the file has at most 100,000 lines, comments and blank lines counted', () => {
    expect(disavowFileProblem(Array.from({ length: DISAVOW_LINES_MAX }, () => '#'))).toBeNull();
    expect(disavowFileProblem(Array.from({ length: DISAVOW_LINES_MAX + 1 }, () => ''))).toBe('tooManyLines');
  });

  it('the file is at most 2 MB of UTF-8', () => {
    // Two-byte characters: the limit is in bytes, not characters.
    const line = `# ${'я'.repeat(999)}`; // 2 + 1,998 bytes, and its newline
    const count = Math.floor(DISAVOW_BYTES_MAX / 2001);
    expect(disavowFileProblem(Array.from({ length: count }, () => line))).toBeNull();
    expect(disavowFileProblem(Array.from({ length: count + 1 }, () => line))).toBe('tooLarge');
  });

  it('the file name ends in .txt', () => {
    expect(disavowFileName({ projectName: 'My shop', projectId: 4, number: 3 })).toBe(
      'disavow-My-shop-v3.txt',
    );
    expect(disavowFileName({ projectName: 'Магазин', projectId: 4, number: 1 })).toBe(
      'disavow-project-4-v1.txt',
    );
  });

  it('a listed domain covers its subdomains', () => {
    const listed = new Set(['example.com']);
    expect(isCoveredByDomain('blog.example.com', listed)).toBe(true);
    expect(isCoveredByDomain('example.com', listed)).toBe(true);
    expect(isCoveredByDomain('notexample.com', listed)).toBe(false);
  });

  it('comment lines hold no line break, whatever the reason says', () => {
    const lines = disavowFileLines({
      projectName: 'P\nQ',
      number: 1,
      createdAt: new Date('2026-01-02T03:04:05Z'),
      entries: [
        {
          kind: 'domain',
          value: 'a.example',
          reason: 'one\r\ntwo',
          addedAt: new Date('2026-01-02T00:00:00Z'),
        },
      ],
    });
    expect(lines).toEqual([
      '# Linkwatch disavow list, project P Q, version 1, 2026-01-02T03:04:05.000Z',
      "# Entries: 1. Upload this file in Google Search Console's disavow links tool.",
      '',
      '# one two (2026-01-02)',
      'domain:a.example',
    ]);
  });
});
