// Runtime decoders for every frame and body. A decoder shares its name with its type in frames.ts
// (decodeOrder for Order, decodeL2BookFrame for L2BookFrame, ...).
// Policies, the same everywhere:
// - A decoded value is a fresh object holding only the known fields; unknown extra fields are dropped.
// - Optional fields treat null like absent; required fields reject null.
// - Integers must be JSON safe integers (no fractions, nothing above 2^53); prices, sizes, ids and
//   timestamps must be >= 0; funding rates/sums, fee micros and OrderRequest.mnp may be negative.
// - Amounts accept a decimal string or a JSON safe integer and come out as canonical decimal strings.
// - Every failure is a DecodeError whose `path` names the field (`d[3].p`, map keys as `d.16`) and whose
//   shortMessage says what was expected (and, from decodeInbound/decodeOutbound, which mt). String
//   contents are never echoed, so a token in the wrong field cannot reach a log.
export * from './kit.js';
export * from './json.js';
export * from './common.js';
export * from './market-records.js';
export * from './market-frames.js';
export * from './trading-records.js';
export * from './trading-frames.js';
export * from './inbound.js';
export * from './outbound.js';
export * from './api-key-bodies.js';
export * from './context.js';
export * from './rest-bodies.js';
