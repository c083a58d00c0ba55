// The `:` line of an algo (`:twap`, `:trail`, `:chase`) for the flows' unit tests: BTC on screen at mark 67,000,
// the trading link live, the trading slice the test hands in, and an algo runner that records what it is
// asked to start (each kind answering with its own id) instead of starting it.

import type { AlgoControl } from '../../domain/algos/algo-row.js';
import type { ChaseSpec } from '../../domain/algos/chase.js';
import type { TrailSpec } from '../../domain/algos/trail.js';
import type { TwapSpec } from '../../domain/algos/twap.js';
import type { TradingCommands } from '../../domain/trading/commands.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { MarketHeaderView } from '../../domain/views.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore, type TerminalState } from '../../state/store.js';
import { EMPTY_TRADING, type TradingSlice } from '../../state/trading-slice.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { editCommandLine, runCommandLine } from '../command-line/flow.js';

const BTC_REF = { id: 16, symbol: 'BTC', name: 'BTC Perp', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };

/** `trading` over a live, enabled slice with the BTC test market; `over` last (a book, another header). */
export function algoLineSetup(trading: Partial<TradingSlice> = {}, over: Partial<TerminalState> = {}) {
  const store = createTerminalStore({
    keyScope: 'trade', connection: { ...INITIAL_CONNECTION, health: 'live' }, markets: [BTC_REF],
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [btcTestMarket()], ...trading },
    market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    header: { marketId: 16, mark: 670_000 } as MarketHeaderView,
    ...over,
  });
  const started = { twap: [] as TwapSpec[], trail: [] as TrailSpec[], chase: [] as ChaseSpec[] };
  const algos = {
    startTwap: (spec: TwapSpec) => (started.twap.push(spec), { id: 'tw1' }),
    startTrail: (spec: TrailSpec) => (started.trail.push(spec), { id: 'tr1' }),
    startChase: (spec: ChaseSpec) => (started.chase.push(spec), { id: 'ch1' }),
  } as unknown as AlgoControl;
  const commands = { locks: () => [], note: () => {} } as unknown as TradingCommands;
  const services: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => commands, algos: () => algos };
  const actions = createTerminalActions(store, services);
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, actions);
    return store.getState().tradingUi;
  };
  return { store, actions, run, started };
}
