// Decoders for REST response bodies other than the context and the API-key bodies.

import type {
  Announcement,
  AnnouncementsResponse,
  BookResponse,
  CandlesResponse,
  Fill,
  FundingHistoryResponse,
  HistoryPage,
  OrdersFrame,
  PositionsFrame,
  RefCode,
  TickerResponse,
  WalletSnapshotFrame,
  AccountEvent,
  Order,
  Position,
} from '../frames.js';
import { decodeBlockTimestamp } from './common.js';
import {
  amount,
  arr,
  fieldPath,
  literal,
  marketMap,
  nonNegInt,
  obj,
  opt,
  record,
  str,
  withDefault,
  type Decoder,
  type Reader,
} from './kit.js';
import { decodeCandle, decodeFundingEvent, decodeL2Level, decodeMarketState } from './market-records.js';
import { decodeOrdersFrame, decodePositionsFrame, decodeWalletSnapshotFrame } from './trading-frames.js';
import { decodeAccountEvent, decodeFill, decodeOrder, decodePosition } from './trading-records.js';

/** History page: `d` newest first. An empty `np` is normalised to absent (both mean "last page"). */
export function decodeHistoryPage<T>(value: unknown, item: Reader<T>, path = ''): HistoryPage<T> {
  const o = obj(value, path);
  const d = arr(item)(o['d'], fieldPath(path, 'd'));
  const np = opt(str)(o['np'], fieldPath(path, 'np'));
  return np === undefined || np === '' ? { d } : { d, np };
}

export const decodeFillsPage: Decoder<HistoryPage<Fill>> = (v, p = '') => decodeHistoryPage(v, decodeFill, p);
export const decodeOrderHistoryPage: Decoder<HistoryPage<Order>> = (v, p = '') => decodeHistoryPage(v, decodeOrder, p);
export const decodePositionHistoryPage: Decoder<HistoryPage<Position>> = (v, p = '') =>
  decodeHistoryPage(v, decodePosition, p);
export const decodeAccountHistoryPage: Decoder<HistoryPage<AccountEvent>> = (v, p = '') =>
  decodeHistoryPage(v, decodeAccountEvent, p);

/** Candles over REST: same object as mt 11/12 (observed with mt 12); `d` empty when no candles. */
export const decodeCandlesResponse = record<CandlesResponse>({
  mt: opt(nonNegInt),
  at: opt(decodeBlockTimestamp),
  r: nonNegInt,
  d: withDefault(arr(decodeCandle), () => []),
});

/** Funding history of one market, oldest first (observed with mt 13). */
export const decodeFundingHistoryResponse = record<FundingHistoryResponse>({
  mt: opt(nonNegInt),
  at: opt(decodeBlockTimestamp),
  m: opt(nonNegInt),
  d: withDefault(arr(decodeFundingEvent), () => []),
});

/** All-markets funding history: `d` maps market id -> events; markets without history are absent. */
export interface AllFundingHistoryResponse {
  mt?: number;
  at?: { b?: number; t?: number };
  d: Record<string, FundingHistoryResponse['d']>;
}
export const decodeAllFundingHistoryResponse = record<AllFundingHistoryResponse>({
  mt: opt(nonNegInt),
  at: opt(decodeBlockTimestamp),
  d: withDefault(marketMap(arr(decodeFundingEvent)), () => ({})),
});

const bookSide = withDefault(arr(decodeL2Level), () => []);

export const decodeBookResponse = record<BookResponse>({
  mt: withDefault(literal(15), () => 15 as const),
  sn: nonNegInt,
  at: opt(decodeBlockTimestamp),
  bid: bookSide,
  ask: bookSide,
});

/** Ticker: a map by market id even for one market. */
export const decodeTickerResponse = record<TickerResponse>({
  mt: withDefault(literal(9), () => 9 as const),
  sn: nonNegInt,
  d: marketMap(decodeMarketState),
});

export const decodeAnnouncement = record<Announcement>({ id: nonNegInt, title: str, content: str });

export const decodeAnnouncementsResponse = record<AnnouncementsResponse>({
  ver: nonNegInt,
  active: withDefault(arr(decodeAnnouncement), () => []),
});

export const decodeRefCode = record<RefCode>({
  code: str,
  limit: opt(nonNegInt),
  used: opt(nonNegInt),
  volume: opt(amount),
  created_at: nonNegInt,
});

/** Adds a default `mt` to a REST body shaped like a trading frame, so the frame decoder applies. */
function withMt(value: unknown, path: string, mt: number): Record<string, unknown> {
  const o = obj(value, path);
  return o['mt'] === undefined || o['mt'] === null ? { ...o, mt } : o;
}

/** GET /v1/trading/wallet: the mt 19 shape with top-level `sn` = head block (`mt` may be absent). */
export const decodeWalletSnapshot: Decoder<WalletSnapshotFrame> = (value, path = '') =>
  decodeWalletSnapshotFrame(withMt(value, path, 19), path);

/** GET /v1/trading/orders: the mt 23 shape (resting + untriggered orders). */
export const decodeOrdersResponse: Decoder<OrdersFrame> = (value, path = '') =>
  decodeOrdersFrame(withMt(value, path, 23), path);

/** GET /v1/trading/positions: the mt 26 shape. */
export const decodePositionsResponse: Decoder<PositionsFrame> = (value, path = '') =>
  decodePositionsFrame(withMt(value, path, 26), path);
