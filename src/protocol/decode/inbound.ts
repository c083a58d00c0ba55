// decodeInbound: one server frame (text or binary) -> a typed InboundFrame, or a DecodeError.

import { MessageTypeName, enumName } from '../enums.js';
import { DecodeError } from '../errors.js';
import type { InboundFrame } from '../frames.js';
import { isPlainObject } from '../../lib/plain-object.js';
import { describeValue, type Decoder } from './kit.js';
import { DEFAULT_MAX_FRAME_BYTES, inputText, parseJson, type ParseOptions, type RawInput } from './json.js';
import { decodeHotFrame } from './hot-frames.js';
import {
  decodeCandlesFrame,
  decodeGasPriceFrame,
  decodeHeartbeatFrame,
  decodeL2BookFrame,
  decodeMarketConfigFrame,
  decodeMarketFundingFrame,
  decodeMarketStateFrame,
  decodePongFrame,
  decodeStatusResponseFrame,
  decodeSubscriptionResponseFrame,
  decodeTradesFrame,
} from './market-frames.js';
import {
  decodeAccountStatsFrame,
  decodeAccountUpdateFrame,
  decodeFillsFrame,
  decodeOrdersFrame,
  decodePositionsFrame,
  decodeWalletSnapshotFrame,
  decodeWalletUpdateFrame,
} from './trading-frames.js';

/** Server-to-client decoders by mt. Reserved 4/13/14 and client-only types are absent on purpose. */
const INBOUND: ReadonlyMap<number, Decoder<InboundFrame>> = new Map<number, Decoder<InboundFrame>>([
  [2, decodePongFrame],
  [3, decodeStatusResponseFrame],
  [6, decodeSubscriptionResponseFrame],
  [7, decodeGasPriceFrame],
  [8, decodeMarketConfigFrame],
  [9, decodeMarketStateFrame],
  [10, decodeMarketFundingFrame],
  [11, decodeCandlesFrame],
  [12, decodeCandlesFrame],
  [15, decodeL2BookFrame],
  [16, decodeL2BookFrame],
  [17, decodeTradesFrame],
  [18, decodeTradesFrame],
  [19, decodeWalletSnapshotFrame],
  [20, decodeWalletUpdateFrame],
  [21, decodeAccountUpdateFrame],
  [23, decodeOrdersFrame],
  [24, decodeOrdersFrame],
  [25, decodeFillsFrame],
  [26, decodePositionsFrame],
  [27, decodePositionsFrame],
  [28, decodeAccountStatsFrame],
  [100, decodeHeartbeatFrame],
]);

export const INBOUND_MESSAGE_TYPES: readonly number[] = [...INBOUND.keys()];

/**
 * Looks up the decoder for `mt` in `table` and runs it, prefixing any DecodeError with the mt and its
 * name so the log says which frame and field failed (e.g. `mt 15 L2BookSnapshot: bid[0].p: ...`).
 */
export function dispatchByMt<T>(
  value: unknown,
  table: ReadonlyMap<number, Decoder<T>>,
  direction: string,
): T {
  if (!isPlainObject(value)) throw new DecodeError(`frame is not a JSON object (got ${describeValue(value)})`, '');
  const o = value;
  const mt = o['mt'];
  if (mt === undefined) throw new DecodeError('frame has no "mt" message type', 'mt');
  if (typeof mt !== 'number' || !Number.isSafeInteger(mt)) {
    throw new DecodeError('frame "mt" is not an integer message type', 'mt');
  }
  const decode = table.get(mt);
  if (decode === undefined) throw new DecodeError(`unknown ${direction} message type mt ${mt}`, 'mt');
  try {
    return decode(o);
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    throw new DecodeError(`mt ${mt} ${enumName(MessageTypeName, mt)}: ${e.shortMessage}`, e.path, {
      details: e.details,
      hint: e.hint,
    });
  }
}

/**
 * Decodes one server frame. Throws DecodeError for anything that is not a known, well-formed frame.
 * Book, trades and candle frames in plain form are read in one pass (hot-frames.ts); every other
 * frame, and any of those the one pass does not read, goes through JSON.parse and the table above.
 */
export function decodeInbound(raw: RawInput, opts: ParseOptions = {}): InboundFrame {
  const text = inputText(raw, opts.maxBytes ?? DEFAULT_MAX_FRAME_BYTES);
  return decodeHotFrame(text) ?? dispatchByMt(parseJson(text, opts), INBOUND, 'server');
}

/** decodeInbound without the one-pass reader: the reference the one pass is held to (tests, bench). */
export function decodeInboundGeneric(raw: RawInput, opts: ParseOptions = {}): InboundFrame {
  return dispatchByMt(parseJson(raw, opts), INBOUND, 'server');
}
