// EIP-712 typed data as served by /v1/api-key/payload: validation, the digest both signatures cover,
// and the Ed25519 proof of possession. The server sends integers (domain chainId, message time) as
// hex strings; they are hashed as integers, so every uint/int field becomes a BigInt before viem sees it.

import { hashTypedData, type TypedDataDomain } from 'viem';
import { PermanentError, type PerplErrorOptions } from '../protocol/errors.js';
import { sanitizeText } from '../protocol/sanitize-text.js';
import { signEd25519 } from './ed25519.js';
import { isPlainObject } from '../lib/plain-object.js';

export interface TypedDataField {
  name: string;
  type: string;
}

/** Typed data exactly as received (JSON). */
export interface TypedDataJson {
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
}

/** Typed data with integers as BigInt, ready for viem. */
export interface NormalizedTypedData {
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  domain: TypedDataDomain;
  message: Record<string, unknown>;
}

/** Its message quotes the served type names, fields and values: shown sanitized, like all server text. */
export class TypedDataError extends PermanentError {
  constructor(message: string, options: PerplErrorOptions = {}) {
    super(sanitizeText(message, 300), options);
  }
}

/** Standard order of the domain fields (used when the server does not send EIP712Domain). */
const DOMAIN_FIELD_TYPES: Record<string, string> = {
  name: 'string',
  version: 'string',
  chainId: 'uint256',
  verifyingContract: 'address',
  salt: 'bytes32',
};

/** Checks the shape of served typed data; throws TypedDataError naming what is wrong. */
export function checkTypedData(value: unknown): TypedDataJson {
  if (!isPlainObject(value)) throw new TypedDataError('the typed data is not an object');
  const { types, primaryType, domain, message } = value;
  if (!isPlainObject(types)) throw new TypedDataError('the typed data has no "types" object');
  for (const [name, fields] of Object.entries(types)) {
    if (!Array.isArray(fields) || !fields.every((f) => isPlainObject(f) && typeof f.name === 'string' && typeof f.type === 'string')) {
      throw new TypedDataError(`typed data type "${name}" is not a list of {name, type}`);
    }
  }
  if (typeof primaryType !== 'string' || !(primaryType in types)) {
    throw new TypedDataError(`the typed data's primaryType ${JSON.stringify(primaryType)} is not among its types`);
  }
  if (!isPlainObject(domain)) throw new TypedDataError('the typed data has no "domain" object');
  if (!isPlainObject(message)) throw new TypedDataError('the typed data has no "message" object');
  return value as unknown as TypedDataJson;
}

/** A uint/int value given as number, decimal string or 0x-hex string, as a BigInt. */
export function integerValue(value: unknown, where: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string') {
    const t = value.trim();
    if (/^0x[0-9a-f]+$/i.test(t) || /^-?\d+$/.test(t)) return BigInt(t);
  }
  throw new TypedDataError(`typed data field ${where} is not an integer: ${JSON.stringify(value)}`);
}

const INTEGER_TYPE = /^u?int(\d*)$/;
const ARRAY_TYPE = /^(.*)\[(\d*)\]$/;

function convertValue(type: string, value: unknown, types: Record<string, TypedDataField[]>, where: string): unknown {
  const array = ARRAY_TYPE.exec(type);
  if (array) {
    if (!Array.isArray(value)) throw new TypedDataError(`typed data field ${where} must be a list`);
    return value.map((v, i) => convertValue(array[1]!, v, types, `${where}[${i}]`));
  }
  if (INTEGER_TYPE.test(type)) return integerValue(value, where);
  const struct = types[type];
  if (struct) {
    if (!isPlainObject(value)) throw new TypedDataError(`typed data field ${where} must be an object`);
    return convertStruct(struct, value, types, where);
  }
  return value;
}

function convertStruct(fields: TypedDataField[], value: Record<string, unknown>, types: Record<string, TypedDataField[]>, where: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.name in value)) throw new TypedDataError(`typed data field ${where}.${f.name} is missing`);
    out[f.name] = convertValue(f.type, value[f.name], types, `${where}.${f.name}`);
  }
  return out;
}

/** The domain's field list: as served, else the standard fields the domain carries, in standard order. */
function domainFields(td: TypedDataJson): TypedDataField[] {
  const served = td.types.EIP712Domain;
  if (served) return served;
  return Object.keys(DOMAIN_FIELD_TYPES)
    .filter((name) => td.domain[name] !== undefined)
    .map((name) => ({ name, type: DOMAIN_FIELD_TYPES[name]! }));
}

/** Integers to BigInt everywhere the served types say uint/int; the served types are kept as they are. */
export function normalizeTypedData(value: unknown): NormalizedTypedData {
  const td = checkTypedData(value);
  const domain = convertStruct(domainFields(td), td.domain, td.types, 'domain') as TypedDataDomain;
  const message = convertStruct(td.types[td.primaryType]!, td.message, td.types, 'message');
  return { types: td.types, primaryType: td.primaryType, domain, message };
}

/** keccak256(0x1901 || domainSeparator || hashStruct(message)) as 0x-hex. */
export function typedDataDigestHex(value: unknown): `0x${string}` {
  const n = normalizeTypedData(value);
  try {
    return hashTypedData({ domain: n.domain, types: n.types, primaryType: n.primaryType, message: n.message } as Parameters<typeof hashTypedData>[0]);
  } catch (e) {
    // viem's messages describe the offending field (never a secret: typed data is public).
    throw new TypedDataError(`the typed data cannot be hashed: ${(e as Error).message.split('\n')[0]}`, { cause: e });
  }
}

/** The 32-byte digest. */
export function typedDataDigest(value: unknown): Uint8Array {
  return new Uint8Array(Buffer.from(typedDataDigestHex(value).slice(2), 'hex'));
}

/** Proof of possession: Ed25519 signature by the API key over the 32-byte digest, as 0x-hex. */
export function proofOfPossession(seed: Uint8Array, typedData: unknown): `0x${string}` {
  return `0x${Buffer.from(signEd25519(seed, typedDataDigest(typedData))).toString('hex')}`;
}

/** The domain's chain id as a number, or undefined when absent. */
export function typedDataChainId(value: unknown): number | undefined {
  const td = checkTypedData(value);
  if (td.domain.chainId === undefined) return undefined;
  const id = integerValue(td.domain.chainId, 'domain.chainId');
  return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : undefined;
}
