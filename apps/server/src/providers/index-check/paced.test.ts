import { describe, expect, it } from 'vitest';
import { failureOfStatus, retryAfterMs, siteQuery } from './paced.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-22T18:00:00Z');

  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sun, 22 Nov 2026 18:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 17:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('Sunday, 22-Nov-26 18:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Sun Nov 22 18:00:10 2026', now)).toBe(10_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('1.5', now)).toBeUndefined();
  });
});

describe('failureOfStatus', () => {
  it('maps the statuses every service shares', () => {
    expect([200, 204].map(failureOfStatus)).toEqual([undefined, undefined]);
    expect([401, 403, 402, 429].map(failureOfStatus)).toEqual([
      'unauthorized',
      'unauthorized',
      'no-funds',
      'rate-limited',
    ]);
    expect([301, 400, 404, 500, 503].map(failureOfStatus)).toEqual(Array(5).fill('bad-answer'));
  });
});

describe('siteQuery', () => {
  it('asks for the exact URL as stored', () => {
    expect(siteQuery(' https://www.example.com/a/ ')).toBe('site:https://www.example.com/a/');
  });
});
