// A typed order (`:buy`, `:sell`) goes to its review or stays in the `:` line: while it cannot be reviewed
// (a stale feed locks orders, a field is wrong) the line keeps its text and says why, and the keys typed
// next edit the line, never a form opened behind it. Once reviewed, Esc goes back to the form with the
// typed size selected: a key typed there replaces it.

import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { ENTER, ESC, keyPresser } from '../keys/press.fixtures.js';

const BTC_REF = { id: 16, symbol: 'BTC', name: 'BTC Perp', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };

function setup(feedHealth: 'live' | 'stale') {
  const store = createTerminalStore({
    keyScope: 'trade',
    connection: { ...INITIAL_CONNECTION, health: 'live' },
    market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    markets: [BTC_REF],
    header: { marketId: 16, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: { ...LIVE_SESSION_FACTS, feedHealth }, markets: [btcTestMarket()] },
  });
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null };
  const press = keyPresser(store, program);
  const type = (text: string) => {
    for (const ch of text) press(ch);
  };
  return { store, press, type, ui: () => store.getState().tradingUi };
}

describe('a typed order that cannot open its review', () => {
  it('command-order-while-stale-stays-in-the-line: :buy 0.01 mkt on a stale feed keeps the line, says why; 5 typed next edits the line', () => {
    const t = setup('stale');
    t.press(':');
    t.type('buy 0.01 mkt');
    t.press(ENTER);
    expect(t.ui().commandLine).toBe('buy 0.01 mkt');
    expect(t.ui().commandError).toBe('cannot send: the feed is stale: orders are locked until it is live');
    // Nothing opened behind the line: the next key is the line's, not a form's size (0.01 + 5 = 0.015).
    expect(t.ui().entry).toBeNull();
    t.press('5');
    expect(t.ui().commandLine).toBe('buy 0.01 mkt5');
    expect(t.ui().entry).toBeNull();
  });

  it('command-order-bad-field-stays-in-the-line: a price with too many decimals is named in the line', () => {
    const t = setup('live');
    t.press(':');
    t.type('buy 0.01 @ 67000.25');
    t.press(ENTER);
    expect(t.ui().commandLine).toBe('buy 0.01 @ 67000.25');
    expect(t.ui().commandError).toBe('price "67000.25" has more than 1 decimal');
    expect(t.ui().entry).toBeNull();
  });

  it('command-size-leading-zeros-refused: :buy 001, :sell $0500 and :buy 050% stay in the line with what to type, each in its kind\'s words', () => {
    for (const [line, said] of [
      ['buy 001 mkt', 'size "001" starts with a zero: type 1, or 0.01 for a fraction'],
      ['sell $0500 mkt', 'quote amount "0500" starts with a zero: type 500, or 0.500 for a fraction'],
      ['buy 050% mkt', 'percentage "050" starts with a zero: type 50, or 0.50 for a fraction'],
    ] as const) {
      const t = setup('live');
      t.press(':');
      t.type(line);
      t.press(ENTER);
      expect(t.ui().commandLine).toBe(line);
      expect(t.ui().commandError).toBe(said);
      expect(t.ui().entry).toBeNull();
    }
  });

  it('command-order-form-size-selected: Esc from the review of :buy 0.01 goes to the form with 0.01 selected; 5 typed makes it 5', () => {
    const t = setup('live');
    t.press(':');
    t.type('buy 0.01 @ 67000');
    t.press(ENTER);
    expect(t.ui()).toMatchObject({ commandLine: null, reviewing: true, entry: { size: '0.01', focus: 'size', selected: 'size' } });
    t.press(ESC);
    t.press('5');
    expect(t.ui().entry?.size).toBe('5');
  });
});
