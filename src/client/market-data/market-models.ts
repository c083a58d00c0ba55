// The mutable models one market-data connection feeds: the selected market's book, trades and
// candles, plus chain-wide market state and funding (merged per market).

import { OrderBook } from '../../domain/book.js';
import { CandleSeries } from '../../domain/candles.js';
import { TradeTape } from '../../domain/trades.js';
import type { FundingEvent, MarketState } from '../../protocol/frames.js';
import { LiveMarks } from './live-marks.js';

export class MarketModels {
  book: OrderBook;
  trades: TradeTape;
  candles: CandleSeries;
  readonly states = new Map<number, MarketState>();
  readonly funding = new Map<number, FundingEvent>();
  /** Every market's mark with the generation it arrived in; kept (as stale) across clear(). */
  readonly marks = new LiveMarks();

  constructor(marketId: number, resolution: number) {
    this.book = new OrderBook(marketId);
    this.trades = new TradeTape();
    this.candles = new CandleSeries(marketId, resolution);
  }

  /** Fresh, empty per-market models (market-wide maps are kept: they cover every market). */
  selectMarket(marketId: number, resolution: number): void {
    // Versions keep rising across the switch so a view-version cache can never mistake the new book for the old.
    this.book = new OrderBook(marketId, this.book.version + 1);
    this.trades = new TradeTape();
    this.candles = new CandleSeries(marketId, resolution);
  }

  selectResolution(resolution: number): void {
    this.candles = new CandleSeries(this.book.marketId, resolution);
  }

  /** Everything is forgotten; only fresh snapshots may fill it again. */
  clear(): void {
    this.book.clear();
    this.trades.clear();
    this.candles.clear();
    this.states.clear();
    this.funding.clear();
    this.marks.newGeneration();
  }

  /** mt 9 carries only the markets that changed: merge, never replace. */
  mergeStates(d: Record<string, MarketState>): void {
    for (const key in d) {
      const state = d[key] as MarketState;
      this.states.set(Number(key), state);
      this.marks.record(Number(key), state);
    }
  }

  /** Each interval is published twice (estimate, then final) with the same feb: upsert by feb. */
  upsertFunding(d: Record<string, FundingEvent>): void {
    for (const key in d) {
      const event = d[key] as FundingEvent;
      const id = Number(key);
      const held = this.funding.get(id);
      if (!held || event.feb >= held.feb) this.funding.set(id, event);
    }
  }
}
