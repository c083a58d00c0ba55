// `e` on an Open orders row is reviewed like a new order, through the keys a trader presses: the editor's
// Enter opens the review of the order as it would stand (order entry pane) and a confirm whose default is
// Cancel; Enter there sends nothing, only `y` sends the Change.

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { INITIAL_TRADING_TABS } from '../../state/trading-tabs.js';
import { ENTER, ESC, keyPresser } from '../keys/press.fixtures.js';
import { OrderFlag } from '../../protocol/enums.js';
import { previewFor } from '../../state/order-review.js';
import { POST_ONLY_CHANGE_REFUSED } from '../../state/smart-confirm.js';
import { amendLines } from './amend-review-lines.js';

const BTC = { id: 1, symbol: 'BTC', name: 'BTC', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };
const resting: OrderRowView = {
  orderId: 50, requestId: 50, marketId: 1, type: 1, status: 2, price: 660_000, originalSize: 1_000, filledSize: 0, flags: 0, leverage: 500,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};
const level = (price: number) => ({ price, size: 10_000, total: 10_000, orders: 1 });

function setup(order: OrderRowView = resting) {
  const changes: unknown[] = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: Promise.resolve({ ok: true, results: [], message: 'done' }) };
  const intents = { change: (...args: unknown[]) => (changes.push(args), handle), locks: () => [] } as unknown as TradingCommands;
  const store = createTerminalStore({
    focus: 'trading',
    market: BTC,
    markets: [BTC],
    keyScope: 'trade',
    connection: { ...INITIAL_CONNECTION, health: 'live' },
    header: { marketId: 1, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
    book: { marketId: 1, asks: [level(670_050)], bids: [level(669_950)], maxTotal: 10_000, version: 1 },
    tabs: { ...INITIAL_TRADING_TABS, tab: 'orders' },
    trading: {
      ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, orders: [order], markets: [{ ...btcTestMarket(), id: 1 }],
      account: { accountId: 1, balance: '100000000000', locked: '0', available: '100000000000', equity: '100000000000', fw: true, frozen: false, feeTier: 0, lfr: 0, scope: 3, marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live' as const, valuationNote: null, },
    },
  });
  const commands: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => intents };
  const press = keyPresser(store, commands);
  const type = (text: string) => {
    for (const ch of text) press(ch);
  };
  const amendTo = (text: string) => {
    press('e');
    press('\u0015');
    type(text);
    press(ENTER);
  };
  return { store, changes, press, type, amendTo };
}

describe('e on an open order', () => {
  it('amend-with-e-through-the-market-asks: the review and its confirm open; Enter sends nothing, y sends', () => {
    const { store, changes, press, amendTo } = setup();
    amendTo('80000');
    const ui = store.getState().tradingUi;
    expect(store.getState().tabs.prompt).toBeNull();
    expect(ui.amend).toMatchObject({ orderId: 50, after: { price: 800_000, size: 1_000, side: 'long' } });
    expect(ui.confirm?.text).toContain('change BTC order 50: price 66,000 → 80,000');
    expect(ui.confirm?.text).toContain('moves across the book: fills now as taker');
    press(ENTER);
    expect(changes).toEqual([]);
    expect(store.getState().tradingUi.amend).toBeNull();
    expect(store.getState().tradingUi.confirm).toBeNull();

    amendTo('80000');
    press('y');
    expect(changes).toEqual([[50, { price: 800_000 }]]);
    expect(store.getState().tradingUi.amend).toBeNull();
  });

  it('amend-with-e-size-600x-asks-margin-of-equity', () => {
    const { store, changes, press, amendTo } = setup();
    // 0.01 -> 6 BTC at 66,000 and 5x: 79,200 USD of margin against 100,000 of equity.
    amendTo('66000 6');
    expect(store.getState().tradingUi.confirm?.text).toContain('margin 79% of equity');
    press('n');
    expect(changes).toEqual([]);
  });

  it('a routine change still shows its review and asks (default Cancel)', () => {
    const { store, changes, press, amendTo } = setup();
    amendTo('65990');
    expect(store.getState().tradingUi.confirm?.text).toBe('change BTC order 50: price 66,000 → 65,990?');
    press(ESC);
    expect(changes).toEqual([]);
  });

  it('amend-typed-size-replaces-prefill: e prefills "66000.0 0.01000", selected; typing "66000 0.02" is the whole line', () => {
    const { store, press, type } = setup();
    press('e');
    expect(store.getState().tabs.prompt).toMatchObject({ text: '66000.0 0.01000', selected: true });
    type('66000 0.02');
    expect(store.getState().tabs.prompt?.text).toBe('66000 0.02');
    press(ENTER);
    expect(store.getState().tradingUi.amend).toMatchObject({ orderId: 50, after: { price: 660_000, size: 2_000 } });
  });

  it('amend-size-grown-past-2x-asks-by-name: Right keeps the prefill so typing appends; a size typed to 10x asks, naming it', () => {
    const { store, press, type } = setup();
    press('e');
    press('\u001b[C'); // Right: keep the prefill, typing appends
    type('0');
    expect(store.getState().tabs.prompt).toMatchObject({ text: '66000.0 0.010000' });
    expect(store.getState().tabs.prompt?.selected).toBeUndefined();
    press(ESC);
    // The size grown tenfold: the confirm names it first, default Cancel.
    press('e');
    press('\u0015');
    type('66000 0.1');
    press(ENTER);
    expect(store.getState().tradingUi.confirm?.text).toContain('— size 0.01 → 0.1 (x10)');
    press('n');
    expect(store.getState().tradingUi.confirm).toBeNull();
  });

  it('post-only-amended-across-the-book-said-once: the confirm says the exchange will refuse it, once; nothing says it fills as taker', () => {
    const { store, changes, press, amendTo } = setup({ ...resting, flags: OrderFlag.PostOnly });
    amendTo('67010'); // over the best ask (67,005): a post-only there would take
    const state = store.getState();
    const review = state.tradingUi.amend!;
    const question = state.tradingUi.confirm?.text ?? '';
    const count = (text: string, part: string) => text.split(part).length - 1;
    expect(question).toBe(`change BTC order 50: price 66,000 → 67,010 — ${POST_ONLY_CHANGE_REFUSED}: send anyway?`);
    // The review in the entry pane: the refusal on its "asks" line and nowhere else; no taker fill promised.
    const pane = amendLines({ review, market: { ...btcTestMarket(), id: 1 }, preview: previewFor(state, review.after), width: 60 }).map((l) => l.text).join(' ');
    expect(count(pane.replace(/\s+/g, ' '), 'the exchange will refuse')).toBe(1);
    expect(`${pane} ${question}`).not.toMatch(/taker|refuses a post-only/);
    press('n');
    expect(changes).toEqual([]);
  });
});
