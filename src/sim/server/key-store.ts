// The sim's API-key registry: public keys only (the server never stores seeds), with scope, expiry and
// IP allow-list, indexed by token and by public key (a key once registered, even revoked, is never re-enrolled).

import { randomBytes } from 'node:crypto';
import { ScopeMask, type ApiKeyInfo } from '../../protocol/index.js';
import { IpAllowList, parseCidr, type Cidr } from '../../lib/cidr.js';

export const MAX_ACTIVE_KEYS_PER_PROFILE = 16;
export const MAX_IP_CIDRS = 4;

export interface StoredKey {
  token: string;
  publicKey: Uint8Array;
  /** Lower-case principal address (the profile the key acts for). */
  address: string;
  /** Effective scope: trade implies read. */
  scopeMask: number;
  label: string;
  /** Milliseconds; 0 = never. */
  expiresAt: number;
  ipCidrs: string[];
  /** ipCidrs, parsed: the addresses the key may sign from. */
  allowList: IpAllowList;
  origin: string;
  createdAt: number;
  lastUsedAt: number;
  revoked: boolean;
  /** Lower-case wallet that enrolled the key (an operator when it is not `address`); undefined when issued directly. */
  enrolledBy: string | undefined;
}

export interface NewKey {
  publicKey: Uint8Array;
  address: string;
  scopeMask: number;
  label?: string;
  expiresAt?: number;
  ipCidrs?: string[];
  origin?: string;
  enrolledBy?: string;
}

/** Trade implies read (the server reports scope 2 as 3). */
export function effectiveScope(mask: number): number {
  return mask & ScopeMask.Trade ? ScopeMask.ReadTrade : mask & ScopeMask.Read;
}

/** Parses an allow-list; undefined when it has too many entries or an invalid one. */
export function parseCidrList(list: readonly string[]): IpAllowList | undefined {
  if (list.length > MAX_IP_CIDRS) return undefined;
  const out: Cidr[] = [];
  for (const text of list) {
    const c = parseCidr(text);
    if (!c) return undefined;
    out.push(c);
  }
  return new IpAllowList(out);
}

export class KeyStore {
  private readonly byToken = new Map<string, StoredKey>();
  private readonly byPublicKey = new Map<string, StoredKey>();

  /** Registers a key; throws when the public key was ever registered or the allow-list is invalid. */
  add(k: NewKey, nowMs: number): StoredKey {
    const pkHex = Buffer.from(k.publicKey).toString('hex');
    if (this.byPublicKey.has(pkHex)) throw new Error('public key already registered');
    const ipCidrs = k.ipCidrs ?? [];
    const allowList = parseCidrList(ipCidrs);
    if (!allowList) throw new Error('invalid ip_cidrs');
    const stored: StoredKey = {
      token: randomBytes(24).toString('base64url'),
      publicKey: new Uint8Array(k.publicKey),
      address: k.address.toLowerCase(),
      scopeMask: effectiveScope(k.scopeMask),
      label: k.label ?? '',
      expiresAt: k.expiresAt ?? 0,
      ipCidrs: [...ipCidrs],
      allowList,
      origin: k.origin ?? '',
      createdAt: nowMs,
      lastUsedAt: 0,
      revoked: false,
      enrolledBy: k.enrolledBy?.toLowerCase(),
    };
    this.byToken.set(stored.token, stored);
    this.byPublicKey.set(pkHex, stored);
    return stored;
  }

  get(token: string): StoredKey | undefined {
    return this.byToken.get(token);
  }

  isPublicKeyKnown(publicKey: Uint8Array): boolean {
    return this.byPublicKey.has(Buffer.from(publicKey).toString('hex'));
  }

  revoke(token: string): void {
    const k = this.byToken.get(token);
    if (k) k.revoked = true;
  }

  /** Revokes every key `wallet` enrolled for `profile` (an operator removed loses what it enrolled); returns how many. */
  revokeEnrolledBy(profile: string, wallet: string): number {
    const p = profile.toLowerCase();
    const w = wallet.toLowerCase();
    let n = 0;
    for (const k of this.byToken.values()) {
      if (k.address === p && k.enrolledBy === w && !k.revoked) {
        k.revoked = true;
        n++;
      }
    }
    return n;
  }

  /** Keys of a profile that are neither revoked nor expired. */
  activeCount(address: string, nowMs: number): number {
    const a = address.toLowerCase();
    let n = 0;
    for (const k of this.byToken.values()) if (k.address === a && isUsable(k, nowMs)) n++;
    return n;
  }
}

export function isUsable(k: StoredKey, nowMs: number): boolean {
  return !k.revoked && (k.expiresAt === 0 || nowMs <= k.expiresAt);
}

export function keyInfo(k: StoredKey): ApiKeyInfo {
  return {
    api_key: k.token,
    address: k.address,
    scope_mask: k.scopeMask,
    label: k.label,
    ip_cidrs: [...k.ipCidrs],
    origin: k.origin,
    expires_at: k.expiresAt,
    last_used_at: k.lastUsedAt,
    created_at: k.createdAt,
  };
}
