// The EIP-712 PerplRegisterApiKey typed data exactly as the live payload endpoint serves it
// (wire.md 3.3), its digest, and wallet-signature recovery with viem. chainId and time travel as
// hex strings and are hashed as integers. viem is imported at the first enrollment, not with the
// exchange: the terminal starts the exchange in-process, and viem's load would delay its first frame.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { hashTypedData, Hex } from 'viem';
import type { Eip712TypedData } from '../../protocol/index.js';
import { canonicalJson } from './canonical-json.js';

export const ENROLL_STATEMENT = 'I authorize the creation of Perpl API key with the specified scope and parameters';
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export const ENROLL_TYPES = {
  EIP712Domain: [
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
    { name: 'salt', type: 'bytes32' },
  ],
  PerplRegisterApiKey: [
    { name: 'signer', type: 'address' },
    { name: 'statement', type: 'string' },
    { name: 'publicKey', type: 'string' },
    { name: 'scope', type: 'string' },
    { name: 'label', type: 'string' },
    { name: 'expiresAt', type: 'string' },
    { name: 'ipCidrs', type: 'string' },
    { name: 'origin', type: 'string' },
    { name: 'builderId', type: 'string' },
    { name: 'maxBuilderFeePer100K', type: 'string' },
    { name: 'time', type: 'uint64' },
  ],
};

export interface EnrollmentFields {
  chainId: number;
  signer: string;
  publicKey: Uint8Array;
  effectiveScope: number;
  label: string;
  expiresAt: number;
  ipCidrs: string[];
  origin: string;
  timeMs: number;
}

/** Salt: 20 zero bytes, then 4 bytes of unix seconds and 8 random bytes (unique per request). */
function requestSalt(timeMs: number): string {
  const tail = Buffer.alloc(12);
  tail.writeUInt32BE(Math.floor(timeMs / 1000) >>> 0, 0);
  randomBytes(8).copy(tail, 4);
  return `0x${'00'.repeat(20)}${tail.toString('hex')}`;
}

export function buildEnrollmentTypedData(f: EnrollmentFields): Eip712TypedData {
  return {
    types: ENROLL_TYPES,
    primaryType: 'PerplRegisterApiKey',
    domain: {
      name: 'perpl.xyz',
      version: '1',
      chainId: `0x${f.chainId.toString(16)}`,
      verifyingContract: ZERO_ADDRESS,
      salt: requestSalt(f.timeMs),
    },
    message: {
      signer: f.signer,
      statement: ENROLL_STATEMENT,
      publicKey: Buffer.from(f.publicKey).toString('base64url'),
      scope: String(f.effectiveScope),
      label: f.label,
      expiresAt: String(f.expiresAt),
      ipCidrs: f.ipCidrs.join(','),
      origin: f.origin,
      builderId: '0',
      maxBuilderFeePer100K: '0',
      time: `0x${f.timeMs.toString(16)}`,
    },
  };
}

/** HMAC-SHA256 (base64url) over the canonical JSON of the typed data. */
export function enrollmentMac(secret: Uint8Array, typedData: unknown): string {
  return createHmac('sha256', secret).update(canonicalJson(typedData)).digest('base64url');
}

export function macMatches(secret: Uint8Array, typedData: unknown, mac: string): boolean {
  const expected = Buffer.from(enrollmentMac(secret, typedData));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type ViemTypedData = Parameters<typeof hashTypedData>[0];

/** Converts the served form (hex chainId/time, types incl. EIP712Domain) into what viem hashes. */
function viemTypedData(td: Eip712TypedData): ViemTypedData {
  const { EIP712Domain: _domainTypes, ...types } = td.types;
  const domain = { ...td.domain, chainId: BigInt(String(td.domain.chainId)) };
  const message: Record<string, unknown> = { ...td.message };
  for (const field of td.types[td.primaryType] ?? []) {
    if (/^u?int\d*$/.test(field.type) && typeof message[field.name] === 'string') {
      message[field.name] = BigInt(message[field.name] as string);
    }
  }
  return { domain, types, primaryType: td.primaryType, message } as ViemTypedData;
}

/** keccak256(0x1901 || domainSeparator || hashStruct(message)) as 32 bytes. */
export async function enrollmentDigest(td: Eip712TypedData): Promise<Uint8Array> {
  const { hashTypedData } = await import('viem');
  return Buffer.from(hashTypedData(viemTypedData(td)).slice(2), 'hex');
}

/** The address that signed the typed data, or undefined when the signature is not recoverable. */
export async function recoverEnrollmentSigner(td: Eip712TypedData, signature: string): Promise<string | undefined> {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined;
  // Outside the try: viem failing to load is the exchange's fault, not a bad signature.
  const { recoverTypedDataAddress } = await import('viem');
  try {
    const addr = await recoverTypedDataAddress({ ...viemTypedData(td), signature: signature as Hex });
    return addr.toLowerCase();
  } catch {
    return undefined;
  }
}
