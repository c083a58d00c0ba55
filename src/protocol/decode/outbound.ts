// Client-to-server decoders (the local exchange reads what clients send): mt 1, 5, 22, 29.

import type {
  ApiKeySignInFrame,
  OrderRequestFrame,
  OutboundFrame,
  PingFrame,
  SubscriptionItem,
  SubscriptionRequestFrame,
} from '../frames.js';
import { headerShape } from './common.js';
import { dispatchByMt } from './inbound.js';
import { parseJson, type ParseOptions, type RawInput } from './json.js';
import {
  amount,
  arr,
  bool,
  decimalString,
  int,
  literal,
  nonNegInt,
  opt,
  record,
  str,
  withDefault,
  type Decoder,
} from './kit.js';

export const decodePing = record<PingFrame>({ ...headerShape, mt: literal(1), t: nonNegInt });

export const decodeSubscriptionItem = record<SubscriptionItem>({ stream: str, subscribe: bool });

export const decodeSubscriptionRequest = record<SubscriptionRequestFrame>({
  ...headerShape,
  mt: literal(5),
  subs: arr(decodeSubscriptionItem),
});

const zero = (): number => 0;

/**
 * OrderRequest. `sn`, `t`, `s`, `fl`, `lv` and `lb` default to 0 when absent, as a Go server reads them:
 * the live service then answers without `cid` / with 400 "order type is not provided", and the documented
 * HTTP batch cancel `{rq, mkt, acc, oid, t: 5, fl: 0, lv: 0, lb: 0}` (no `s`, no `p`) is an order like any
 * other. `rq`, `mkt` and `acc` name what the order is about and stay required. `mnp` is signed so the
 * server can see a negative value and close 1011 like the live service.
 */
export const decodeOrderRequest = record<OrderRequestFrame>({
  mt: literal(22),
  sn: withDefault(nonNegInt, zero),
  rq: nonNegInt,
  mkt: nonNegInt,
  acc: nonNegInt,
  t: withDefault(nonNegInt, zero),
  oid: opt(nonNegInt),
  p: opt(nonNegInt),
  s: withDefault(nonNegInt, zero),
  a: opt(amount),
  ms: opt(nonNegInt),
  mnp: opt(int),
  tif: opt(nonNegInt),
  fl: withDefault(nonNegInt, zero),
  tp: opt(nonNegInt),
  tpc: opt(nonNegInt),
  tr: opt(nonNegInt),
  lp: opt(nonNegInt),
  lv: withDefault(nonNegInt, zero),
  lb: withDefault(nonNegInt, zero),
});

/** `timestamp` is a decimal string on the wire; a JSON integer is accepted and normalised to one. */
export const decodeApiKeySignIn = record<ApiKeySignInFrame>({
  mt: literal(29),
  chain_id: nonNegInt,
  api_key: str,
  timestamp: decimalString,
  nonce: str,
  signature: str,
});

const OUTBOUND: ReadonlyMap<number, Decoder<OutboundFrame>> = new Map<number, Decoder<OutboundFrame>>([
  [1, decodePing],
  [5, decodeSubscriptionRequest],
  [22, decodeOrderRequest],
  [29, decodeApiKeySignIn],
]);

export const OUTBOUND_MESSAGE_TYPES: readonly number[] = [...OUTBOUND.keys()];

/** Decodes one client frame. Throws DecodeError for anything that is not a known, well-formed frame. */
export function decodeOutbound(text: RawInput, opts: ParseOptions = {}): OutboundFrame {
  return dispatchByMt(parseJson(text, opts), OUTBOUND, 'client');
}
