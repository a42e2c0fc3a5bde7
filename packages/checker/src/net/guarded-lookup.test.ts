import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, test } from 'vitest';
import { createGuardedLookup, type LookupFunction } from './guarded-lookup.ts';

/** Fake DNS: answers from a table, never from the network. */
function fakeDns(table: Record<string, string[]>): LookupFunction & { asked: string[] } {
  const asked: string[] = [];
  const lookup = (hostname: string, _options: LookupOptions, callback: Parameters<LookupFunction>[2]) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), '');
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return Object.assign(lookup, { asked });
}

function lookupAll(lookup: LookupFunction, hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    lookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses as LookupAddress[]),
    ),
  );
}

function lookupOne(lookup: LookupFunction, hostname: string): Promise<[string, number | undefined]> {
  return new Promise((resolve, reject) =>
    lookup(hostname, {}, (error, address, family) =>
      error ? reject(error) : resolve([address as string, family]),
    ),
  );
}

describe('createGuardedLookup', () => {
  const dns = fakeDns({
    'public.test': ['93.184.216.34'],
    'rebound.test': ['127.0.0.1'],
    'mixed.test': ['10.0.0.5', '93.184.216.34', '::1'],
    'all-private.test': ['10.0.0.5', 'fd00::5'],
  });
  const guarded = createGuardedLookup({ lookup: dns, refusePrivate: true });

  test('passes public answers through, in both callback shapes', async () => {
    expect(await lookupAll(guarded, 'public.test')).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(await lookupOne(guarded, 'public.test')).toEqual(['93.184.216.34', 4]);
  });

  test('drops private addresses from a mixed answer, so the socket can only use the public one', async () => {
    expect(await lookupAll(guarded, 'mixed.test')).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  test('refuses a name whose every address is private', async () => {
    await expect(lookupAll(guarded, 'rebound.test')).rejects.toMatchObject({
      code: 'ERR_LINKWATCH_BLOCKED_ADDRESS',
    });
    await expect(lookupOne(guarded, 'all-private.test')).rejects.toMatchObject({
      code: 'ERR_LINKWATCH_BLOCKED_ADDRESS',
    });
  });

  test('answers localhost itself and refuses it, without asking DNS', async () => {
    await expect(lookupAll(guarded, 'localhost')).rejects.toMatchObject({
      code: 'ERR_LINKWATCH_BLOCKED_ADDRESS',
    });
    await expect(lookupAll(guarded, 'admin.localhost')).rejects.toMatchObject({
      code: 'ERR_LINKWATCH_BLOCKED_ADDRESS',
    });
    expect(dns.asked).not.toContain('localhost');
  });

  test('.invalid names do not exist and never reach DNS', async () => {
    await expect(lookupAll(guarded, 'nothing.invalid')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(dns.asked).not.toContain('nothing.invalid');
  });

  test('passes DNS errors on', async () => {
    await expect(lookupAll(guarded, 'unknown.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  test('lets private answers through when private networks are allowed', async () => {
    const open = createGuardedLookup({ lookup: dns, refusePrivate: false });
    expect(await lookupAll(open, 'rebound.test')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await lookupAll(open, 'localhost')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
  });
});
