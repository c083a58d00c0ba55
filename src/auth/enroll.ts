// API-key enrollment against the exchange (interface.md 4.3, wire.md 3.3):
// POST /v1/api-key/payload -> typed data + mac; wallet signs the typed data; the API key signs its
// EIP-712 digest (proof of possession); POST /v1/api-key/enroll -> ApiKeyInfo (bare or wrapped).

import { decodeApiKeyInfo, decodeApiKeyPayloadResponse } from '../protocol/decode/index.js';
import { DecodeError, PermanentError } from '../protocol/errors.js';
import type { ApiKeyEnrollRequest, ApiKeyInfo, ApiKeyPayloadRequest, Eip712TypedData } from '../protocol/frames.js';
import { proofOfPossession } from './eip712.js';
import { recoverTypedDataSigner } from './eip712-wallet.js';
import { checkFresh, checkServedTypedData } from './enroll-checks.js';
import { EnrollError, enrollHttpError } from './enroll-errors.js';
import { postJson } from './enroll-http.js';

export interface EnrollEndpoint {
  /** REST base, ending in /api. */
  restBase: string;
  chainId: number;
  /** Web app address, for hints (key management lives at {appUrl}/apikeys). */
  appUrl: string;
  /** Sent as the Origin header only when given. */
  origin?: string;
  fetchImpl?: typeof fetch;
}

export interface ServedPayload {
  typedData: Eip712TypedData;
  mac: string;
}

function malformed(step: string, e: unknown): PermanentError {
  const where = e instanceof DecodeError ? ` (${e.shortMessage} at ${e.path || 'top level'})` : '';
  return new PermanentError(`the exchange's answer to /v1/api-key/${step} is malformed${where}`, {
    hint: 'check that --base-url points at the exchange REST base (ending in /api)',
    cause: e,
  });
}

/** Step 1: the typed data to sign, checked to be for our chain, wallet and key. */
export async function fetchEnrollPayload(ep: EnrollEndpoint, req: ApiKeyPayloadRequest): Promise<ServedPayload> {
  const answer = await postJson(`${ep.restBase}/v1/api-key/payload`, req, { origin: ep.origin, fetchImpl: ep.fetchImpl });
  if (answer.status !== 200) {
    throw enrollHttpError(answer.status, { appUrl: ep.appUrl, step: 'payload', serverMessage: answer.message });
  }
  let served;
  try {
    served = decodeApiKeyPayloadResponse(answer.body);
  } catch (e) {
    throw malformed('payload', e);
  }
  checkServedTypedData(served.typed_data, { chainId: req.chain_id, address: req.address, publicKeyHex: req.public_key });
  return { typedData: served.typed_data, mac: served.mac };
}

export interface CompleteEnrollmentInput {
  /** The API key's Ed25519 seed (signs the proof of possession). */
  seed: Uint8Array;
  /** The signing wallet the payload was requested for. */
  address: string;
  typedData: Eip712TypedData;
  mac: string;
  /** The wallet's EIP-712 signature, 0x + 130 hex. */
  signature: string;
  fetchedAt: number;
  targetProfile?: string;
  now?: number;
}

/** Step 2: refuses stale payloads and signatures from another wallet, then enrolls. */
export async function completeEnrollment(ep: EnrollEndpoint, i: CompleteEnrollmentInput): Promise<ApiKeyInfo> {
  checkFresh(i.typedData, i.fetchedAt, i.now ?? Date.now());
  const recovered = await recoverTypedDataSigner(i.typedData, i.signature);
  if (recovered.toLowerCase() !== i.address.toLowerCase()) {
    throw new EnrollError(
      `the wallet signature was made by ${recovered}, not by the wallet ${i.address} the payload was requested for`,
      undefined,
      'sign the printed typed data with that wallet, or start again with --address set to the signing wallet',
    );
  }
  const body: ApiKeyEnrollRequest = {
    chain_id: ep.chainId,
    address: i.address,
    typed_data: i.typedData,
    mac: i.mac,
    signature: i.signature.trim(),
    pop_signature: proofOfPossession(i.seed, i.typedData),
  };
  if (i.targetProfile !== undefined) body.target_profile = i.targetProfile;
  const answer = await postJson(`${ep.restBase}/v1/api-key/enroll`, body, { origin: ep.origin, fetchImpl: ep.fetchImpl });
  if (answer.status !== 200) {
    throw enrollHttpError(answer.status, { appUrl: ep.appUrl, step: 'enroll', serverMessage: answer.message });
  }
  try {
    return decodeApiKeyInfo(answer.body);
  } catch (e) {
    throw malformed('enroll', e);
  }
}
