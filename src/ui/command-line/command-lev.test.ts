// `:lev X` sets the leverage order entry starts with, and refuses what the form would not take as typed:
// above the market's maximum (named), zero, negative, garbage, or more precision than hundredths.

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { editCommandLine, runCommandLine } from './flow.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';

// BTC: initial_margin 1500 -> at most 15x.
const BTC_REF = { id: 16, symbol: 'BTC', name: 'BTC Perp', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };

function setup() {
  // A trading key (trade scope), a live feed: a typed order's review opens only where an order could be sent.
  const store = createTerminalStore({ keyScope: 'trade', connection: { ...INITIAL_CONNECTION, health: 'live' }, markets: [BTC_REF], trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [btcTestMarket()] } });
  store.setState({ market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 } });
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null };
  const commands = createTerminalActions(store, program);
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, commands);
    return store.getState().tradingUi;
  };
  return { store, run };
}

describe(':lev', () => {
  it('lev-above-the-market-maximum-is-refused: :lev 500 names the maximum, keeps the line open and the leverage unchanged', () => {
    const t = setup();
    const ui = t.run('lev 500');
    expect(ui.commandError).toBe('lev: 500x is above the BTC maximum of 15x');
    expect(ui.commandLine).toBe('lev 500');
    expect(ui.leverage).toBe('');
    expect(t.run('lev 15.01').commandError).toBe('lev: 15.01x is above the BTC maximum of 15x');
  });

  it('accepts up to the maximum', () => {
    const t = setup();
    expect(t.run('lev 15')).toMatchObject({ commandError: null, commandLine: null, leverage: '15' });
    expect(t.run('lev 2.5x')).toMatchObject({ commandError: null, leverage: '2.5' });
  });

  it('refuses zero, negative, garbage and more than two decimals', () => {
    const t = setup();
    expect(t.run('lev 0').commandError).toBe('lev: leverage must be greater than 0');
    expect(t.run('lev -5').commandError).toBe('lev: leverage must be greater than 0');
    expect(t.run('lev abc').commandError).toBe('lev: "abc" is not a number');
    expect(t.run('lev 2.555').commandError).toMatch(/^lev: .*decimal/);
    expect(t.store.getState().tradingUi.leverage).toBe('');
  });

  it('lev-refused-without-a-market: with no market loaded :lev is refused, not stored unchecked', () => {
    const t = setup();
    t.store.setState({ market: null });
    const ui = t.run('lev 5');
    expect(ui.commandError).toBe('lev: no market loaded');
    expect(ui.commandLine).toBe('lev 5');
    expect(ui.leverage).toBe('');
  });
});

describe('a typed order with lev', () => {
  it('typed-order-lev-above-the-maximum-is-refused-not-clamped: :buy ... lev 500 is refused like :lev 500; nothing opens', () => {
    const t = setup();
    const ui = t.run('buy 0.01 @ 67000 lev 500');
    expect(ui.commandError).toBe('lev: 500x is above the BTC maximum of 15x');
    expect(ui.commandLine).toBe('buy 0.01 @ 67000 lev 500');
    // The form was not opened with a clamped 15x in its place.
    expect(ui.entry).toBeNull();
    expect(ui.reviewing).toBe(false);
  });

  it('a typed lev within the maximum opens the review with that leverage', () => {
    const t = setup();
    const ui = t.run('buy 0.01 @ 67000 lev 12');
    expect(ui.commandError).toBeNull();
    expect(ui.entry).toMatchObject({ leverage: '12', size: '0.01' });
    expect(ui.reviewing).toBe(true);
  });
});
