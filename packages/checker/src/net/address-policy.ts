import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF policy: which addresses the checker may connect to when private networks are refused.
 * Only plain public unicast passes. ipaddr.js names every special range (loopback, private,
 * linkLocal, uniqueLocal, carrierGradeNat, unspecified, reserved, multicast, broadcast, 6to4,
 * teredo, NAT64 ...), so anything with a range name other than 'unicast' is refused; that also
 * covers ranges that tunnel to IPv4 and could reach loopback through a relay.
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 reaches 127.0.0.1: judge mapped addresses by the IPv4 address inside.
  const effective =
    parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  if (CLOUD_METADATA_ADDRESSES.has(effective.toNormalizedString())) return true;
  return effective.range() !== 'unicast';
}

// Already inside linkLocal / uniqueLocal; listed so the intent survives any range-table change.
const CLOUD_METADATA_ADDRESSES = new Set([
  '169.254.169.254',
  ipaddr.parse('fd00:ec2::254').toNormalizedString(),
]);

/**
 * The IP address a URL's host names directly, or null for a domain name. The WHATWG URL parser
 * has already turned "2130706433", "0x7f000001", "0177.0.0.1" and "127.1" into "127.0.0.1"; IPv6
 * hosts keep their brackets in `URL.hostname`.
 */
export function literalAddressOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

/** RFC 6761 names that must never reach DNS. */
export type SpecialUseName = 'localhost' | 'invalid';

export function specialUseNameOf(hostname: string): SpecialUseName | null {
  const name = (hostname.endsWith('.') ? hostname.slice(0, -1) : hostname).toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return 'localhost';
  if (name === 'invalid' || name.endsWith('.invalid')) return 'invalid';
  return null;
}

/**
 * Whether a URL's host is refused without asking DNS: localhost names and literal private, loopback,
 * link-local or metadata addresses (a form refusing such an URL before it is ever fetched).
 */
export function namesForbiddenHost(hostname: string): boolean {
  if (specialUseNameOf(hostname) !== null) return true;
  const literal = literalAddressOf(hostname);
  return literal !== null && isForbiddenAddress(literal);
}

/**
 * Origins (host:port) the operator trusts even on a private network, such as the offline demo's
 * local sample web. Entries may be "127.0.0.1:4000" or "http://127.0.0.1:4000".
 */
export class TrustedOrigins {
  readonly #hostPorts: Set<string>;

  constructor(entries: readonly string[]) {
    this.#hostPorts = new Set(entries.map(hostPortOfEntry).filter((entry) => entry !== null));
  }

  includes(url: URL): boolean {
    return this.#hostPorts.size > 0 && this.#hostPorts.has(hostPortOf(url));
  }
}

function hostPortOfEntry(entry: string): string | null {
  const trimmed = entry.trim();
  if (trimmed === '') return null;
  try {
    return hostPortOf(new URL(trimmed.includes('://') ? trimmed : `http://${trimmed}`));
  } catch {
    return null;
  }
}

function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}
