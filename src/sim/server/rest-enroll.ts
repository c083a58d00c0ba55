// Programmatic API-key enrollment (interface.md 4.3, wire.md 3.3): /v1/api-key/payload serves the
// PerplRegisterApiKey typed data with a MAC; /v1/api-key/enroll checks the MAC, freshness, the wallet
// signature (viem) and the Ed25519 proof of possession over the EIP-712 digest, and that the signer owns
// or operates the target profile (403 otherwise), then registers the key.

import type { Eip712TypedData } from '../../protocol/index.js';
import { decodeApiKeyEnrollRequest, decodeApiKeyPayloadRequest, parseJson } from '../../protocol/decode/index.js';
import { verifyEd25519 } from '../../lib/ed25519.js';
import {
  buildEnrollmentTypedData,
  enrollmentDigest,
  enrollmentMac,
  macMatches,
  recoverEnrollmentSigner,
} from './enrollment-typed-data.js';
import { errorReply, json, type Reply } from './http-io.js';
import { effectiveScope, keyInfo, MAX_ACTIVE_KEYS_PER_PROFILE, parseCidrList } from './key-store.js';
import type { SimState } from './sim-state.js';

/** The 403 reason when the signing wallet may not act for the target profile (live: not documented). */
export const NOT_OWNER_OR_OPERATOR = 'signing wallet is neither the owner nor a registered operator of target_profile';

/** The 400 reason for an `expires_at` that has already passed (a key that could never be used). */
export const EXPIRES_AT_PAST = 'expires_at is in the past';

/** 422 when an Origin is present and not on the allow-list; a missing Origin is accepted (non-browser). */
function originCheck(state: SimState, origin: string | undefined): Reply | undefined {
  if (origin === undefined || origin === '') return undefined;
  return state.limits.allowedOrigins.includes(origin) ? undefined : errorReply(422, 'origin not allowed');
}

function decodeBody<T>(body: Uint8Array, decode: (v: unknown) => T): T | undefined {
  try {
    return decode(parseJson(body));
  } catch {
    return undefined;
  }
}

function publicKeyBytes(text: string): Uint8Array | undefined {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text.replace(/^0x/, ''), 'hex'));
}

/** viem's isAddress with strict: false (any case, no checksum check): 0x and 40 hex digits. */
function isAddress(text: string): boolean {
  return /^0x[a-fA-F0-9]{40}$/.test(text);
}

export function postPayload(state: SimState, body: Uint8Array, origin: string | undefined): Reply {
  const bad = originCheck(state, origin);
  if (bad) return bad;
  const req = decodeBody(body, decodeApiKeyPayloadRequest);
  if (!req) return errorReply(400, 'malformed payload request');
  if (req.chain_id !== state.chainId) return errorReply(400, 'wrong chain_id');
  if (!isAddress(req.address)) return errorReply(400, 'invalid address');
  if (req.target_profile !== undefined && !isAddress(req.target_profile)) {
    return errorReply(400, 'invalid target_profile');
  }
  const publicKey = publicKeyBytes(req.public_key);
  if (!publicKey) return errorReply(400, 'public_key must be 0x + 64 hex');
  if (req.scope_mask < 1 || req.scope_mask > 3) return errorReply(400, 'scope_mask must be 1, 2 or 3');
  if (req.label.trim() === '') return errorReply(400, 'label is required');
  const ipCidrs = req.ip_cidrs ?? [];
  if (!parseCidrList(ipCidrs)) return errorReply(400, 'ip_cidrs: at most 4 valid CIDRs');
  // A key born expired is refused (0 or absent: it never expires).
  if ((req.expires_at ?? 0) !== 0 && (req.expires_at ?? 0) <= Date.now()) return errorReply(400, EXPIRES_AT_PAST);
  const typedData = buildEnrollmentTypedData({
    chainId: state.chainId,
    signer: req.address,
    publicKey,
    effectiveScope: effectiveScope(req.scope_mask),
    label: req.label,
    expiresAt: req.expires_at ?? 0,
    ipCidrs,
    origin: origin ?? '',
    timeMs: Date.now(),
  });
  return json(200, { typed_data: typedData, mac: enrollmentMac(state.macSecret, typedData) });
}

function messageString(td: Eip712TypedData, field: string): string | undefined {
  const v = td.message[field];
  return typeof v === 'string' ? v : undefined;
}

export async function postEnroll(state: SimState, body: Uint8Array, origin: string | undefined): Promise<Reply> {
  const bad = originCheck(state, origin);
  if (bad) return bad;
  const req = decodeBody(body, decodeApiKeyEnrollRequest);
  if (!req) return errorReply(400, 'malformed enroll request');
  if (req.chain_id !== state.chainId) return errorReply(400, 'wrong chain_id');
  const td = req.typed_data;
  if (!macMatches(state.macSecret, td, req.mac)) return errorReply(400, 'payload mac mismatch');
  // The MAC vouches for everything below: these fields are the server's own.
  const time = Number(BigInt(String(td.message['time'] ?? '0')));
  if (!(Date.now() - time <= state.limits.enrollPayloadMaxAgeMs)) return errorReply(400, 'stale payload');
  const signer = messageString(td, 'signer')?.toLowerCase();
  if (!signer || signer !== req.address.toLowerCase()) return errorReply(400, 'address does not match payload');

  const principal = (req.target_profile ?? req.address).toLowerCase();
  const recovered = await recoverEnrollmentSigner(td, req.signature);
  if (recovered !== signer) return errorReply(401, 'wallet signature does not match address');
  const publicKey = Buffer.from(messageString(td, 'publicKey') ?? '', 'base64url');
  const pop = /^0x[0-9a-fA-F]{128}$/.test(req.pop_signature) ? Buffer.from(req.pop_signature.slice(2), 'hex') : undefined;
  if (!pop || !verifyEd25519(publicKey, await enrollmentDigest(td), pop)) {
    return errorReply(401, 'proof of possession does not verify');
  }
  // Whether a profile has an account is told only to a request whose signatures verify, so an unsigned
  // probe learns nothing; then 404 before 403, as live documents "404 target profile not found" (wire.md
  // 3.3). A signed request can still learn it, as anyone can on-chain (getAccountByAddr).
  if (state.engine.accountsOf(principal).length === 0) {
    return errorReply(404, req.target_profile !== undefined ? 'target profile not found' : 'no exchange account for this address');
  }
  // A target profile is the signer's to name only when it owns the profile or operates it.
  if (!state.delegations.mayActFor(signer, principal)) {
    state.log(`enroll refused: ${signer} is not an owner or operator of ${principal}`);
    return errorReply(403, NOT_OWNER_OR_OPERATOR);
  }
  if (state.keys.isPublicKeyKnown(publicKey)) return errorReply(409, 'public key already registered');
  const now = Date.now();
  if (state.keys.activeCount(principal, now) >= MAX_ACTIVE_KEYS_PER_PROFILE) {
    return errorReply(423, 'api key limit reached');
  }
  const expiresAt = Number(messageString(td, 'expiresAt') ?? '0');
  // The payload was fresh when served; the expiry it names may have passed since.
  if (expiresAt !== 0 && expiresAt <= now) return errorReply(400, EXPIRES_AT_PAST);
  const ipCidrsText = messageString(td, 'ipCidrs') ?? '';
  const stored = state.keys.add(
    {
      publicKey,
      address: principal,
      scopeMask: Number(messageString(td, 'scope') ?? '0'),
      label: messageString(td, 'label') ?? '',
      expiresAt,
      ipCidrs: ipCidrsText === '' ? [] : ipCidrsText.split(','),
      origin: messageString(td, 'origin') ?? '',
      enrolledBy: signer,
    },
    now,
  );
  state.log(`enrolled api key for ${principal} scope ${stored.scopeMask}`);
  return json(200, { api_key: keyInfo(stored) });
}
