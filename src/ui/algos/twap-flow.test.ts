// `:twap` on the `:` line: exact spec, the runner's own refusals named before anything is asked or sent,
// a confirm saying what it will do, and `y` starting it through TerminalActions.startTwap.

import { describe, expect, it } from 'vitest';
import type { AlgoControl } from '../../domain/algos/algo-row.js';
import type { TwapSpec } from '../../domain/algos/twap.js';
import type { TradingCommands } from '../../domain/trading/commands.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { MarketHeaderView } from '../../domain/views.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { editCommandLine, runCommandLine } from '../command-line/flow.js';
import { answerConfirm } from '../confirm/flow.js';

const BTC_REF = { id: 16, symbol: 'BTC', name: 'BTC Perp', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };

function setup() {
  const store = createTerminalStore({
    keyScope: 'trade', connection: { ...INITIAL_CONNECTION, health: 'live' }, markets: [BTC_REF],
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [btcTestMarket()] },
  });
  store.setState({ market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 }, header: { marketId: 16, mark: 670_000 } as MarketHeaderView });
  const started: TwapSpec[] = [];
  const algos = { startTwap: (spec: TwapSpec) => (started.push(spec), { id: 'tw1' }) } as unknown as AlgoControl;
  const trading = { locks: () => [], note: () => {} } as unknown as TradingCommands;
  const services: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => trading, algos: () => algos };
  const actions = createTerminalActions(store, services);
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, actions);
    return store.getState().tradingUi;
  };
  return { store, actions, run, started };
}

describe(':twap', () => {
  it('twap-confirm-says-what-it-will-do: slices, size each, interval, jitter and the price bound; y starts it', () => {
    const t = setup();
    const ui = t.run('twap buy 0.5 10m slices 20 jitter 20% slip 30bps');
    expect(ui.commandError).toBeNull();
    expect(ui.confirm?.text).toBe('TWAP buy 0.5 BTC over 10m: 20 IOC slices of ~0.025 BTC every 30s ±20%, at most 67,201 (30 bps over mark 67,000); start?');
    expect(t.started).toEqual([]);
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started).toEqual([{ marketId: 16, side: 'long', size: 50_000, durationMs: 600_000, slices: 20, jitterBps: 2_000, bound: { kind: 'slip', bps: 30 }, leverage: 500 }]);
    expect(t.store.getState().tradingUi.toasts.at(-1)?.text).toBe('twap buy BTC: started tw1');
  });

  it('a limit bound is sent as ticks', () => {
    const t = setup();
    t.run('twap sell 0.02 30s slices 3 limit 66000');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started[0]).toMatchObject({ side: 'short', size: 2_000, durationMs: 30_000, slices: 3, bound: { kind: 'limit', price: 660_000 } });
  });

  it.each([
    ['twap buy 0.5 5s', 'twap: duration: must be from 10s to 24h'],
    ['twap buy 0.5 10m slices 2000', 'twap: slices: must be from 1 to 1000'],
    ['twap buy 0.5 10m jitter 80%', 'twap: jitter: must be from 0 to 50%'],
    ['twap buy 0.5 10m slip 5000bps', 'twap: slip: must be from 1 to 1000 bps'],
    ['twap buy 0.5 10m slip 30 limit 66000', 'twap: say "slip BPS" or "limit PRICE", not both'],
    ['twap hold 0.5 10m', 'twap: say buy or sell, not "hold"'],
    ['twap buy 0.5 ten', 'twap: duration "ten" is not a duration (30s, 10m, 1h30m)'],
  ])('twap-refusal-named-before-anything-is-asked: %s', (line, refusal) => {
    const t = setup();
    const ui = t.run(line);
    expect(ui.commandError).toContain(refusal);
    expect(ui.confirm).toBeNull();
    expect(t.started).toEqual([]);
  });
});
