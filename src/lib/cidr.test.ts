import { describe, expect, it } from 'vitest';
import { cidrContains, IpAllowList, parseCidr } from './cidr.js';

function contains(cidr: string, ip: string): boolean {
  const c = parseCidr(cidr);
  if (!c) throw new Error(`bad cidr ${cidr}`);
  return cidrContains(c, ip);
}

describe('ip allow-list matching', () => {
  it('loopback-in-ipv4-range: 127.0.0.1 and its IPv4-mapped IPv6 form both match 127.0.0.0/8', () => {
    expect(contains('127.0.0.0/8', '127.0.0.1')).toBe(true);
    expect(contains('127.0.0.0/8', '::ffff:127.0.0.1')).toBe(true);
    expect(contains('10.0.0.0/8', '::ffff:127.0.0.1')).toBe(false);
  });

  it('prefix-boundary: a /20 includes its last address and excludes the next one', () => {
    expect(contains('192.168.16.0/20', '192.168.31.255')).toBe(true);
    expect(contains('192.168.16.0/20', '192.168.32.0')).toBe(false);
    expect(contains('192.168.16.0/20', '192.168.15.255')).toBe(false);
  });

  it('ipv6-compressed-forms: ::1 matches ::1/128 and 2001:db8::/32 covers expanded addresses', () => {
    expect(contains('::1/128', '::1')).toBe(true);
    expect(contains('::1', '::2')).toBe(false);
    expect(contains('2001:db8::/32', '2001:0db8:0000:0000:0000:0000:0000:0042')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db9::1')).toBe(false);
  });

  it('family-mismatch: an IPv6 range never matches a plain IPv4 address', () => {
    expect(contains('::/0', '127.0.0.1')).toBe(false);
    expect(contains('0.0.0.0/0', '127.0.0.1')).toBe(true);
  });

  it('invalid-cidrs-rejected: bad prefixes and non-addresses do not parse', () => {
    for (const bad of ['10.0.0.0/33', '::/129', 'example.com/8', '10.0.0.0/-1', '10.0.0.0/8/1', '300.1.1.1/8', '']) {
      expect(parseCidr(bad)).toBeUndefined();
    }
  });

  it('empty-list-allows-all but a set list refuses an unknown source', () => {
    expect(new IpAllowList([]).allows('8.8.8.8')).toBe(true);
    expect(new IpAllowList([parseCidr('10.0.0.0/8')!]).allows('8.8.8.8')).toBe(false);
    expect(new IpAllowList([parseCidr('10.0.0.0/8')!]).allows(undefined)).toBe(false);
  });

  it('mapped-forms-and-zones: every spelling of an IPv4-mapped address is the IPv4 address; a zone id is no part of an address', () => {
    for (const mapped of ['::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:0001', '::FFFF:127.0.0.1']) {
      expect(contains('127.0.0.0/8', mapped), mapped).toBe(true);
      expect(contains('::/0', mapped), mapped).toBe(false);
    }
    expect(contains('::ffff:0:0/96', '127.0.0.1')).toBe(false);
    expect(contains('fe80::/10', 'fe80::1%eth0')).toBe(true);
    expect(parseCidr('fe80::1%eth0/64')).toEqual({ address: 'fe80::1', family: 'ipv6', prefix: 64 });
  });

  it('host-bits-in-the-range: 10.1.2.3/8 is the range 10.0.0.0/8', () => {
    expect(contains('10.1.2.3/8', '10.200.0.1')).toBe(true);
    expect(contains('10.1.2.3/8', '11.0.0.1')).toBe(false);
  });

  it('prefix-required-for-enrollment: a bare address parses as a host, unless a prefix is required', () => {
    expect(parseCidr('10.0.0.1')).toEqual({ address: '10.0.0.1', family: 'ipv4', prefix: 32 });
    expect(parseCidr('10.0.0.1', { requirePrefix: true })).toBeUndefined();
    expect(parseCidr('2001:db8::/48', { requirePrefix: true })).toEqual({ address: '2001:db8::', family: 'ipv6', prefix: 48 });
  });
});
