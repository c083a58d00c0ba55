// IPv4/IPv6 CIDRs: parsing (the key enrollment's `--ip-cidr` check and the local exchange's allow-lists
// take the same text) and matching with Node's `net.BlockList`. Imports no layer; every layer may import it.
// An IPv4-mapped IPv6 address (::ffff:127.0.0.1, what node reports on dual-stack sockets) is the IPv4
// address it maps: it matches IPv4 ranges and no IPv6 one; a plain IPv4 address never matches an IPv6
// range (BlockList alone would match both ways).

import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type IpFamily = 'ipv4' | 'ipv6';

export interface Cidr {
  /** The network address as written (any zone id removed). */
  address: string;
  family: IpFamily;
  /** Leading bits that must match: 0..32 or 0..128. */
  prefix: number;
}

/** A zone id (`%eth0`) names an interface of this machine; it is no part of the address. */
function withoutZone(ip: string): string {
  return ip.replace(/%.*$/, '');
}

/**
 * Parses `a.b.c.d/n` or `x::y/n`, or, unless `requirePrefix`, a bare address (a full-length prefix);
 * undefined when it is anything else.
 */
export function parseCidr(text: string, opts: { requirePrefix?: boolean } = {}): Cidr | undefined {
  const [addr, prefixText, extra] = text.trim().split('/');
  if (!addr || extra !== undefined) return undefined;
  if (prefixText === undefined && opts.requirePrefix) return undefined;
  const address = withoutZone(addr);
  const family: IpFamily | undefined = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return undefined;
  const max = family === 'ipv4' ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  return { address, family, prefix };
}

/** ::ffff:0:0/96, the IPv4-mapped IPv6 addresses. */
const MAPPED_IPV4 = new BlockList();
MAPPED_IPV4.addSubnet('::ffff:0.0.0.0', 96, 'ipv6');

/** An allow-list of ranges; empty allows every address. */
export class IpAllowList {
  private readonly v4 = new BlockList();
  private readonly v6 = new BlockList();
  readonly size: number;

  constructor(cidrs: readonly Cidr[]) {
    for (const c of cidrs) (c.family === 'ipv4' ? this.v4 : this.v6).addSubnet(c.address, c.prefix, c.family);
    this.size = cidrs.length;
  }

  /** True when the list is empty or `ip` is inside one of its ranges; false for no address or not an address. */
  allows(ip: string | undefined): boolean {
    if (this.size === 0) return true;
    return ip !== undefined && this.contains(ip);
  }

  /** True when `ip` is inside one of the ranges. */
  contains(ip: string): boolean {
    const bare = withoutZone(ip);
    if (isIPv4(bare)) return this.v4.check(bare, 'ipv4');
    if (!isIPv6(bare)) return false;
    // BlockList checks a mapped address against the IPv4 ranges itself.
    return MAPPED_IPV4.check(bare, 'ipv6') ? this.v4.check(bare, 'ipv6') : this.v6.check(bare, 'ipv6');
  }
}

/** True when `cidr` contains `ip` (the rules of IpAllowList). */
export function cidrContains(cidr: Cidr, ip: string): boolean {
  return new IpAllowList([cidr]).contains(ip);
}
