import { describe, expect, it } from 'vitest';
import { localePath, redirectQuery, safeRedirect, splitLocale, switchLocalePath } from './locale.ts';

describe('safeRedirect', () => {
  it.each(['/ru/profile', '/en', '/en/report?page=2#top'])('accepts the local path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    'https://evil.example.com/',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'profile',
    '',
    null,
    '/en/\nSet-Cookie',
  ])('rejects %j', (path) => {
    expect(safeRedirect(path)).toBeNull();
  });
});

describe('locale paths', () => {
  it('splits the prefix off a path', () => {
    expect(splitLocale('/ru/profile')).toEqual({ locale: 'ru', rest: '/profile' });
    expect(splitLocale('/ua')).toEqual({ locale: 'ua', rest: '/' });
    expect(splitLocale('/profile')).toEqual({ locale: null, rest: '/profile' });
    expect(splitLocale('/english/x')).toEqual({ locale: null, rest: '/english/x' });
  });

  it('prefixes paths, with the index as the bare prefix', () => {
    expect(localePath('ru', '/')).toBe('/ru');
    expect(localePath('ua', '/login/forgot-password')).toBe('/ua/login/forgot-password');
  });

  it('switches the prefix and keeps the query and hash', () => {
    expect(switchLocalePath({ path: '/en/profile?tab=1#x', locale: 'ua' })).toBe('/ua/profile?tab=1#x');
    expect(switchLocalePath({ path: '/profile', locale: 'ru' })).toBe('/ru/profile');
    expect(switchLocalePath({ path: '/en', locale: 'ru' })).toBe('/ru');
  });

  it('writes the redirect query with readable slashes', () => {
    expect(redirectQuery('/ru/profile?a=1&b=2')).toBe('redirect=/ru/profile%3Fa%3D1%26b%3D2');
    expect(new URLSearchParams(redirectQuery('/ru/profile?a=1&b=2')).get('redirect')).toBe(
      '/ru/profile?a=1&b=2',
    );
  });
});
