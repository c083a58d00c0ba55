// IPv4/IPv6 CIDR parsing and matching for API-key allow-lists. IPv4-mapped IPv6 addresses
// (::ffff:127.0.0.1, what node reports on dual-stack sockets) match IPv4 ranges.

import { isIPv4, isIPv6 } from 'node:net';

export interface Cidr {
  /** 4 or 16 bytes. */
  bytes: Uint8Array;
  prefix: number;
}

function ipv4Bytes(ip: string): Uint8Array {
  return new Uint8Array(ip.split('.').map((p) => Number(p)));
}

function ipv6Bytes(ip: string): Uint8Array {
  let text = ip;
  // A trailing dotted IPv4 part occupies the last two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const v4 = ipv4Bytes(tail);
    text = `${text.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restGroups];
  const out = new Uint8Array(16);
  groups.forEach((g, i) => {
    const v = parseInt(g, 16);
    out[i * 2] = v >> 8;
    out[i * 2 + 1] = v & 0xff;
  });
  return out;
}

/** Address bytes, with IPv4-mapped IPv6 reduced to 4 bytes; undefined when not an IP address. */
export function ipBytes(ip: string): Uint8Array | undefined {
  const bare = ip.replace(/%.*$/, '');
  if (isIPv4(bare)) return ipv4Bytes(bare);
  if (!isIPv6(bare)) return undefined;
  const b = ipv6Bytes(bare);
  const mapped = b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
  return mapped ? b.slice(12) : b;
}

/** Parses `a.b.c.d/n`, `x::y/n` or a bare address (full-length prefix); undefined when invalid. */
export function parseCidr(text: string): Cidr | undefined {
  const [addr, prefixText, extra] = text.trim().split('/');
  if (!addr || extra !== undefined) return undefined;
  const bare = addr.replace(/%.*$/, '');
  if (!isIPv4(bare) && !isIPv6(bare)) return undefined;
  const bytes = isIPv4(bare) ? ipv4Bytes(bare) : ipv6Bytes(bare);
  const max = bytes.length * 8;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  return { bytes, prefix };
}

export function cidrContains(cidr: Cidr, ip: string): boolean {
  const addr = ipBytes(ip);
  if (!addr || addr.length !== cidr.bytes.length) return false;
  let bits = cidr.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((addr[i]! & mask) !== (cidr.bytes[i]! & mask)) return false;
  }
  return true;
}

/** True when no allow-list is set or `ip` is inside one of its ranges. */
export function ipAllowed(cidrs: readonly Cidr[], ip: string | undefined): boolean {
  if (cidrs.length === 0) return true;
  if (!ip) return false;
  return cidrs.some((c) => cidrContains(c, ip));
}
