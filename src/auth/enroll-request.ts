// Turning `perpl keys enroll` options into an ApiKeyPayloadRequest (wire.md 3.3): scope names,
// expiry dates, and allow-list CIDRs checked before anything is sent.

import { isAddress } from 'viem';
import { parseCidr } from '../lib/cidr.js';
import { InputError } from '../protocol/errors.js';
import type { ApiKeyPayloadRequest } from '../protocol/frames.js';

export const MAX_IP_CIDRS = 4;

/** read -> 1; trade -> 3 (trade implies read; the server reports 2 as 3 anyway). */
export function scopeMaskFor(scope: string): number {
  if (scope === 'read') return 1;
  if (scope === 'trade') return 3;
  throw new InputError(`unknown scope "${scope}"`, { hint: 'use --scope read or --scope trade' });
}

/** Human form of a scope mask. */
export function scopeName(mask: number | undefined): string {
  if (mask === undefined) return 'unknown';
  if (mask & 2) return 'trade (read + trade)';
  if (mask & 1) return 'read';
  return `none (${mask})`;
}

const RELATIVE = /^(\d+)\s*(m|h|d|w)$/i;
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/**
 * `--expires`: an ISO date (2026-12-31, end of that day UTC), an ISO date-time, or a duration from now
 * (90m, 12h, 30d, 4w). Returns Unix ms; `never`/`0` gives 0. The time must be in the future.
 */
export function parseExpiry(text: string, nowMs: number): number {
  const t = text.trim();
  if (t === 'never' || t === '0') return 0;
  const rel = RELATIVE.exec(t);
  let ms: number;
  if (rel) {
    ms = nowMs + Number(rel[1]) * UNIT_MS[rel[2]!.toLowerCase()]!;
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(t)) {
    ms = Date.parse(`${t}T23:59:59.999Z`);
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(t)) {
    ms = Date.parse(t);
  } else {
    ms = NaN;
  }
  if (!Number.isFinite(ms)) {
    throw new InputError(`--expires "${text}" is not a date`, { hint: 'use e.g. 2026-12-31, 2026-12-31T18:00Z, 30d, 12h or never' });
  }
  if (ms <= nowMs) throw new InputError(`--expires "${text}" is in the past`);
  return ms;
}

/** Throws InputError unless `text` is an IPv4 or IPv6 CIDR (address/prefix). */
export function checkCidr(text: string): string {
  const t = text.trim();
  if (!parseCidr(t, { requirePrefix: true })) {
    throw new InputError(`--ip-cidr "${text}" is not an IPv4 or IPv6 CIDR`, { hint: 'write it as address/prefix, e.g. 203.0.113.0/24 or 2001:db8::/48' });
  }
  return t;
}

export function checkCidrs(list: readonly string[]): string[] {
  if (list.length > MAX_IP_CIDRS) {
    throw new InputError(`${list.length} --ip-cidr values given; the exchange allows at most ${MAX_IP_CIDRS}`);
  }
  return list.map(checkCidr);
}

export function checkAddress(text: string, what: string): string {
  if (!isAddress(text.trim(), { strict: false })) throw new InputError(`${what} "${text}" is not an Ethereum address`);
  return text.trim();
}

export interface PayloadRequestInput {
  chainId: number;
  /** The signing wallet (owner or operator). */
  address: string;
  publicKeyHex: string;
  scopeMask: number;
  label: string;
  /** Unix ms; 0/undefined = never. */
  expiresAt?: number;
  ipCidrs?: readonly string[];
  targetProfile?: string;
}

/** The JSON body of POST /v1/api-key/payload, validated. */
export function buildPayloadRequest(i: PayloadRequestInput): ApiKeyPayloadRequest {
  const label = i.label.trim();
  if (label === '') throw new InputError('--label is required', { hint: 'name the key, e.g. --label my-tui (it is shown in the web app)' });
  const req: ApiKeyPayloadRequest = {
    chain_id: i.chainId,
    address: checkAddress(i.address, 'wallet address'),
    public_key: i.publicKeyHex,
    scope_mask: i.scopeMask,
    label,
  };
  if (i.expiresAt) req.expires_at = i.expiresAt;
  const cidrs = checkCidrs(i.ipCidrs ?? []);
  if (cidrs.length > 0) req.ip_cidrs = cidrs;
  if (i.targetProfile !== undefined) req.target_profile = checkAddress(i.targetProfile, '--target-profile');
  return req;
}
