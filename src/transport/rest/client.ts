// The REST API by endpoint: typed, decoded, signed where the endpoint needs it (wire.md section 5).

import {
  decodeAccountHistoryPage,
  decodeAllFundingHistoryResponse,
  decodeAnnouncementsResponse,
  decodeBookResponse,
  decodeCandlesResponse,
  decodeContext,
  decodeFillsPage,
  decodeFundingHistoryResponse,
  decodeOrderHistoryPage,
  decodeOrdersResponse,
  decodePositionHistoryPage,
  decodePositionsResponse,
  decodeRefCode,
  decodeTickerResponse,
  decodeWalletSnapshot,
  type AllFundingHistoryResponse,
} from '../../protocol/decode/index.js';
import { InputError } from '../../protocol/errors.js';
import type {
  AnnouncementsResponse,
  BookResponse,
  CandlesResponse,
  Context,
  FundingHistoryResponse,
  HistoryPage,
  OrdersFrame,
  PositionsFrame,
  RefCode,
  TickerResponse,
  WalletSnapshotFrame,
} from '../../protocol/frames.js';
import { mergeCandles, splitCandleRange } from './candle-ranges.js';
import { NotFoundError } from './errors.js';
import {
  MAX_HISTORY_PAGE_SIZE,
  walkPages,
  DEFAULT_HISTORY_PAGE_SIZE,
  type HistoryKind,
  type HistoryOptions,
  type HistoryRecordOf,
} from './history.js';
import { RestTransport, type BodyDecoder } from './transport.js';

const HISTORY_DECODERS: { [K in HistoryKind]: BodyDecoder<HistoryPage<HistoryRecordOf[K]>> } = {
  fills: decodeFillsPage,
  'order-history': decodeOrderHistoryPage,
  'position-history': decodePositionHistoryPage,
  'account-history': decodeAccountHistoryPage,
};

export const MAX_BOOK_LEVELS = 100;

const identity: BodyDecoder<unknown> = (v) => v;

function marketSegment(marketId: number): string {
  if (!Number.isSafeInteger(marketId) || marketId < 0) throw new InputError(`market id ${marketId} is not valid`);
  return String(marketId);
}

function msRange(fromMs: number, toMs: number): string {
  if (!Number.isSafeInteger(fromMs) || !Number.isSafeInteger(toMs) || fromMs < 0 || toMs < fromMs) {
    throw new InputError(`time range ${fromMs}-${toMs} is not a valid millisecond range`);
  }
  return `${fromMs}-${toMs}`;
}

export class RestClient extends RestTransport {
  get<T>(path: string, decode: BodyDecoder<T>, opts: { signed?: boolean; query?: Record<string, string | number | undefined> } = {}): Promise<T> {
    return this.request('GET', path, { decode, ...opts });
  }

  /** A write (never retried automatically). Unsigned by default: enrollment is authorized by the wallet. */
  post<T = unknown>(path: string, body: unknown, opts: { decode?: BodyDecoder<T>; signed?: boolean } = {}): Promise<T> {
    const decode = (opts.decode ?? identity) as BodyDecoder<T>;
    return this.request('POST', path, { body, decode, signed: opts.signed ?? false });
  }

  context(): Promise<Context> {
    return this.get('/v1/pub/context', decodeContext);
  }

  announcements(): Promise<AnnouncementsResponse> {
    return this.get('/v1/profile/announcements', decodeAnnouncementsResponse);
  }

  /** The caller's referral code, or null when it has none (404). */
  async refCode(): Promise<RefCode | null> {
    try {
      return await this.get('/v1/profile/ref-code', decodeRefCode, { signed: true });
    } catch (e) {
      if (e instanceof NotFoundError) return null;
      throw e;
    }
  }

  /** Wallet and accounts (mt 19 shape); top-level `sn` is the head block. */
  wallet(): Promise<WalletSnapshotFrame> {
    return this.get('/v1/trading/wallet', decodeWalletSnapshot, { signed: true });
  }

  /** Resting and untriggered orders (mt 23 shape). */
  orders(): Promise<OrdersFrame> {
    return this.get('/v1/trading/orders', decodeOrdersResponse, { signed: true });
  }

  /** Open positions (mt 26 shape). */
  positions(): Promise<PositionsFrame> {
    return this.get('/v1/trading/positions', decodePositionsResponse, { signed: true });
  }

  book(marketId: number, levels?: number): Promise<BookResponse> {
    if (levels !== undefined && (!Number.isSafeInteger(levels) || levels < 1 || levels > MAX_BOOK_LEVELS)) {
      throw new InputError(`book levels ${levels} must be between 1 and ${MAX_BOOK_LEVELS}`);
    }
    return this.get(`/v1/market-data/${marketSegment(marketId)}/book`, decodeBookResponse, { query: { levels } });
  }

  /** One market's state, or all markets' when `marketId` is omitted (always a map by market id). */
  ticker(marketId?: number): Promise<TickerResponse> {
    const path = marketId === undefined ? '/v1/market-data/ticker' : `/v1/market-data/${marketSegment(marketId)}/ticker`;
    return this.get(path, decodeTickerResponse);
  }

  fundingHistory(marketId: number, fromMs: number, toMs: number): Promise<FundingHistoryResponse> {
    return this.get(`/v1/market-data/${marketSegment(marketId)}/funding/${msRange(fromMs, toMs)}`, decodeFundingHistoryResponse);
  }

  fundingHistoryAll(fromMs: number, toMs: number): Promise<AllFundingHistoryResponse> {
    return this.get(`/v1/market-data/funding/${msRange(fromMs, toMs)}`, decodeAllFundingHistoryResponse);
  }

  /** Candles in [fromMs, toMs], oldest first; ranges over 1024 candles are fetched in several requests. */
  async candles(marketId: number, resolutionSec: number, fromMs: number, toMs: number): Promise<CandlesResponse> {
    const market = marketSegment(marketId);
    const pieces: CandlesResponse[] = [];
    // Sequential on purpose: the REST rate limit is per minute and small.
    for (const r of splitCandleRange(fromMs, toMs, resolutionSec)) {
      pieces.push(await this.get(`/v1/market-data/${market}/candles/${resolutionSec}/${r.fromMs}-${r.toMs}`, decodeCandlesResponse));
    }
    const last = pieces[pieces.length - 1];
    return {
      ...(last?.mt !== undefined ? { mt: last.mt } : {}),
      ...(last?.at !== undefined ? { at: last.at } : {}),
      r: resolutionSec,
      d: mergeCandles(pieces.map((p) => p.d)),
    };
  }

  /** Pages of a history endpoint, newest records first, following `np` to the end. */
  history<K extends HistoryKind>(kind: K, opts: HistoryOptions = {}): AsyncIterable<HistoryPage<HistoryRecordOf[K]>> {
    const count = opts.count;
    if (count !== undefined && (!Number.isSafeInteger(count) || count < 1 || count > MAX_HISTORY_PAGE_SIZE)) {
      throw new InputError(`history page size ${count} must be between 1 and ${MAX_HISTORY_PAGE_SIZE}`);
    }
    const decode = HISTORY_DECODERS[kind];
    return walkPages(
      (cursor) => this.get(`/v1/trading/${kind}`, decode, { signed: true, query: { count, page: cursor } }),
      opts.maxPages,
      count ?? DEFAULT_HISTORY_PAGE_SIZE,
    );
  }

  /** The records of every page of a history endpoint, in server order (newest first). */
  async *historyItems<K extends HistoryKind>(kind: K, opts: HistoryOptions = {}): AsyncGenerator<HistoryRecordOf[K]> {
    for await (const page of this.history(kind, opts)) yield* page.d;
  }
}
