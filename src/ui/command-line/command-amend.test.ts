// `:amend` runs the Open orders tab's change (amendIntent) through the review of a new order: the order as
// it would stand after the change is previewed in the order entry pane and judged by smart confirm, behind
// a confirm whose default is Cancel; the intent gets exact scaled integers, a size alone keeps the price,
// and nothing is sent for a bad line or a change the rules of placing an order refuse.

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { editCommandLine, runCommandLine } from './flow.js';
import { answerConfirm } from '../confirm/flow.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { INITIAL_CONNECTION, createTerminalStore, type TerminalState } from '../../state/store.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';

const BTC = { id: 1, symbol: 'BTC', name: 'Bitcoin', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };
const order: OrderRowView = {
  orderId: 42, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 5_000, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};
const level = (price: number, size = 10_000) => ({ price, size, total: size, orders: 1 });
/** The market around 67,000: the order rests at 66,500, the best ask is 67,005. */
const around67k: Partial<TerminalState> = {
  header: { marketId: 1, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
  book: { marketId: 1, asks: [level(670_050), level(670_100)], bids: [level(669_950)], maxTotal: 10_000, version: 1 },
};
const account = { accountId: 1, balance: '100000000000', locked: '0', available: '100000000000', equity: '100000000000', fw: true, frozen: false, feeTier: 0, lfr: 0, scope: 3, marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live' as const, valuationNote: null, };

function setup(keyScope: 'trade' | 'read' = 'trade', over: Partial<TerminalState> = {}, config: Parameters<typeof btcTestMarket>[0] = {}) {
  const market = { ...btcTestMarket(config), id: 1 };
  const store = createTerminalStore({
    markets: [BTC], keyScope, connection: { ...INITIAL_CONNECTION, health: 'live' },
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, orders: [order], markets: [market], account },
    ...over,
  });
  const changes: Array<[number, { price?: number; size?: number }]> = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: Promise.resolve({ ok: true, results: [], message: 'done' }) };
  const intents = { change: (id: number, c: { price?: number; size?: number }) => (changes.push([id, c]), handle), locks: () => [] } as unknown as TradingCommands;
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => intents };
  const commands = createTerminalActions(store, program);
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, commands);
  };
  return { store, commands, changes, run };
}

describe(':amend', () => {
  it('asks first; Enter (the default) cancels and sends nothing', () => {
    const t = setup('trade', around67k);
    t.run('amend 42 @ 66000.5');
    expect(t.store.getState().tradingUi.confirm).toEqual({ action: { kind: 'amend' }, text: 'change BTC order 42: price 66,500 → 66,000.5?', at: 'entry', yes: 'send the change' });
    // The order as it would stand is under review in the order entry pane.
    expect(t.store.getState().tradingUi.amend).toMatchObject({ orderId: 42, before: { price: 665_000, size: 15_000 }, after: { side: 'long', price: 660_005, size: 15_000 } });
    answerConfirm(t.store, t.commands, false, Date.now());
    expect(t.changes).toEqual([]);
    expect(t.store.getState().tradingUi.confirm).toBeNull();
    expect(t.store.getState().tradingUi.amend).toBeNull();
  });

  it('y sends the change with exact scaled integers; a size alone keeps the price', () => {
    const t = setup('trade', around67k);
    t.run('amend 42 @ 66000.5');
    answerConfirm(t.store, t.commands, true, Date.now());
    t.run('change 42 size 0.3');
    expect(t.store.getState().tradingUi.confirm?.text).toBe('change BTC order 42: size 0.15 BTC → 0.3 BTC?');
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.changes).toEqual([
      [42, { price: 660_005 }],
      [42, { price: 665_000, size: 30_000 }],
    ]);
  });

  it('refuses, with the reason under the line, what it cannot do exactly', () => {
    const cases: Array<[string, string]> = [
      ['amend 7 @ 66000', 'order 7 is not open'],
      ['amend 42 @ 66000.25', 'decimal'],
      ['amend 42 @ 66500', 'nothing changes'],
      ['amend 42 size 0.000001', 'decimal'],
    ];
    for (const [text, message] of cases) {
      const t = setup();
      t.run(text);
      expect(t.store.getState().tradingUi.commandError).toContain(message);
      expect(t.store.getState().tradingUi.confirm).toBeNull();
    }
    const ro = setup('read');
    ro.run('amend 42 @ 66000');
    expect(ro.store.getState().tradingUi.commandError).toBe('cannot amend: the API key is read-only (no trade scope)');
  });

  it('amend-through-the-market-asks: a buy moved 19% above the mark names the distance and the crossing; Enter sends nothing', () => {
    const t = setup('trade', around67k);
    t.run('amend 42 @ 80000');
    const question = t.store.getState().tradingUi.confirm?.text ?? '';
    expect(question).toContain('change BTC order 42: price 66,500 → 80,000');
    expect(question).toContain('price 19.4% from mark');
    expect(question).toContain('moves across the book: fills now as taker');
    expect(question).toMatch(/send anyway\?$/);
    answerConfirm(t.store, t.commands, false, Date.now());
    expect(t.changes).toEqual([]);
    t.run('amend 42 @ 80000');
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.changes).toEqual([[42, { price: 800_000 }]]);
  });

  it('amend-size-600x-asks-margin-of-equity: the raised size is judged by the margin the order would need', () => {
    const t = setup('trade', around67k);
    // 0.15 -> 90 BTC at 66,500 and 5x: 1,197,000 USD of margin against 100,000 of equity.
    t.run('amend 42 size 90');
    const question = t.store.getState().tradingUi.confirm?.text ?? '';
    expect(question).toContain('size 0.15 BTC → 90 BTC');
    expect(question).toMatch(/margin 1197% of equity/);
    expect(question).not.toContain('across the book');
    answerConfirm(t.store, t.commands, false, Date.now());
    expect(t.changes).toEqual([]);
  });

  it('change-under-the-minimum-refused-before-review: the order after the change must be one that could be placed', () => {
    // Resting orders must be worth 10 USD; 0.0001 BTC at 66,500 is 6.65.
    const t = setup('trade', around67k, { min_posting_amount: '10000000' });
    t.run('amend 42 size 0.0001');
    expect(t.store.getState().tradingUi.commandError).toContain('under the exchange minimum');
    expect(t.store.getState().tradingUi.confirm).toBeNull();
    expect(t.store.getState().tradingUi.amend).toBeNull();
  });

  it('an order that moved during the review is not changed: the review is stale', () => {
    const t = setup('trade', around67k);
    t.run('amend 42 @ 66000');
    const moved = { ...order, filledSize: 10_000 };
    t.store.setState({ trading: { ...t.store.getState().trading, orders: [moved] } });
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.changes).toEqual([]);
    expect(t.store.getState().notice).toContain('changed during the review: nothing sent');
  });

  it('a feed that stalls while the review is open holds the change: y sends nothing and says why', () => {
    const t = setup('trade', around67k);
    t.run('amend 42 @ 66000');
    t.store.setState({ connection: { ...INITIAL_CONNECTION, health: 'stale' } });
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.changes).toEqual([]);
    expect(t.store.getState().notice).toBe('cannot amend: the market data feed is stale');
  });

  it('a TP/SL trigger is not reviewed as a limit order', () => {
    const t = setup('trade', around67k);
    const trigger = { ...order, orderId: 43, type: 3, price: 0, triggerPrice: 650_000, triggerCondition: 4, linkedPositionId: 7 };
    t.store.setState({ trading: { ...t.store.getState().trading, orders: [order, trigger] } });
    t.run('amend 43 @ 64000');
    expect(t.store.getState().tradingUi.commandError).toContain('is a TP/SL trigger');
    expect(t.store.getState().tradingUi.amend).toBeNull();
  });

  it('a quit question that replaces the amend confirm ends the review: nothing sent, the pane closes', () => {
    const t = setup('trade', around67k);
    t.run('amend 42 @ 66000');
    t.store.setState({ tradingUi: { ...t.store.getState().tradingUi, confirm: { text: '1 request in flight: quit anyway?', action: { kind: 'quit' }, at: 'bar' } } });
    answerConfirm(t.store, t.commands, false, Date.now());
    expect(t.store.getState().tradingUi.amend).toBeNull();
    expect(t.changes).toEqual([]);
  });

  it('amend-size-growth-asks-by-name: :amend to more than 2x the open size names it in the confirm, as e does (one rule)', () => {
    const t = setup('trade', around67k);
    // 0.15 open -> 1.5: x10.
    t.run('amend 42 size 1.5');
    expect(t.store.getState().tradingUi.confirm?.text).toContain('size 0.15 → 1.5 (x10)');
    answerConfirm(t.store, t.commands, false, Date.now());
    expect(t.changes).toEqual([]);
    // Twice the size is routine here: nothing about growth.
    t.run('amend 42 size 0.3');
    expect(t.store.getState().tradingUi.confirm?.text).not.toContain('(x');
  });

  it('amend-relative-price-resolved-at-review: `@ @bid` moves the order to the best bid 66,995 and says so; y sends those ticks', () => {
    const t = setup('trade', around67k);
    t.run('amend 42 @ @bid');
    expect(t.store.getState().tradingUi.confirm?.text).toBe('change BTC order 42: price 66,500 → 66,995 (@bid = 66,995)?');
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.changes).toEqual([[42, { price: 669_950 }]]);
  });

  it('amend-size-words: `1/2` of the open 0.15 is 0.075; `$500` at the new price 66,995 is 0.00746', () => {
    const half = setup('trade', around67k);
    half.run('amend 42 size 1/2');
    expect(half.store.getState().tradingUi.confirm?.text).toBe('change BTC order 42: size 0.15 BTC → 0.075 BTC (1/2 of 0.15 BTC = 0.075 BTC (rounded down to the lot))?');
    answerConfirm(half.store, half.commands, true, Date.now());
    expect(half.changes).toEqual([[42, { price: 665_000, size: 7_500 }]]);
    const quote = setup('trade', around67k);
    quote.run('amend 42 @bid size $500');
    answerConfirm(quote.store, quote.commands, true, Date.now());
    // 500 / 66,995 = 0.0074632.. -> 746 units.
    expect(quote.changes).toEqual([[42, { price: 669_950, size: 746 }]]);
  });

  it('amend-relative-price-unresolved-refused: no book, no bid, nothing asked', () => {
    const t = setup('trade', { header: around67k.header! });
    t.run('amend 42 @ @bid');
    expect(t.store.getState().tradingUi.commandError).toBe('amend: price @bid: no bid in the book');
    expect(t.store.getState().tradingUi.confirm).toBeNull();
    expect(t.changes).toEqual([]);
  });
});
