// Hand-made market data for tests and for running the screen without a server: a source whose
// version moves when its data moves, exactly like the session's.

import type { SessionFacts } from '../domain/trading/session-locks.js';
import { groupSide, rowSource } from '../domain/book-grouping.js';
import type { BookRowView, BookView, CandleView, TradeView } from '../domain/views.js';
import type { MarketDataSnapshot, MarketDataSource, SnapshotWants } from './snapshot.js';

function rows(levels: readonly [price: number, size: number][]): BookRowView[] {
  let total = 0;
  return levels.map(([price, size]) => {
    total += size;
    return { price, size, total, orders: 1 };
  });
}

export interface ManualBook {
  asks: [price: number, size: number][];
  bids: [price: number, size: number][];
}

/** A source driven by hand: each mutation bumps the version, like a session applying a frame. */
export class ManualMarketDataSource implements MarketDataSource {
  version = 0;
  snapshotCalls = 0;
  private data: MarketDataSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(init: Partial<MarketDataSnapshot> = {}) {
    this.data = { ...sampleSnapshot(), ...init };
  }

  update(change: Partial<MarketDataSnapshot>): void {
    this.version += 1;
    this.data = { ...this.data, ...change };
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setBook(book: ManualBook): void {
    const asks = rows(book.asks);
    const bids = rows(book.bids);
    const maxTotal = Math.max(asks.at(-1)?.total ?? 0, bids.at(-1)?.total ?? 0);
    this.update({ book: { marketId: this.data.market.id, asks, bids, maxTotal, version: this.version + 1 } });
  }

  snapshot(wants: SnapshotWants): MarketDataSnapshot {
    this.snapshotCalls += 1;
    const { book } = this.data;
    return {
      ...this.data,
      version: this.version,
      book: fixtureBook(book, wants),
      trades: this.data.trades.slice(0, wants.trades),
      candles: this.data.candles.slice(-wants.candles),
    };
  }
}

/** A plausible BTC snapshot at 1 price decimal and 5 size decimals. */
export function sampleSnapshot(): MarketDataSnapshot {
  const base = 670_125; // 67,012.5
  const asks = rows(Array.from({ length: 30 }, (_, i) => [base + 5 + i * 5, 12_345 + i * 1_000] as [number, number]));
  const bids = rows(Array.from({ length: 30 }, (_, i) => [base - 5 - i * 5, 23_456 + i * 900] as [number, number]));
  const maxTotal = Math.max(asks.at(-1)?.total ?? 0, bids.at(-1)?.total ?? 0);
  const t0 = 1_790_000_000_000;
  const trades: TradeView[] = Array.from({ length: 50 }, (_, i) => ({
    key: `t${i}`,
    timeMs: t0 - i * 1_500,
    price: base + ((i * 7) % 11) - 5,
    size: 1_000 + i * 37,
    side: i % 3 === 0 ? 2 : 1,
  }));
  const candles: CandleView[] = Array.from({ length: 120 }, (_, i) => {
    const o = base + Math.round(Math.sin(i / 6) * 400);
    const c = base + Math.round(Math.sin((i + 1) / 6) * 400);
    return { t: t0 - (120 - i) * 60_000, o, c, h: Math.max(o, c) + 60, l: Math.min(o, c) - 60, volume: 1_000 + ((i * 97) % 500) };
  });
  return {
    version: 0,
    connection: { health: 'live', lastDataAt: t0, headBlock: 1_234_567, roundTrip: { ms: 12, atLeast: false }, retryInMs: null, reason: null },
    market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    header: {
      marketId: 16,
      mark: base,
      last: base + 5,
      oracle: base - 24,
      change24hPct: 1.82,
      volume24h: 12_345_678,
      openInterestNotional: 412_300,
      fundingRatePct: 0.004,
      fundingAprPct: 4.38,
      nextFundingInMs: 43 * 60_000 + 12_000,
    },
    book: { marketId: 16, asks, bids, maxTotal, version: 1 },
    trades,
    candles,
    resolution: 60,
    headBlock: 1_234_567,
    stats: { framesReceived: 0, malformedFrames: 0, resyncs: 0, lastFrameAtMs: null },
  };
}

/** A trading session with nothing locked (signed in, live, an account with forwarding on, a trade key). */
export const LIVE_SESSION_FACTS: SessionFacts = { canTrade: true, socketOpen: true, feedHealth: 'live', account: { fw: true, frozen: false } };

/** The fixture's book trimmed (and grouped) as the session's OrderBook.view would. */
function fixtureBook(book: BookView, wants: SnapshotWants): BookView {
  const group = wants.bookGroup ?? 1;
  const view: BookView = { ...book, asks: book.asks.slice(0, wants.depth), bids: book.bids.slice(0, wants.depth) };
  delete view.grouped;
  if (group > 1) view.grouped = { group, asks: groupSide(rowSource(book.asks), wants.depth, group, 'ask'), bids: groupSide(rowSource(book.bids), wants.depth, group, 'bid') };
  return view;
}
