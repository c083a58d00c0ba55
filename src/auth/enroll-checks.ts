// Checks on the typed data the server hands back, before anything is signed: it must be the registration
// type, name the chain, wallet and public key we asked about, and be fresh. Signing a payload for
// something else is refused.

import { sanitizeText } from '../protocol/sanitize-text.js';
import { EnrollError, StalePayloadError, WrongChainError } from './enroll-errors.js';
import { checkTypedData, integerValue, type TypedDataJson } from './eip712.js';

/** Client-side staleness policy (wire.md 3.3): payloads older than this are not signed or sent. */
export const PAYLOAD_MAX_AGE_MS = 15 * 60_000;

const START_AGAIN = 'start again: run the same `perpl keys enroll` command with --print-typed-data (or use --wallet-key-file)';

export interface ExpectedPayload {
  chainId: number;
  /** Signing wallet address. */
  address: string;
  /** `0x` + 64 hex of the API public key. */
  publicKeyHex: string;
}

/** The primaryType of the registration payload (wire.md 3.3): nothing else is ever signed. */
export const REGISTER_PRIMARY_TYPE = 'PerplRegisterApiKey';

const REFUSED = 'refused, nothing signed';

/** A field of the primary type's message, only when the served types list it (else it is not signed). */
function signedMessageString(td: TypedDataJson, field: string): string | undefined {
  if (!td.types[td.primaryType]?.some((f) => f.name === field)) return undefined;
  const v = td.message[field];
  return typeof v === 'string' ? v : undefined;
}

/** The domain's chain id, only when it is signed: listed in a served EIP712Domain (or none is served). */
function signedChainId(td: TypedDataJson): bigint | undefined {
  const served = td.types.EIP712Domain;
  if (served !== undefined && !served.some((f) => f.name === 'chainId')) return undefined;
  if (td.domain.chainId === undefined) return undefined;
  return integerValue(td.domain.chainId, 'domain.chainId');
}

function missing(what: string): EnrollError {
  return new EnrollError(`the typed data names no ${what}: ${REFUSED}`, undefined, START_AGAIN);
}

/**
 * Refuses typed data that is not a PerplRegisterApiKey for our chain, signing wallet and public key. Each
 * of the three must be present among the signed fields and equal to what was asked: typed data that
 * leaves one out (a token Permit, say) could authorize something else, so it is never signed.
 */
export function checkServedTypedData(value: unknown, expected: ExpectedPayload): TypedDataJson {
  const td = checkTypedData(value);
  if (td.primaryType !== REGISTER_PRIMARY_TYPE) {
    throw new EnrollError(
      `the typed data is a ${sanitizeText(td.primaryType, 64)}, not the ${REGISTER_PRIMARY_TYPE} registration this enrollment asked for: ${REFUSED}`,
      undefined,
      START_AGAIN,
    );
  }
  const chainId = signedChainId(td);
  if (chainId === undefined) throw missing('chain id');
  if (chainId !== BigInt(expected.chainId)) {
    throw new WrongChainError(
      `wrong chain: the typed data is for chain ${chainId}, but this enrollment is for chain ${expected.chainId}`,
      undefined,
      'check --network, or --base-url together with --chain-id',
    );
  }
  const signer = signedMessageString(td, 'signer');
  if (signer === undefined) throw missing('signer');
  if (signer.toLowerCase() !== expected.address.toLowerCase()) {
    throw new EnrollError(`the typed data names signer ${sanitizeText(signer, 64)}, not the wallet ${expected.address}`, undefined, START_AGAIN);
  }
  const servedKey = signedMessageString(td, 'publicKey');
  if (servedKey === undefined) throw missing('API public key');
  const ours = Buffer.from(expected.publicKeyHex.replace(/^0x/i, ''), 'hex');
  const matches = servedKey === ours.toString('base64url') || servedKey.toLowerCase().replace(/^0x/, '') === ours.toString('hex');
  if (!matches) throw new EnrollError('the typed data is for a different API public key than this key file', undefined, START_AGAIN);
  return td;
}

/** Issuance time of the payload in ms (message.time), when present. */
export function payloadTimeMs(value: unknown): number | undefined {
  const td = checkTypedData(value);
  if (td.message.time === undefined) return undefined;
  return Number(integerValue(td.message.time, 'message.time'));
}

/** Refuses a payload older than 15 minutes by its `time` or by when we fetched it. */
export function checkFresh(value: unknown, fetchedAtMs: number, nowMs: number, maxAgeMs = PAYLOAD_MAX_AGE_MS): void {
  const issued = payloadTimeMs(value);
  const oldest = Math.min(fetchedAtMs, issued ?? fetchedAtMs);
  const ageMs = nowMs - oldest;
  if (ageMs > maxAgeMs) {
    throw new StalePayloadError(
      `the enrollment payload is stale: fetched ${Math.round(ageMs / 60_000)} min ago, the limit is ${Math.round(maxAgeMs / 60_000)} min`,
      undefined,
      START_AGAIN,
    );
  }
}
