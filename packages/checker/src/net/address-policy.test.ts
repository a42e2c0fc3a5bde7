import { describe, expect, test } from 'vitest';
import { isForbiddenAddress, literalAddressOf, specialUseNameOf, TrustedOrigins } from './address-policy.ts';

describe('isForbiddenAddress', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback, end of 127/8'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['fd00::1', 'unique local'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS metadata over IPv6'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['2001::1', 'teredo'],
    ['not-an-ip', 'garbage'],
  ])('refuses %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  test.each(['8.8.8.8', '93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows public %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});

describe('literalAddressOf', () => {
  test.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::1]:8080/', '::1'],
    ['http://example.com/', null],
    ['http://localhost/', null],
  ])('%s names %s', (url, address) => {
    expect(literalAddressOf(new URL(url).hostname)).toBe(address);
  });
});

describe('specialUseNameOf', () => {
  test.each([
    ['localhost', 'localhost'],
    ['LOCALHOST.', 'localhost'],
    ['api.localhost', 'localhost'],
    ['no-such.invalid', 'invalid'],
    ['example.com', null],
    ['localhost.example.com', null],
  ])('%s is %s', (name, kind) => {
    expect(specialUseNameOf(name)).toBe(kind);
  });
});

describe('TrustedOrigins', () => {
  const trusted = new TrustedOrigins(['127.0.0.1:4000', 'http://localhost:5000', 'https://demo.local']);

  test.each([
    ['http://127.0.0.1:4000/page', true],
    ['http://127.0.0.1:4001/page', false],
    ['https://127.0.0.1:4000/', true],
    ['http://localhost:5000/x', true],
    ['https://demo.local/', true],
    ['http://demo.local/', false],
    ['http://127.0.0.1/', false],
  ])('%s → %s', (url, included) => {
    expect(trusted.includes(new URL(url))).toBe(included);
  });
});
