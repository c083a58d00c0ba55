// Decoders for the server frames both sockets share and the market-data frames (mt 2-18, 100).

import { DecodeError } from '../errors.js';
import type {
  CandlesFrame,
  FundingEvent,
  GasPriceFrame,
  HeartbeatFrame,
  L2BookFrame,
  MarketConfigFrame,
  MarketFundingFrame,
  MarketStateFrame,
  PongFrame,
  StatusResponseFrame,
  SubscriptionResponseFrame,
  SubscriptionResult,
  TradesFrame,
} from '../frames.js';
import { decodeBlockTimestamp, headerShape } from './common.js';
import { isPlainObject } from '../../lib/plain-object.js';
import {
  arr,
  fieldPath,
  int,
  literal,
  marketMap,
  nonNegInt,
  obj,
  oneOf,
  opt,
  record,
  str,
  withDefault,
  type Decoder,
} from './kit.js';
import {
  decodeCandle,
  decodeFundingEvent,
  decodeGasPrice,
  decodeL2Level,
  decodeMarketConfig,
  decodeMarketState,
  decodeTrade,
} from './market-records.js';

export const decodeStatus = record<{ code: number; error?: string }>({
  code: int,
  error: opt(str),
});

export const decodePongFrame = record<PongFrame>({ ...headerShape, mt: literal(2), t: opt(nonNegInt) });

export const decodeStatusResponseFrame = record<StatusResponseFrame>({
  ...headerShape,
  mt: literal(3),
  status: decodeStatus,
});

export const decodeSubscriptionResult = record<SubscriptionResult>({
  stream: str,
  sid: opt(nonNegInt),
  status: decodeStatus,
});

export const decodeSubscriptionResponseFrame = record<SubscriptionResponseFrame>({
  ...headerShape,
  mt: literal(6),
  subs: arr(decodeSubscriptionResult),
});

const MARKET_ID_KEY = /^\d+$/;

/** The gas envelope is undocumented: accept `d: GasPrice` or the GasPrice fields flat on the frame. */
const decodeGasHeader = record<Omit<GasPriceFrame, 'd'>>({ ...headerShape, mt: literal(7) });
export const decodeGasPriceFrame: Decoder<GasPriceFrame> = (value, path = '') => {
  const o = obj(value, path);
  const header = decodeGasHeader(o, path);
  const flat = o['d'] === undefined && 'max' in o;
  const d = flat ? decodeGasPrice(o, path) : decodeGasPrice(o['d'], fieldPath(path, 'd'));
  return { ...header, d };
};

export const decodeMarketConfigFrame = record<MarketConfigFrame>({
  ...headerShape,
  mt: literal(8),
  d: marketMap(decodeMarketConfig),
});

export const decodeMarketStateFrame = record<MarketStateFrame>({
  ...headerShape,
  mt: literal(9),
  d: marketMap(decodeMarketState),
});

/**
 * mt 10's envelope is undocumented (wire.md 7.4). Accepted: `d` as a map by market id; `d` as an
 * array of events or a bare event, both only with a top-level market id `m` (a FundingEvent carries
 * none). With an array, the event with the highest `feb` wins, and among equal `feb` the later one
 * (each interval is published twice; the second carries the final timestamp).
 */
const decodeFundingHeader = record<Omit<MarketFundingFrame, 'd'>>({ ...headerShape, mt: literal(10) });
export const decodeMarketFundingFrame: Decoder<MarketFundingFrame> = (value, path = '') => {
  const o = obj(value, path);
  const header = decodeFundingHeader(o, path);
  const dPath = fieldPath(path, 'd');
  const raw = o['d'];
  const isBareEvent = isPlainObject(raw) && Object.keys(raw).some((k) => !MARKET_ID_KEY.test(k));
  if (!Array.isArray(raw) && !isBareEvent) return { ...header, d: marketMap(decodeFundingEvent)(raw, dPath) };
  if (o['m'] === undefined || o['m'] === null) {
    throw new DecodeError(`${dPath}: a funding event list needs a top-level market id "m"`, fieldPath(path, 'm'));
  }
  const market = String(nonNegInt(o['m'], fieldPath(path, 'm')));
  const events: FundingEvent[] = Array.isArray(raw)
    ? arr(decodeFundingEvent)(raw, dPath)
    : [decodeFundingEvent(raw, dPath)];
  const latest = events.reduce<FundingEvent | undefined>((best, ev) => (best && best.feb > ev.feb ? best : ev), undefined);
  return { ...header, d: latest === undefined ? {} : { [market]: latest } };
};

export const decodeCandlesFrame = record<CandlesFrame>({
  ...headerShape,
  mt: oneOf([11, 12]),
  at: opt(decodeBlockTimestamp),
  r: nonNegInt,
  d: arr(decodeCandle),
});

/** A side missing from a book frame means "no levels" (wire.md 7.6). */
const bookSide = withDefault(arr(decodeL2Level), () => []);

export const decodeL2BookFrame = record<L2BookFrame>({
  ...headerShape,
  mt: oneOf([15, 16]),
  at: opt(decodeBlockTimestamp),
  bid: bookSide,
  ask: bookSide,
});

export const decodeTradesFrame = record<TradesFrame>({
  ...headerShape,
  mt: oneOf([17, 18]),
  d: arr(decodeTrade),
});

/** In mt 100, `h` is the head block number (in mt 21 it is an event array). */
export const decodeHeartbeatFrame = record<HeartbeatFrame>({
  ...headerShape,
  mt: literal(100),
  sn: nonNegInt,
  h: nonNegInt,
});
