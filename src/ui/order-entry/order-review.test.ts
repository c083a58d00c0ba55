// Review and smart confirm on the store: the entry price from the book, a position flip asks (default
// Cancel), the config's [confirm] thresholds replace the defaults and skipReview sends routine orders
// at once, and every reason the submit is disabled is shown on the form.

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import type { PositionRowView } from '../../domain/trading/views.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import { evaluateEntry, newEntryForm, type OrderEntryForm } from '../../state/order-entry.js';
import { acceptReview, entryContext, entryDisabledReason, entryPreview, openEntry, startReview } from './flow.js';
import { answerConfirm } from '../confirm/flow.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { INITIAL_CONNECTION, createTerminalStore, type TerminalState } from '../../state/store.js';
import type { CommandHandle, PlaceParams, TradingCommands } from '../../domain/trading/commands.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { entryLines } from './entry-lines.js';
import { armableReview } from './send-check.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';

const market = (isOpen = true): Market => btcTestMarket({ is_open: isOpen });

const longPosition: PositionRowView = {
  positionId: 3, marketId: 16, side: 1, size: 1_000, entryPrice: 670_000, markPrice: 670_000, collateral: '100000000',
  leverage: 500, unrealizedPnl: '0', roe: 0, liquidationPrice: 560_000, liquidationDistancePct: 16,
  markState: 'live', markNote: null, effectiveLeverage: 500, leverageBasis: 'mark',
};

function fakeIntents(sent: PlaceParams[]): TradingCommands {
  const handle: CommandHandle = { rqs: () => [1], outcome: new Promise(() => undefined) };
  return {
    place: (p) => (sent.push(p), handle),
    cancel: () => handle,
    cancelAll: () => handle,
    change: () => handle,
    close: () => handle,
    addCollateral: () => handle,
    panic: () => handle,
    protect: () => handle,
    replaceProtection: () => handle,
    locks: () => [],
    note: () => undefined,
  };
}

function setup(form: Partial<OrderEntryForm>, over: Partial<TerminalState> = {}) {
  const m = market();
  const store = createTerminalStore({
    market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    header: { marketId: 16, mark: 670_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
    keyScope: 'trade',
    connection: { ...INITIAL_CONNECTION, health: 'live' },
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [m], account: { accountId: 1, balance: '1000000000000', locked: '0', available: '1000000000000', equity: '1000000000000', fw: true, frozen: false, feeTier: 0, lfr: 0, scope: 3,
      marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live', valuationNote: null } },
    ...over,
  });
  const entry = { ...newEntryForm(16, 'long', formatScaledTrim(669_000, 1), '5'), size: '0.01', ...form };
  store.setState({ tradingUi: { ...store.getState().tradingUi, entry } });
  const sent: PlaceParams[] = [];
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => fakeIntents(sent) };
  const commands = createTerminalActions(store, program);
  return { store, commands, sent };
}

describe('the price order entry starts with', () => {
  const level = (price: number) => ({ price, size: 1, total: 1, orders: 1 });
  const book = { marketId: 16, asks: [level(670_050), level(670_100)], bids: [level(669_950), level(669_900), level(669_850)], maxTotal: 3, version: 1 };
  // Issue 14: b started at the best ask, so a "limit" buy filled at once as a taker.
  it('b-prefills-the-passive-side: the book cursor level when there is one, else the best bid to buy and the best ask to sell', () => {
    const { store } = setup({});
    store.setState({ book, bookCursor: { side: 'bid', level: 2 } });
    openEntry(store, 'long');
    expect(store.getState().tradingUi.entry?.price).toBe('66985');
    store.setState({ bookCursor: null });
    openEntry(store, 'long');
    expect(store.getState().tradingUi.entry?.price).toBe('66995');
    openEntry(store, 'short');
    expect(store.getState().tradingUi.entry?.price).toBe('67005');
  });
});

describe('the review by effect, with honest estimates', () => {
  const level = (price: number, size = 1) => ({ price, size, total: size, orders: 1 });
  const book = { marketId: 16, asks: [level(670_050), level(670_100), level(670_200)], bids: [level(669_950, 100_000)], maxTotal: 3, version: 1 };
  const reviewText = (store: ReturnType<typeof setup>['store']) => {
    const state = store.getState();
    const form = state.tradingUi.entry!;
    const ctx = entryContext(state, form);
    const result = evaluateEntry(form, ctx);
    const preview = entryPreview(state, result.intent!);
    const position = state.trading.positions.find((p) => p.marketId === 16) ?? null;
    return entryLines({ form, result, market: ctx.market!, reviewing: true, preview, disabled: null, position }).map((l) => l.text).join('\n');
  };

  it('reduce-is-not-opening: selling 0.005 of a 0.01 long is reviewed as a reduce that frees margin', () => {
    const { store } = setup({ side: 'short', size: '0.005', price: '67100' });
    store.setState({ book, trading: { ...store.getState().trading, positions: [longPosition] } });
    startReview(store);
    const text = reviewText(store);
    expect(text).toContain('▼ SELL · reduce LONG 0.01 → 0.005');
    expect(text).not.toContain('SHORT (sell)');
    // Half the position's 100 USD collateral is released; nothing is charged.
    expect(text).toMatch(/margin freed 50 /);
    expect(text).not.toMatch(/margin \d/);
  });

  it('a flip shows both parts: what closes (and frees) and what opens (and posts)', () => {
    const { store } = setup({ side: 'short', size: '0.015', type: 'market' });
    store.setState({ book, trading: { ...store.getState().trading, positions: [longPosition] } });
    startReview(store);
    const text = reviewText(store);
    expect(text).toContain('▼ SELL · flip LONG 0.01 → SHORT 0.005');
    expect(text).toMatch(/closes LONG 0\.01 \(frees 100\), opens SHORT 0\.005 \(margin [\d.,]+\)/);
  });

  it('limit-through-the-ask-says-it-crosses: taker fee, how much fills now and how much rests at the limit', () => {
    const { store } = setup({ size: '0.01', price: '67010' });
    store.setState({ book });
    startReview(store);
    const text = reviewText(store);
    expect(text).toContain('▲ LONG (buy) · open');
    expect(text).toContain('crosses the book: taker fee');
    // Two units at or under the limit fill now; the next ask is past it, so the rest waits at 67,010 (the estimate never goes above it).
    expect(text).toContain('fills 0.00002 now, 0.00998 rests at 67,010');
    expect(text).toContain('est 67,010 ');
  });
});

describe('smart confirm on review', () => {
  it('a sell larger than the long position asks "flips"; Enter (the default) cancels, y sends', () => {
    const { store, commands, sent } = setup({ side: 'short', size: '0.02', price: '67100' });
    store.setState({ trading: { ...store.getState().trading, positions: [longPosition] } });
    startReview(store);
    expect(store.getState().tradingUi.reviewing).toBe(true);
    acceptReview(store, commands, 1_000);
    expect(store.getState().tradingUi.confirm?.text).toContain('flips your long position');
    answerConfirm(store, commands, false, 1_001);
    expect(sent).toEqual([]);
    expect(store.getState().notice).toBe('cancelled');
    acceptReview(store, commands, 1_002);
    answerConfirm(store, commands, true, 1_003);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ side: 'short', size: 2_000 });
  });

  it('a sell smaller than the long position reduces it: no confirm, sent at once', () => {
    const { store, commands, sent } = setup({ side: 'short', size: '0.005', price: '67100' });
    store.setState({ trading: { ...store.getState().trading, positions: [longPosition] } });
    acceptReview(store, commands, 1_000);
    expect(store.getState().tradingUi.confirm).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('the config [confirm] thresholds replace the defaults', () => {
    const routine = setup({ leverage: '5' });
    acceptReview(routine.store, routine.commands, 1_000);
    expect(routine.sent).toHaveLength(1); // 5x is under the default 10x

    const strict = setup({ leverage: '5' }, { workspace: { ...createTerminalStore().getState().workspace, confirmPrefs: { leverageAbove: 3, priceFromMarkPct: 0.1 } } });
    acceptReview(strict.store, strict.commands, 1_000);
    expect(strict.sent).toEqual([]);
    const text = strict.store.getState().tradingUi.confirm?.text ?? '';
    expect(text).toContain('leverage 5x');
    expect(text).toContain('from mark'); // 66,900.0 vs mark 67,000.0 is 0.15 %

    const window = setup({}, { workspace: { ...createTerminalStore().getState().workspace, confirmPrefs: { duplicateWindowSec: 60 } } });
    acceptReview(window.store, window.commands, 1_000);
    window.store.setState({ tradingUi: { ...window.store.getState().tradingUi, entry: { ...newEntryForm(16, 'long', '66900', '5'), size: '0.01' } } });
    acceptReview(window.store, window.commands, 40_000); // 39 s later: still "the same order" with a 60 s window
    expect(window.store.getState().tradingUi.confirm?.text).toContain('same order sent seconds ago');
  });
});

describe('[confirm] skipReview', () => {
  const skipping = { workspace: { ...createTerminalStore().getState().workspace, confirmPrefs: { skipReview: true } } };
  it('sends a routine order on Enter without the review step', () => {
    const { store, commands, sent } = setup({}, skipping);
    startReview(store, { actions: commands, nowMs: 1_000 });
    expect(sent).toHaveLength(1);
    expect(store.getState().tradingUi.entry).toBeNull();
  });
  it('still stops at smart confirm (default Cancel) for an order that trips it', () => {
    const { store, commands, sent } = setup({ leverage: '12' }, skipping);
    startReview(store, { actions: commands, nowMs: 1_000 });
    expect(sent).toEqual([]);
    expect(store.getState().tradingUi.confirm?.text).toContain('leverage 12x');
  });
  it('without it, Enter only opens the review', () => {
    const { store, commands, sent } = setup({});
    startReview(store, { actions: commands, nowMs: 1_000 });
    expect(sent).toEqual([]);
    expect(store.getState().tradingUi.reviewing).toBe(true);
  });
});

describe('submit disabled, with the reason on the form', () => {
  const shown = (state: TerminalState): string => {
    const form = state.tradingUi.entry!;
    const ctx = entryContext(state, form);
    const lines = entryLines({ form, result: evaluateEntry(form, ctx), market: ctx.market!, reviewing: false, preview: null, disabled: entryDisabledReason(state, form) });
    return lines.map((l) => l.text).join('\n');
  };

  const trading = (s: TerminalState, change: Partial<TerminalState['trading']>) => ({ trading: { ...s.trading, ...change } });
  it.each<[string, (s: TerminalState) => Partial<TerminalState>, string]>([
    ['no key', () => ({ trading: { ...EMPTY_TRADING, markets: [market()] } }), 'read-only: no API key loaded'],
    ['trading starting', () => ({ trading: { ...EMPTY_TRADING, starting: true, markets: [market()] } }), 'trading is starting'],
    ['read-only key', () => ({ keyScope: 'read' }), 'the API key is read-only'],
    ['stale feed', (s) => trading(s, { lockFacts: { ...LIVE_SESSION_FACTS, feedHealth: 'stale' } }), 'the feed is stale'],
    ['fw off', (s) => trading(s, { lockFacts: { ...LIVE_SESSION_FACTS, account: { fw: false, frozen: false } } }), 'order forwarding is off'],
    ['no account', (s) => trading(s, { lockFacts: { ...LIVE_SESSION_FACTS, account: null } }), 'no exchange account'],
    ['market closed', (s) => trading(s, { markets: [market(false)] }), 'the market BTC is closed'],
    // The trading socket can be live while the market-data feed stalls: the book and mark are then old.
    ['market data stale', (s) => ({ connection: { ...s.connection, health: 'stale' } }), 'the market data feed is stale'],
    ['market data resyncing', (s) => ({ connection: { ...s.connection, health: 'resyncing' } }), 'the market data feed is resyncing'],
  ])('%s', (_name, change, reason) => {
    const { store, commands, sent } = setup({});
    store.setState(change(store.getState()));
    expect(shown(store.getState())).toContain(`submit disabled: ${reason}`);
    startReview(store);
    expect(store.getState().tradingUi.reviewing).toBe(false);
    expect(store.getState().notice).toContain(`cannot send: ${reason}`);
    // Even from review (the session may lock while the trader reads the preview), y sends nothing.
    store.setState({ tradingUi: { ...store.getState().tradingUi, reviewing: true } });
    acceptReview(store, commands, 1_000);
    expect(sent).toEqual([]);
    expect(store.getState().notice).toContain(`cannot send: ${reason}`);
  });
});

describe('the order armed for the key thread (armableReview)', () => {
  it('armed-order-is-the-one-y-sends: the review\'s order, as acceptReview places it', () => {
    const { store, commands, sent } = setup({});
    expect(armableReview(store.getState(), 1_000)).toBeNull(); // the form, not its review
    startReview(store);
    const armed = armableReview(store.getState(), 1_000);
    acceptReview(store, commands, 1_000);
    expect(armed).not.toBeNull();
    expect(sent).toEqual([armed]);
  });

  it('risky-order-never-armed: where smart confirm asks, y answers the question on the screen thread', () => {
    const { store, commands, sent } = setup({ price: formatScaledTrim(600_000, 1) });
    startReview(store);
    expect(armableReview(store.getState(), 1_000)).toBeNull();
    acceptReview(store, commands, 1_000);
    expect(store.getState().tradingUi.confirm).not.toBeNull();
    expect(sent).toEqual([]);
  });

  it('review-not-owning-keys-never-armed: with the command line open or the screen too small, y is not the review\'s', () => {
    const { store } = setup({});
    startReview(store);
    const open = store.getState();
    store.setState({ tradingUi: { ...open.tradingUi, commandLine: '' } });
    expect(armableReview(store.getState(), 1_000)).toBeNull();
    store.setState({ tradingUi: open.tradingUi, viewport: { ...open.viewport, tooSmall: true } });
    expect(armableReview(store.getState(), 1_000)).toBeNull();
  });
});
