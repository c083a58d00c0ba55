// The book to work from (price grouping, scrolling beyond the shown levels, own orders flagged at the edge,
// the cursor's prefill with grouping) and the market picker to scan (figures of every market, sort, watchlist
// first), at 200x50 and 80x24, against the local exchange listing mainnet's 11 markets.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupBidPrice } from '../../src/domain/book-grouping.js';
import { shownLevels } from '../../src/domain/views.js';
import { formatScaledGrouped } from '../../src/protocol/scaling.js';
import { wantedBookDepth } from '../../src/state/book-display.js';
import { computeLayout } from '../../src/ui/shell/layout.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { keysRead } from '../helpers/keys.js';
import { eventually, KEYS } from '../helpers/terminal.js';

const exchange = useScreenExchange('perpl-book-picker-', { like: 'mainnet', blockMs: 100, seed: 7, flowStepsPerSec: 20 });

const PAGE_DOWN = '\u001B[6~';
const LIVE_MS = 60_000;
const UI_MS = 15_000;

/** The market of each picker row on screen, top to bottom (the picker is right of the book: after its `││`). */
function pickerSymbols(lines: readonly string[]): string[] {
  return lines.flatMap((l) => {
    const at = l.indexOf('││');
    const m = at < 0 ? null : /^[ ›][ ★][ •] (\S+)\s+[\d—]/.exec(l.slice(at + 2));
    return m?.[1] ? [m[1]] : [];
  });
}

let homes = 0;
async function open(cols: number, rows: number) {
  const home = join(exchange.home, `home-${homes++}`);
  const config = join(exchange.home, `config-${homes}.toml`);
  writeFileSync(config, 'watchlist = ["SOL"]\n');
  const running = await exchange.open(cols, rows, 'BTC', { home, config, keyFile: exchange.sim.demoKeyFile });
  const { store } = running.app;
  await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, LIVE_MS, 'trading unlocked');
  await running.vt.waitFor((s) => s.includes('● live') && /spread \d/.test(s), LIVE_MS);
  return running;
}

describe.each([
  [200, 50],
  [80, 24],
])('book and picker at %ix%i', (cols, rows) => {
  it(`market-picker-scans-every-market ${cols}x${rows}: figures for all 11 markets, Tab sorts (shown in the header), the watchlist first`, async () => {
    const { vt, app } = await open(cols, rows);
    const state = () => app.store.getState();
    vt.press('/');
    await vt.waitFor('listed order', UI_MS);
    // The chain-wide streams give every market its figures, not only the one on screen.
    await eventually(() => state().marketStats.length === 11 && state().marketStats.every((s) => s.last !== null && s.volume24h !== null), LIVE_MS, 'figures of every market');
    // The watchlist market leads, starred, whatever the order.
    await vt.waitFor((s) => /★\s*SOL/.test(s), UI_MS);
    expect(pickerSymbols(vt.lines())[0]).toBe('SOL');
    vt.press(KEYS.tab);
    await vt.waitFor('sort 24h vol ▼', UI_MS);
    expect(vt.screenText()).toContain('▼24h vol');
    // After SOL, the rows on screen run from the largest 24h volume down (as the store has it at that frame).
    await eventually(() => {
      const shown = pickerSymbols(vt.lines());
      const symbolOf = (id: number) => state().markets.find((m) => m.id === id)?.symbol;
      const byVolume = [...state().marketStats].filter((s) => symbolOf(s.marketId) !== 'SOL').sort((a, b) => (b.volume24h ?? 0) - (a.volume24h ?? 0));
      const symbols = byVolume.map((s) => symbolOf(s.marketId));
      return shown[0] === 'SOL' && shown.length > 3 && shown.slice(1).every((sym, i) => sym === symbols[i]);
    }, UI_MS, 'the rows by volume');
    // Shift-Tab reverses; the sorted column stays on screen at 80 columns too (OI is dropped first otherwise).
    await vt.type('\t\t');
    await vt.waitFor('sort OI ▼', UI_MS);
    expect(vt.screenText()).toContain('▼OI');
    vt.press(KEYS.shiftTab);
    await vt.waitFor('sort OI ▲', UI_MS);
    // Typing still filters (the sort keys type nothing).
    await vt.type('et');
    await vt.waitFor((s) => /ETH/.test(s) && !/NEAR/.test(s), UI_MS);
    vt.press(KEYS.escape);
    await vt.waitFor((s) => !s.includes('sort OI'), UI_MS);
  }, 180_000);

  it(`book-grouping-scroll-and-edge-flags ${cols}x${rows}: + groups by 10 ticks (bids down), b prefills the group's passive edge, an order beyond the shown levels is flagged and scrolled to`, async () => {
    const { vt, app } = await open(cols, rows);
    const state = () => app.store.getState();
    const market = state().market!;
    // A resting buy 3% under the mark: beyond the levels the pane shows at either size.
    await eventually(() => (state().header?.mark ?? null) !== null, LIVE_MS, 'a mark');
    const mark = state().header!.mark!;
    const deepBuy = groupBidPrice(Math.floor(mark * 0.97), 10) + 3;
    const intents = app.services.trading?.();
    if (!intents) throw new Error('the app has no trading commands');
    // The exchange is shared by the file's tests: start with no order left by an earlier one.
    await intents.cancelAll().outcome;
    await eventually(() => state().trading.orders.length === 0, UI_MS, 'no open order');
    await intents.place({ marketId: market.id, kind: 'limit', side: 'long', size: 100, price: deepBuy, leverage: 500 }).outcome;
    await vt.waitFor('◆ 1 more below', UI_MS);

    // Three steps: 1 -> 2 -> 5 -> 10 ticks; the title says the step as a price.
    vt.press('1');
    await vt.type('+++');
    await vt.waitFor(`step ${formatScaledGrouped(10, market.priceDecimals)}`, UI_MS);
    await eventually(() => state().book?.grouped?.group === 10, UI_MS, 'the book grouped by 10 ticks');
    const book = state().book!;
    const grouped = shownLevels(book);
    // Never a better price than the book holds: the best bid group at or under the best bid, the best ask group at or over.
    expect(grouped.bids[0]!.price % 10).toBe(0);
    expect(grouped.bids[0]!.price).toBeLessThanOrEqual(book.bids[0]!.price);
    expect(grouped.asks[0]!.price).toBeGreaterThanOrEqual(book.asks[0]!.price);

    // The cursor on the best bid group, then b: the price is that group's price (its passive edge for a buy).
    // The makers pause while the cursor's price is read and b pressed: a book moving between the two would
    // put another group under the cursor (a key arrives in a turn of its own, as a terminal's does).
    exchange.sim.control.pauseFlow();
    try {
      const engineBid = () => exchange.sim.control.engine.book(market.id, 1).bid[0]?.p;
      await eventually(() => state().book?.bids[0]?.price === engineBid(), UI_MS, 'the screen\'s book caught up with the paused makers');
      vt.press('j');
      await eventually(() => state().bookCursor?.side === 'bid', UI_MS, 'the cursor on the bids');
      const cursorPrice = shownLevels(state().book!).bids[0]!.price;
      vt.press('b');
      await eventually(() => state().tradingUi.entry !== null, UI_MS, 'order entry');
      expect(Math.round(Number(state().tradingUi.entry!.price) * 10 ** market.priceDecimals)).toBe(cursorPrice);
      expect(cursorPrice % 10).toBe(0);
    } finally {
      exchange.sim.control.resumeFlow();
    }
    vt.press(KEYS.escape);
    await eventually(() => state().tradingUi.entry === null, UI_MS, 'order entry closed');

    // The deep buy is in its own 10-tick group, flagged below until the cursor scrolls the ladder down to it.
    const groupPrice = formatScaledGrouped(groupBidPrice(deepBuy, 10), market.priceDecimals);
    await vt.waitFor('◆ 1 more below', UI_MS);
    for (let i = 0; i < 60 && !vt.lines().some((l) => l.slice(0, 46).includes(groupPrice) && l.slice(0, 46).includes('◆')); i++) {
      vt.press(PAGE_DOWN);
      await keysRead(vt);
    }
    await eventually(() => vt.lines().some((l) => l.slice(0, 46).includes(groupPrice) && l.slice(0, 46).includes('◆')), UI_MS, 'the deep buy marked on its level');
    expect(state().bookDisplay.scroll).toBeGreaterThan(0);
    // The levels asked of the feed grew with the scroll (a page beyond what is shown).
    expect(state().wants.depth).toBe(wantedBookDepth(computeLayout(cols, rows).depth, state().bookDisplay.scroll));
    expect(state().wants.depth).toBeGreaterThan(2 * computeLayout(cols, rows).depth);
    expect(vt.screenText()).not.toContain('more below');
    // 0: back to the spread, the flag again.
    vt.press('0');
    await vt.waitFor('◆ 1 more below', UI_MS);
    expect(state().bookDisplay.scroll).toBe(0);
    await intents.cancelAll().outcome;
    await vt.waitFor((s) => !s.includes('more below'), UI_MS);
  }, 180_000);
});
