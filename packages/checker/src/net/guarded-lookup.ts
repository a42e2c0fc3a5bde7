import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { isForbiddenAddress, specialUseNameOf } from './address-policy.ts';

/** Node's dns.lookup shape, as net.connect calls it. Tests inject their own to fake DNS. */
export type LookupFunction = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/** Thrown (as a connect error) when every address of a host is refused by the SSRF policy. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_LINKWATCH_BLOCKED_ADDRESS';

  constructor(target: string) {
    super(`refused to connect to a private or reserved address: ${target}`);
    this.name = 'BlockedAddressError';
  }
}

const LOCALHOST_ADDRESSES: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/**
 * The lookup undici's connector hands to net.connect. Filtering here, on the addresses the
 * socket will really use, is what stops DNS rebinding: a name that resolved to a public address
 * during an earlier check cannot make this connection go to a private one.
 */
export function createGuardedLookup({
  lookup = dnsLookup as LookupFunction,
  refusePrivate,
}: {
  lookup?: LookupFunction;
  refusePrivate: boolean;
}): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll({ lookup, hostname, family: options.family }).then(
      (resolved) => {
        const usable = refusePrivate
          ? resolved.filter(({ address }) => !isForbiddenAddress(address))
          : resolved;
        if (usable.length === 0) {
          callback(new BlockedAddressError(`${hostname} (${resolved.map((a) => a.address).join(', ')})`), '');
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function resolveAll({
  lookup,
  hostname,
  family,
}: {
  lookup: LookupFunction;
  hostname: string;
  family: LookupOptions['family'];
}): Promise<LookupAddress[]> {
  // RFC 6761: "localhost" is loopback and ".invalid" never exists; neither is asked of DNS.
  const special = specialUseNameOf(hostname);
  if (special === 'localhost') return Promise.resolve(LOCALHOST_ADDRESSES);
  if (special === 'invalid') return Promise.reject(notFound(hostname));
  const options: LookupAllOptions = { all: true, family };
  return new Promise((resolve, reject) => {
    lookup(hostname, options, (error, addresses) => {
      if (error) reject(error);
      else resolve(Array.isArray(addresses) ? addresses : [{ address: addresses, family: isIP(addresses) }]);
    });
  });
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname,
  });
}
