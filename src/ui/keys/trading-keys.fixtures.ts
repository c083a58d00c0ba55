// A live trading session for key tests at the dispatcher: BTC with a book, a mark, one long position (#7,
// 0.4 BTC), an account with room, trade scope, and every trading intent recorded by name (nothing is sent).

import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { createTerminalStore, INITIAL_CONNECTION, type MarketListing, type TerminalState } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { PASTE_END, PASTE_START } from './key-reader.js';
import type { Keymap } from './keymap.js';
import { keyPresser } from './press.fixtures.js';

const BTC = { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
export const LONG_POSITION: PositionRowView = {
  positionId: 7, marketId: 1, side: 1, size: 40_000, entryPrice: 670_000, markPrice: 680_000, collateral: '100000000', leverage: 500,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 560_000, liquidationDistancePct: 17,
  markState: 'live', markNote: null, effectiveLeverage: 500, leverageBasis: 'mark',
};
const level = (price: number) => ({ price, size: 10_000, total: 10_000, orders: 1 });

/** Text as a bracketed paste brings it (key-reader.ts turns it into one Paste press). */
export const pasted = (text: string): string => `${PASTE_START}${text}${PASTE_END}`;

export interface TradingKeysOptions {
  keymap?: Keymap;
  viewport?: { cols: number; rows: number };
  orders?: OrderRowView[];
  focus?: TerminalState['focus'];
}

export function tradingKeys(o: TradingKeysOptions = {}) {
  const calls: string[] = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: Promise.resolve({ ok: true, results: [], message: 'done' }) };
  const record = (name: string) => () => (calls.push(name), handle);
  const tradingCommands: TradingCommands = {
    place: record('place'), cancel: record('cancel'), cancelAll: record('cancelAll'), change: record('change'), close: record('close'),
    addCollateral: record('addCollateral'), protect: record('protect'), replaceProtection: record('replaceProtection'), panic: record('panic'), locks: () => [], note: () => undefined,
  };
  const listing: MarketListing = { ...BTC, name: 'BTC', fundingIntervalSec: null };
  const viewport = o.viewport ? { ...o.viewport, tooSmall: o.viewport.cols < 80 || o.viewport.rows < 24 } : { cols: 200, rows: 50, tooSmall: false };
  const store = createTerminalStore({
    focus: o.focus ?? 'book',
    keyScope: 'trade',
    market: BTC,
    markets: [listing],
    viewport,
    connection: { ...INITIAL_CONNECTION, health: 'live' },
    header: { marketId: 1, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
    book: { marketId: 1, asks: [level(670_050)], bids: [level(669_950)], maxTotal: 10_000, version: 1 },
    trading: {
      ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, positions: [LONG_POSITION], orders: o.orders ?? [], markets: [{ ...btcTestMarket(), id: 1 }],
      account: { accountId: 1, balance: '100000000000', locked: '0', available: '100000000000', equity: '100000000000', fw: true, frozen: false, feeTier: 0, lfr: 0, scope: 3, marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live' as const, valuationNote: null },
    },
  });
  const services: TerminalServices = { selectMarket: () => {}, setResolution: () => calls.push('setResolution'), quit: () => calls.push('quit'), trading: () => tradingCommands, loadMoreHistory: () => {}, refreshHistory: () => {} };
  const press = keyPresser(store, services, o.keymap ? { keymap: o.keymap } : {});
  /** Typed one key per read, as a person types. */
  const type = (text: string) => {
    for (const ch of text) press(ch);
  };
  return { store, press, type, calls, ui: () => store.getState().tradingUi };
}
