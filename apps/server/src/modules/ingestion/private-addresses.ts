import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a store page must never resolve to: ingestion fetches URLs that strangers write (a store's source, its
 * sitemap, its redirects), and these would reach this machine, its network or the cloud's metadata service.
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the metadata service at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast, reserved and broadcast
] as const) {
  refused.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, fd00::/8 among them (fd00:ec2::254 is a metadata address)
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(net, bits, 'ipv6');
}
/** NAT64 addresses carry an IPv4 address in their last 32 bits; that one decides. */
const nat64 = new BlockList();
nat64.addSubnet('64:ff9b::', 96, 'ipv6');

function embeddedIpv4(address: string): string {
  const tail = address.slice(address.lastIndexOf(':') + 1);
  if (tail.includes('.')) return tail;
  const groups = address.split(':');
  const [high = 0, low = 0] = groups.slice(-2).map((g) => parseInt(g || '0', 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Loopback, private, link-local, metadata, multicast or unspecified (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return refused.check(address, 'ipv4');
  if (version !== 6) return true;
  if (nat64.check(address, 'ipv6')) return refused.check(embeddedIpv4(address), 'ipv4');
  return refused.check(address, 'ipv6');
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} is a private address (${address})`);
  }
}

/**
 * A DNS lookup for outgoing connections that refuses private addresses. It runs when the socket connects, so the
 * address checked is the address connected to: a name that resolves to a public address for a first check and
 * to 127.0.0.1 a moment later (DNS rebinding) is still refused.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new PrivateAddressError(hostname, bad.address), '', 0);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** An address written into the URL itself is connected to without a lookup: it is checked here instead. */
export function refuseLiteralPrivateHost(hostname: string, allowPrivate: boolean): void {
  const address = hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(address) && isPrivateAddress(address)) throw new PrivateAddressError(hostname, address);
}
