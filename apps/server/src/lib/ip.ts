import { BlockList, isIP } from 'node:net';

/**
 * Small IP helpers shared by configuration (TRUSTED_PROXIES) and visitor location. Node's `net`
 * module does the parsing so no hand-written address grammar can drift from what the socket layer
 * produces.
 */

/** Strips the IPv4-mapped IPv6 prefix that dual-stack sockets report ("::ffff:1.2.3.4" → "1.2.3.4"). */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** True for an IPv4/IPv6 address or a CIDR block with a prefix length valid for its family. */
export function isIpOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (address === undefined || rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Loopback, private, link-local, carrier-grade NAT and unique-local ranges: never geolocated. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
nonPublic.addAddress('::', 'ipv6');
nonPublic.addAddress('::1', 'ipv6');
nonPublic.addSubnet('fc00::', 7, 'ipv6');
nonPublic.addSubnet('fe80::', 10, 'ipv6');

export function isNonPublicIp(ip: string): boolean {
  const address = normalizeIp(ip);
  const family = isIP(address);
  if (family === 0) return true;
  return nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
