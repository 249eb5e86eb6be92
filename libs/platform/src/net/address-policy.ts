import { BlockList, isIP } from 'node:net';

/**
 * Which IP addresses an outbound call to a user-supplied URL may reach (ARCHITECTURE.md ›
 * Local run and test contract): only public unicast ones. Refused: unspecified, loopback,
 * private (RFC 1918, IPv6 ULA), carrier-grade NAT, link-local, multicast, broadcast and the
 * reserved and documentation ranges; IPv6 forms that embed an IPv4 address (mapped,
 * SIIT-translated, IPv4-compatible, NAT64, 6to4) are judged by that address.
 */
const IPV4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved (and broadcast)'],
];

const IPV6_RANGES: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'private (unique local)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
];

const ranges = (() => {
  const list: { block: BlockList; family: 'ipv4' | 'ipv6'; reason: string }[] = [];
  for (const [network, prefix, reason] of IPV4_RANGES) {
    const block = new BlockList();
    block.addSubnet(network, prefix, 'ipv4');
    list.push({ block, family: 'ipv4', reason });
  }
  for (const [network, prefix, reason] of IPV6_RANGES) {
    const block = new BlockList();
    block.addSubnet(network, prefix, 'ipv6');
    list.push({ block, family: 'ipv6', reason });
  }
  return list;
})();

/** Why `address` is not a public unicast address, or null when it is one. Not an IP at all: a reason too. */
export function nonPublicReason(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 4) return ipv4Reason(address);
  const bytes = ipv6Bytes(address);
  if (!bytes) return 'not an IP address';
  const embedded = embeddedIpv4(bytes);
  if (embedded) {
    const reason = ipv4Reason(embedded);
    return reason ? `${reason} (${embedded} inside ${address})` : null;
  }
  for (const range of ranges) if (range.family === 'ipv6' && range.block.check(address, 'ipv6')) return range.reason;
  return null;
}

export function isPublicAddress(address: string): boolean {
  return nonPublicReason(address) === null;
}

function ipv4Reason(address: string): string | null {
  for (const range of ranges) if (range.family === 'ipv4' && range.block.check(address, 'ipv4')) return range.reason;
  return null;
}

/**
 * The IPv4 address carried by an IPv4-mapped (::ffff:0:0/96), IPv4-translated (SIIT,
 * ::ffff:0:0:0/96, RFC 6145), IPv4-compatible, NAT64 (64:ff9b::/96, RFC 6052) or 6to4
 * (2002::/16) address. The local-use NAT64 prefix 64:ff9b:1::/48 is refused as a range.
 */
function embeddedIpv4(b: number[]): string | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const quad = (at: number) => b.slice(at, at + 4).join('.');
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return quad(12);
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return quad(12);
  // IPv4-compatible (deprecated ::a.b.c.d); `::` and `::1` themselves are judged as IPv6.
  if (zeros(0, 12) && !zeros(12, 15)) return quad(12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return quad(12);
  if (b[0] === 0x20 && b[1] === 0x02) return quad(2);
  return null;
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const quad = last.split('.').map(Number);
    if (quad.length !== 4 || quad.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return null;
    const word = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = `${text.slice(0, lastColon + 1)}${word(quad[0]!, quad[1]!)}:${word(quad[2]!, quad[3]!)}`;
  }
  const parts = text.split('::');
  if (parts.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(':').map((w) => (/^[0-9a-f]{1,4}$/.test(w) ? parseInt(w, 16) : NaN)) : []);
  const head = parse(parts[0]);
  const rest = parse(parts[1]);
  if ([...head, ...rest].some(Number.isNaN)) return null;
  const missing = 8 - head.length - rest.length;
  if (parts.length === 1 ? missing !== 0 : missing < 1) return null;
  const words = [...head, ...Array<number>(parts.length === 2 ? missing : 0).fill(0), ...rest];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}
