// Row actions of the trading tabs through their keys, with recorded intents: a limit close from `x`,
// editing an attached stop with `t` (one replace: the client arms the new, then cancels the old), moving a
// trigger's price with `e`, cancel
// all in the market (`C`) and everywhere (`A`), paging history as the cursor nears the end, and the
// market filter (`m`) in every history view; 5 / 6 from any pane, and a remapped row key.

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import type { AccountEventRowView, OrderHistoryRowView, PositionHistoryRowView } from '../../domain/trading/history-views.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { MarketListing, TerminalState } from '../../state/store.js';
import { createTerminalStore } from '../../state/store.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { INITIAL_TRADING_TABS } from '../../state/trading-tabs.js';
import { tabRows } from './rows.js';
import { createKeymap, type Keymap } from '../keys/keymap.js';
import { ENTER, keyPresser } from '../keys/press.fixtures.js';

const BTC = { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const position: PositionRowView = {
  positionId: 7, marketId: 1, side: 1, size: 40_000, entryPrice: 670_000, markPrice: 680_000, collateral: '100000000', leverage: 500,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 560_000, liquidationDistancePct: 17,
  markState: 'live', markNote: null, effectiveLeverage: 500, leverageBasis: 'mark',
};
const trigger = (orderId: number, price: number, condition: number): OrderRowView => ({
  orderId, requestId: orderId, marketId: 1, type: 3, status: 8, price: 0, originalSize: 40_000, filledSize: 0, flags: 4, leverage: 500,
  triggerPrice: price, triggerCondition: condition, linkedPositionId: 7, lastBlock: null, blocksLeft: null,
});

type Call = [string, ...unknown[]];

function setup(orders: OrderRowView[] = [], keymap?: Keymap) {
  const calls: Call[] = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: Promise.resolve({ ok: true, results: [], message: 'done' }) };
  const record = (name: string) => (...args: unknown[]) => (calls.push([name, ...args]), handle);
  const intents: TradingCommands = {
    place: record('place'), cancel: record('cancel'), cancelAll: record('cancelAll'), change: record('change'), close: record('close'),
    addCollateral: record('addCollateral'), protect: record('protect'), replaceProtection: record('replaceProtection'), panic: record('panic'), locks: () => [], note: () => undefined,
  };
  const listing: MarketListing = { ...BTC, name: 'BTC', fundingIntervalSec: null };
  const store = createTerminalStore({
    focus: 'trading',
    // A trading key with trade scope (the keys check the session's locks before they act).
    keyScope: 'trade',
    market: BTC,
    markets: [listing],
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, positions: [position], orders },
  });
  const pagesAsked: string[] = [];
  const refreshesAsked: string[] = [];
  const commands: TerminalServices = {
    selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => intents, loadMoreHistory: (kind) => pagesAsked.push(kind),
    refreshHistory: (kind) => refreshesAsked.push(kind),
  };
  const press = keyPresser(store, commands, keymap ? { keymap } : {});
  const type = (text: string) => {
    for (const ch of text) press(ch);
  };
  return { store, calls, press, type, pagesAsked, refreshesAsked };
}

describe('position actions from the keys', () => {
  it('x "50% @ PRICE" closes half with a limit order after a confirm', () => {
    const { store, calls, press, type } = setup();
    press('x');
    type('50% @ 69000');
    press(ENTER);
    const confirm = store.getState().tradingUi.confirm;
    expect(confirm?.text).toContain('limit @ 69,000?');
    expect(confirm?.text).toContain('close 50% (0.2 BTC)');
    expect(calls).toEqual([]);
    press('y');
    // The share crosses the command interface as basis points; the client resolves it to 20_000 units.
    expect(calls).toEqual([['close', 7, { kind: 'limit', bps: 5_000, price: 690_000 }]]);
  });

  it('t on a position with a stop shows it; a new stop is ONE replace (no cancel sent ahead of the new stop)', () => {
    const { store, calls, press, type } = setup([trigger(41, 650_000, 4), trigger(42, 700_000, 3)]);
    press('t');
    const editor = store.getState().tabs.prompt;
    expect(editor?.kind === 'editor' && editor.text).toBe('sl 65000.0 tp 70000.0');
    press('\u0015');
    type('sl 66000');
    press(ENTER);
    const confirm = store.getState().tradingUi.confirm;
    expect(confirm?.text).toContain('attach SL 66,000 (on mark) to ▲ LONG BTC #7, replacing SL 65,000?');
    press('y');
    // The client arms the new stop, then cancels the old one (client/replace-protection.ts); the take-profit is not named.
    expect(calls).toEqual([['replaceProtection', 7, { sl: { price: 660_000, on: 'mark' } }, {}]]);
  });

  it('trigger-amend-moves-the-trigger-price: e on a stop prefills its trigger price and replaces only that order', () => {
    const { store, calls, press, type } = setup([trigger(41, 650_000, 4), trigger(42, 700_000, 3)]);
    press('O');
    press('e');
    const editor = store.getState().tabs.prompt;
    expect(editor?.kind === 'editor' && editor.mode === 'trigger' && editor.text).toBe('65000.0');
    press('\u0015');
    type('66000');
    press(ENTER);
    const confirm = store.getState().tradingUi.confirm;
    expect(confirm?.text).toContain('move SL 65,000 -> 66,000 (on mark)');
    press('y');
    expect(calls).toEqual([['replaceProtection', 7, { sl: { price: 660_000, on: 'mark', size: 40_000 } }, { replacing: [41] }]]);
  });

  it('tpsl-typed-text-replaces-prefill: t shows the stops it has, selected; "sl 66000" typed over them is the whole line', () => {
    const { store, calls, press, type } = setup([trigger(41, 650_000, 4), trigger(42, 700_000, 3)]);
    press('t');
    expect(store.getState().tabs.prompt).toMatchObject({ text: 'sl 65000.0 tp 70000.0', selected: true });
    type('sl 66000');
    expect(store.getState().tabs.prompt?.text).toBe('sl 66000');
    press(ENTER);
    expect(store.getState().tradingUi.confirm?.text).toContain('attach SL 66,000 (on mark) to ▲ LONG BTC #7, replacing SL 65,000?');
    press('y');
    expect(calls).toEqual([['replaceProtection', 7, { sl: { price: 660_000, on: 'mark' } }, {}]]);
  });

  it('trigger-move-typed-price-replaces-prefill: e on a stop, 66000 typed over 65000.0 moves it to 66,000 (never 65000.066000)', () => {
    const { store, calls, press, type } = setup([trigger(41, 650_000, 4)]);
    press('O');
    press('e');
    type('66000');
    expect(store.getState().tabs.prompt?.text).toBe('66000');
    press(ENTER);
    expect(store.getState().tradingUi.confirm?.text).toContain('move SL 65,000 -> 66,000 (on mark)');
    press('y');
    expect(calls).toEqual([['replaceProtection', 7, { sl: { price: 660_000, on: 'mark', size: 40_000 } }, { replacing: [41] }]]);
  });

  it('trigger-move-backspace-edits-prefill: Backspace then 5 edits 65000.0 into 65000.5; Left keeps it to append', () => {
    const { store, press, type } = setup([trigger(41, 650_000, 4)]);
    press('O');
    press('e');
    press('\u007f');
    type('5');
    expect(store.getState().tabs.prompt?.text).toBe('65000.5');
    press('\u001b');
    press('e');
    press('\u001b[D'); // Left: the selection ends, the text stays
    expect(store.getState().tabs.prompt).toEqual(expect.objectContaining({ text: '65000.0' }));
    expect(store.getState().tabs.prompt?.selected).toBeUndefined();
    type('5');
    expect(store.getState().tabs.prompt?.text).toBe('65000.05');
  });

  it('e on a stop refuses a price on the wrong side of the mark in the editor; nothing is sent', () => {
    const { store, calls, press, type } = setup([trigger(41, 650_000, 4)]);
    press('O');
    press('e');
    press('\u0015');
    type('69000');
    press(ENTER);
    const editor = store.getState().tabs.prompt;
    expect(editor?.kind === 'editor' && editor.error).toContain('stop-loss must be below 68,000');
    expect(calls).toEqual([]);
  });

  it('an edited stop on the wrong side of the mark is refused in the editor, nothing is cancelled', () => {
    const { store, calls, press, type } = setup([trigger(41, 650_000, 4)]);
    press('t');
    press('\u0015');
    type('sl 69000');
    press(ENTER);
    const editor = store.getState().tabs.prompt;
    expect(editor?.kind === 'editor' && editor.error).toContain('stop-loss must be below');
    expect(calls).toEqual([]);
  });
});

describe('open orders: cancel all in the market, cancel all', () => {
  const resting: OrderRowView = { ...trigger(50, 0, 0), type: 1, status: 2, price: 660_000, flags: 0, triggerPrice: null, triggerCondition: null, linkedPositionId: null };
  it('C asks about this market and sends cancelAll(market); A asks about every market; Enter answers Cancel', () => {
    const { store, calls, press } = setup([resting]);
    press('O');
    press('C');
    expect(store.getState().tradingUi.confirm?.text).toBe('cancel every order in BTC?');
    press(ENTER);
    expect(calls).toEqual([]);
    press('C');
    press('y');
    press('A');
    expect(store.getState().tradingUi.confirm?.text).toBe('cancel every open order in every market?');
    press('y');
    expect(calls).toEqual([['cancelAll', 1], ['cancelAll', undefined]]);
  });
});

describe('history paged as the user scrolls', () => {
  it('moving the cursor near the end of the loaded rows asks for the next page', () => {
    const { store, press, pagesAsked, refreshesAsked } = setup();
    const fills = Array.from({ length: 12 }, (_, i) => ({ key: `f${i}`, timeMs: 0, block: i, marketId: 1, orderId: i, type: 1, liquidity: 2, price: 1, size: 1, fee: '0' }));
    const pages = INITIAL_TRADING_TABS.history;
    store.setState({ tabs: { ...store.getState().tabs, history: { ...pages, fills: { ...pages.fills, rows: fills } } } });
    press('F');
    press('j'); // row 1 of 12, a page (10 rows) from the end: nothing yet
    expect(pagesAsked).toEqual([]);
    press('j');
    expect(pagesAsked).toEqual(['fills']);
    press('H');
    press('r'); // r re-reads the newest page of the view shown (older pages load by scrolling)
    expect(refreshesAsked).toEqual(['orders']);
    expect(pagesAsked).toEqual(['fills']);
  });
});

describe('market filter in every history list', () => {
  const orderRow = (key: string, marketId: number): OrderHistoryRowView => ({ key, timeMs: 0, marketId, orderId: 1, requestId: 1, type: 1, status: 4, reason: null, price: 1, originalSize: 1, filledSize: 1, fee: null });
  const positionRow = (positionId: number, marketId: number) => ({ positionId, marketId }) as unknown as PositionHistoryRowView;
  const eventRow = (key: string, marketId: number | null) => ({ key, marketId }) as unknown as AccountEventRowView;

  it('m keeps only the current market in fills, orders, positions and events', () => {
    const { store, press } = setup();
    const pages = INITIAL_TRADING_TABS.history;
    store.setState({
      tabs: {
        ...store.getState().tabs,
        history: {
          fills: pages.fills,
          orders: { ...pages.orders, rows: [orderRow('a', 1), orderRow('b', 2)] },
          positions: { ...pages.positions, rows: [positionRow(1, 1), positionRow(2, 2), positionRow(3, 1)] },
          events: { ...pages.events, rows: [eventRow('d', null), eventRow('e', 1), eventRow('f', 2)] },
        },
      },
    });
    const counts = (s: TerminalState) => tabRows(s).rows.length;
    press('H');
    const all: number[] = [];
    const filtered: number[] = [];
    for (let i = 0; i < 3; i++) {
      all.push(counts(store.getState()));
      press('m');
      filtered.push(counts(store.getState()));
      press('m');
      press('v');
    }
    expect(all).toEqual([2, 3, 3]);
    expect(filtered).toEqual([1, 2, 1]);
  });
});

describe('keys from the keymap', () => {
  it('5 and 6 jump to the Positions and Open orders tabs from any pane', () => {
    const { store, press } = setup();
    store.setState({ focus: 'book' });
    press('6');
    expect(store.getState().focus).toBe('trading');
    expect(store.getState().tabs.tab).toBe('orders');
    store.setState({ focus: 'chart' });
    press('5');
    expect(store.getState().focus).toBe('trading');
    expect(store.getState().tabs.tab).toBe('positions');
  });

  it('a remapped row action: closePosition on X opens the close editor, x no longer does', () => {
    const { store, press } = setup([], createKeymap(new Map([['closePosition', ['X']]])));
    press('x');
    expect(store.getState().tabs.prompt).toBeNull();
    press('X');
    const prompt = store.getState().tabs.prompt;
    expect(prompt?.kind === 'editor' && prompt.mode).toBe('close');
  });
});

describe('an editor opened from another pane owns the keys', () => {
  it('editor-from-book-focus-takes-the-typing: P then t with the Book focused opens TP/SL and "sl 65000" goes into it, never into an order form', () => {
    const { store, calls, press, type } = setup();
    store.setState({ focus: 'book', tabs: { ...store.getState().tabs, tab: 'orders' } });
    press('P');
    press('t');
    expect(store.getState().tabs.prompt?.mode).toBe('tpsl');
    press('\u0015'); // Ctrl-U: whatever the prompt was prefilled with
    type('sl 65000');
    // `s` would open a sell form on the book; every key went to the prompt instead.
    expect(store.getState().tradingUi.entry).toBeNull();
    expect(store.getState().tabs.prompt?.text).toBe('sl 65000');
    press(ENTER);
    expect(store.getState().tradingUi.confirm?.text).toContain('SL 65,000');
    expect(calls).toEqual([]);
  });
});
