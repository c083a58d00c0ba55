// Key to wire (issue 20): every store write repaints the screen synchronously (Ink's legacy root), so a
// store write made between the key and the socket send puts a whole frame in front of the order. The
// trader's `y` in review, and every action sent through TerminalActions, must hand the request to the
// trading client (journal line, fdatasync, send) before the store is touched; the words come after.

import { describe, expect, it } from 'vitest';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { newEntryForm } from '../../state/order-entry.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { acceptReview, startReview } from './flow.js';
import { createTerminalActions } from '../actions/terminal-actions.js';

function setup() {
  const m = btcTestMarket({ is_open: true });
  const store = createTerminalStore({
    market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    header: { marketId: 16, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
    keyScope: 'trade',
    connection: { ...INITIAL_CONNECTION, health: 'live' },
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [m], account: { accountId: 1, balance: '1000000000000', locked: '0', available: '1000000000000', equity: '1000000000000', fw: true, frozen: false, feeTier: 0, lfr: 0, scope: 3,
      marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live', valuationNote: null } },
  });
  const entry = { ...newEntryForm(16, 'long', formatScaledTrim(669_000, 1), '5'), size: '0.01' };
  store.setState({ tradingUi: { ...store.getState().tradingUi, entry } });
  // Store writes since the key, and how many there were when each request reached the trading client.
  let writes = 0;
  store.subscribe(() => {
    writes += 1;
  });
  const writesAtSend: number[] = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: new Promise(() => undefined) };
  const sendNow = (): CommandHandle => (writesAtSend.push(writes), handle);
  const trading: TradingCommands = {
    place: sendNow, cancel: sendNow, cancelAll: sendNow, change: sendNow, close: sendNow, addCollateral: sendNow,
    panic: sendNow, protect: sendNow, replaceProtection: sendNow, locks: () => [], note: () => undefined,
  };
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => trading };
  const actions = createTerminalActions(store, program);
  const pressKey = (): void => {
    writes = 0;
  };
  return { store, actions, writesAtSend, pressKey, writes: () => writes };
}

describe('an order leaves before the screen redraws', () => {
  it('y-in-review-sends-before-any-store-write: the order reaches the trading client with no frame in front of it; the form closes and says sent after', () => {
    const { store, actions, writesAtSend, pressKey, writes } = setup();
    startReview(store);
    expect(store.getState().tradingUi.reviewing).toBe(true);
    pressKey();
    acceptReview(store, actions, 1_000);
    expect(writesAtSend).toEqual([0]);
    // Everything the trader saw before still happens, just after the send.
    expect(writes()).toBeGreaterThan(0);
    expect(store.getState().tradingUi.entry).toBeNull();
    expect(store.getState().tradingUi.reviewing).toBe(false);
    expect(store.getState().notice).toMatch(/: sent$/);
  });

  it('actions-send-before-the-notice: cancel and panic reach the trading client before their notice and toast are written', () => {
    const { store, actions, writesAtSend, pressKey } = setup();
    pressKey();
    void actions.cancel(7, 'cancel 7');
    expect(writesAtSend).toEqual([0]);
    expect(store.getState().notice).toBe('cancel 7: sent');
    pressKey();
    void actions.panic();
    expect(writesAtSend).toEqual([0, 0]);
    expect(store.getState().tradingUi.toasts.at(-1)?.text).toMatch(/^PANIC: cancelling/);
  });
});
