// Decoders for the API-key enrollment bodies (requests read by the local exchange, responses by the client).

import type {
  ApiKeyEnrollRequest,
  ApiKeyInfo,
  ApiKeyPayloadRequest,
  ApiKeyPayloadResponse,
  Eip712TypedData,
  TypedDataField,
} from '../frames.js';
import { isPlainObject } from '../../lib/plain-object.js';
import { arr, fieldPath, mapOf, nonNegInt, obj, opt, record, str, type Decoder, type Reader } from './kit.js';

export const decodeApiKeyPayloadRequest = record<ApiKeyPayloadRequest>({
  chain_id: nonNegInt,
  address: str,
  public_key: str,
  scope_mask: nonNegInt,
  label: str,
  expires_at: opt(nonNegInt),
  ip_cidrs: opt(arr(str)),
  target_profile: opt(str),
});

export const decodeTypedDataField = record<TypedDataField>({ name: str, type: str });

/** A JSON object kept as-is (shallow copy); `__proto__` stays an own data property. */
const jsonObject: Reader<Record<string, unknown>> = (value, path) =>
  Object.fromEntries(Object.entries(obj(value, path)));

const TYPE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** EIP-712 typed data as served; domain and message values are kept verbatim (hex strings stay strings). */
export const decodeEip712TypedData = record<Eip712TypedData>({
  types: mapOf(arr(decodeTypedDataField), TYPE_NAME, 'an EIP-712 type name'),
  primaryType: str,
  domain: jsonObject,
  message: jsonObject,
});

export const decodeApiKeyPayloadResponse = record<ApiKeyPayloadResponse>({
  typed_data: decodeEip712TypedData,
  mac: str,
});

export const decodeApiKeyEnrollRequest = record<ApiKeyEnrollRequest>({
  chain_id: nonNegInt,
  address: str,
  typed_data: decodeEip712TypedData,
  mac: str,
  signature: str,
  pop_signature: str,
  target_profile: opt(str),
});

const decodeBareApiKeyInfo = record<ApiKeyInfo>({
  api_key: str,
  address: opt(str),
  scope_mask: nonNegInt,
  label: opt(str),
  ip_cidrs: opt(arr(str)),
  origin: opt(str),
  expires_at: nonNegInt,
  last_used_at: opt(nonNegInt),
  created_at: opt(nonNegInt),
});

/**
 * ApiKeyInfo, bare (interface.md) or wrapped as `{"api_key": ApiKeyInfo}` (the enroll response the
 * docs and examples show). The wrapper is recognised by `api_key` holding an object.
 */
export const decodeApiKeyInfo: Decoder<ApiKeyInfo> = (value, path = '') => {
  const o = obj(value, path);
  const inner = o['api_key'];
  return isPlainObject(inner) ? decodeBareApiKeyInfo(inner, fieldPath(path, 'api_key')) : decodeBareApiKeyInfo(o, path);
};
