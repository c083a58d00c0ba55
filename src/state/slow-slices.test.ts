import { describe, expect, it } from 'vitest';
import type { CandleView, TradeView } from '../domain/views.js';
import { ManualMarketDataSource, sampleSnapshot } from './fixtures.js';
import { Publisher } from './publisher.js';
import { SlowSliceGate, type SlowSliceInput } from './slow-slices.js';
import { createTerminalStore } from './store.js';

const base = sampleSnapshot();

function input(candles: CandleView[], trades: TradeView[], extra: Partial<SlowSliceInput> = {}): SlowSliceInput {
  return { candles, trades, marketId: 16, resolution: 60, ...extra };
}

/** The same candles with the last one's close moved (a trade inside the current candle). */
function tick(candles: CandleView[], close: number): CandleView[] {
  const last = candles.at(-1)!;
  return [...candles.slice(0, -1), { ...last, c: close }];
}

function trade(n: number): TradeView {
  return { key: `n${n}`, timeMs: 1_790_000_100_000 + n, price: 670_000 + n, size: 100, side: 1 };
}

describe('SlowSliceGate', () => {
  it('holds-within-interval: a changed candle and tape inside the interval keep the copy shown, then pass when due', () => {
    const gate = new SlowSliceGate(1_000);
    const first = gate.pass(input(base.candles, base.trades), 0);
    expect(first.candles).toBe(base.candles);
    const moved = input(tick(base.candles, 671_000), [trade(1), ...base.trades]);
    const held = gate.pass(moved, 400);
    expect(held.candles).toBe(base.candles);
    expect(held.trades).toBe(base.trades);
    expect(gate.dueAtMs()).toBe(1_000);
    const due = gate.pass(moved, 1_000);
    expect(due.candles).toBe(moved.candles);
    expect(due.trades).toBe(moved.trades);
    expect(gate.dueAtMs()).toBeNull();
  });

  it('new-candle-passes: a candle that opens is shown at once', () => {
    const gate = new SlowSliceGate(1_000);
    gate.pass(input(base.candles, base.trades), 0);
    const last = base.candles.at(-1)!;
    const opened = [...base.candles.slice(1), { ...last, t: last.t + 60_000 }];
    expect(gate.pass(input(opened, base.trades), 100).candles).toBe(opened);
  });

  it('context-change-passes: another market, timeframe or pane size is shown at once', () => {
    const gate = new SlowSliceGate(1_000);
    gate.pass(input(base.candles, base.trades), 0);
    const other = input(tick(base.candles, 1), []);
    expect(gate.pass({ ...other, marketId: 17 }, 10).trades).toBe(other.trades);
    const hourly = input(tick(base.candles, 2), []);
    expect(gate.pass({ ...hourly, marketId: 17, resolution: 3_600 }, 20).candles).toBe(hourly.candles);
    const resized = input(tick(base.candles, 3), [], { marketId: 17, resolution: 3_600 });
    expect(gate.pass(resized, 30, true).candles).toBe(resized.candles);
  });
});

describe('Publisher with slow panes', () => {
  it('held-copy-republished: a held tape reaches the store once due, even when the feed went quiet', () => {
    let now = 0;
    const store = createTerminalStore();
    const source = new ManualMarketDataSource();
    const publisher = new Publisher({ store, source, now: () => now, slowPaneMs: 1_000 });
    expect(publisher.tick()).toBe(true);
    const shownTrades = store.getState().trades;
    now = 200;
    source.update({ trades: [trade(1), ...base.trades], header: { ...base.header, last: 670_001 } });
    expect(publisher.tick()).toBe(true);
    expect(store.getState().header?.last).toBe(670_001); // the header keeps the frame rate
    expect(store.getState().trades).toBe(shownTrades); // the tape waits
    now = 600;
    expect(publisher.tick()).toBe(false); // nothing new, not yet due
    now = 1_000;
    expect(publisher.tick()).toBe(true); // due: published without a new version
    expect(store.getState().trades[0]?.key).toBe('n1');
    expect(publisher.tick()).toBe(false);
  });

  it('without slowPaneMs every change of the tape is published at once', () => {
    const store = createTerminalStore();
    const source = new ManualMarketDataSource();
    const publisher = new Publisher({ store, source, now: () => 0 });
    publisher.tick();
    source.update({ trades: [trade(2), ...base.trades] });
    publisher.tick();
    expect(store.getState().trades[0]?.key).toBe('n2');
  });
});
