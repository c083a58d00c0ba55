// The key press that sends a request reaches the client for every order-changing path, not only order
// entry: the `y` of an amend's confirm, of `:close` / `:cancel`, of a tab's close / TP/SL / cancel, and of
// panic carries its time (the dispatcher's keyAtMs) and the live marks then to TradingCommands, through the
// same TerminalActions (the same locks) as before. Without a key time the calls are as they always were.

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import { editCommandLine, runCommandLine } from '../command-line/flow.js';
import { answerConfirm } from '../confirm/flow.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { INITIAL_CONNECTION, createTerminalStore, type TerminalState } from '../../state/store.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { askConfirm } from '../../state/trading-actions.js';
// The questions asked here directly are answered by the contexts that ask them (ui/confirm/answers.ts): loaded for their answers.
import '../panic/flow.js';
import '../tabs/intent.js';
import '../open-orders/flow.js';
import '../positions/flow.js';

const BTC = { id: 1, symbol: 'BTC', name: 'Bitcoin', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };
const ETH_ID = 2;
const order: OrderRowView = {
  orderId: 42, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 0, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};
const position: PositionRowView = {
  positionId: 7, marketId: 1, side: 1, size: 40_000, entryPrice: 670_000, markPrice: 680_000, collateral: '100000000', leverage: 500,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 560_000, liquidationDistancePct: 17,
  markState: 'live', markNote: null, effectiveLeverage: 500, leverageBasis: 'mark',
};
const level = (price: number, size = 10_000) => ({ price, size, total: size, orders: 1 });
const screen: Partial<TerminalState> = {
  header: { marketId: 1, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
  book: { marketId: 1, asks: [level(670_050), level(670_100)], bids: [level(669_950)], maxTotal: 10_000, version: 1 },
};
const account = { accountId: 1, balance: '100000000000', locked: '0', available: '100000000000', equity: '100000000000', fw: true, frozen: false, feeTier: 0, lfr: 0, scope: 3, marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live' as const, valuationNote: null };
/** The stamp of a key at `keyAtMs`: the header's mark of the market on screen, and the live mark of ETH held off screen. */
const stampAt = (keyAtMs: number) => ({ keyAtMs, marks: { 1: 670_000, [ETH_ID]: 30_000 } });

function setup() {
  const market = { ...btcTestMarket(), id: 1 };
  const store = createTerminalStore({
    markets: [BTC], market: BTC, keyScope: 'trade', connection: { ...INITIAL_CONNECTION, health: 'live' },
    trading: {
      ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, orders: [order], positions: [position], markets: [market], account,
      marketPrices: {
        [ETH_ID]: { mark: { state: 'live', price: 30_000, block: 1, timeMs: 1 }, lastTrade: null },
        // A stale mark is no mark at the key press: it is left out.
        3: { mark: { state: 'stale', price: 99, block: 1, timeMs: 1, reason: 'old' }, lastTrade: null },
      },
    },
    ...screen,
  });
  const calls: unknown[][] = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: Promise.resolve({ ok: true, results: [], message: 'done' }) };
  const record = (name: string) => (...args: unknown[]) => (calls.push([name, ...args]), handle);
  const intents = {
    change: record('change'), close: record('close'), cancel: record('cancel'), cancelAll: record('cancelAll'),
    replaceProtection: record('replaceProtection'), panic: record('panic'), locks: () => [], note: () => undefined,
  } as unknown as TradingCommands;
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => intents };
  const actions = createTerminalActions(store, program);
  const run = (text: string, keyAtMs?: number) => {
    editCommandLine(store, text);
    runCommandLine(store, actions, keyAtMs);
  };
  return { store, actions, calls, run };
}

describe('the key press reaches every order-changing command', () => {
  it('amend-confirm-carries-the-key: y on the review of a change sends it with that y and the review estimate', () => {
    const t = setup();
    t.run('amend 42 @ 66000.5', 100);
    answerConfirm(t.store, t.actions, true, Date.now(), 901.5);
    // Resting under the asks, the review estimates the order fills at its limit.
    expect(t.calls).toEqual([['change', 42, { price: 660_005 }, { ...stampAt(901.5), estimatedPrice: 660_005 }]]);
  });

  it('close-command-carries-the-y: :close 50% asks, and its y is the key the close is timed from (not the Enter before it)', () => {
    const t = setup();
    t.run('close 50%', 100);
    expect(t.calls).toEqual([]);
    answerConfirm(t.store, t.actions, true, Date.now(), 902);
    expect(t.calls).toEqual([['close', 7, { kind: 'market', bps: 5_000 }, stampAt(902)]]);
  });

  it('cancel-command-carries-the-key: :cancel ID and :cancel all', () => {
    const t = setup();
    t.run('cancel 42');
    answerConfirm(t.store, t.actions, true, Date.now(), 903);
    t.run('cancel all');
    answerConfirm(t.store, t.actions, true, Date.now(), 904);
    expect(t.calls).toEqual([['cancel', 42, stampAt(903)], ['cancelAll', undefined, stampAt(904)]]);
  });

  it('tab-close-and-tpsl-carry-the-key: the y of x on a position, and of a TP/SL edit', () => {
    const t = setup();
    askConfirm(t.store, { text: 'close?', action: { kind: 'tab', intent: { kind: 'close', positionId: 7, opts: { kind: 'market' } } }, at: 'tabs' });
    answerConfirm(t.store, t.actions, true, Date.now(), 905);
    askConfirm(t.store, { text: 'sl?', action: { kind: 'tab', intent: { kind: 'protect', positionId: 7, sl: 650_000, on: 'mark' } }, at: 'tabs' });
    answerConfirm(t.store, t.actions, true, Date.now(), 906);
    expect(t.calls).toEqual([
      ['close', 7, { kind: 'market' }, stampAt(905)],
      ['replaceProtection', 7, { sl: { price: 650_000, on: 'mark' } }, {}, stampAt(906)],
    ]);
  });

  it('panic-confirm-carries-the-key: the y of panic is the one key every order of it is timed from', () => {
    const t = setup();
    askConfirm(t.store, { text: 'PANIC?', action: { kind: 'panic' }, at: 'bar' });
    answerConfirm(t.store, t.actions, true, Date.now(), 907);
    expect(t.calls).toEqual([['panic', stampAt(907)]]);
  });

  it('no-key-time-same-calls-as-before: without the dispatcher time nothing extra goes to the commands', () => {
    const t = setup();
    t.run('close');
    answerConfirm(t.store, t.actions, true, Date.now());
    askConfirm(t.store, { text: 'PANIC?', action: { kind: 'panic' }, at: 'bar' });
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.calls).toEqual([['close', 7, { kind: 'market', bps: 10_000 }], ['panic']]);
  });
});
