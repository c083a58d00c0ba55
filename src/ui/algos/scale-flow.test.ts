// `:scale` end to end on the store: the typed line refused before anything is sent (naming the bad word),
// one review listing every leg and the group's figures, `y` placing every leg as one group with its id,
// and `:cancel scale` cancelling the newest group's open legs as one.

import { describe, expect, it } from 'vitest';
import type { PlaceParams } from '../../domain/trading/command-params.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { editCommandLine, runCommandLine } from '../command-line/flow.js';
import { answerConfirm } from '../confirm/flow.js';
import { entryPaneContent, entryView } from '../order-entry/view.js';
import { compactLegLines } from './scale-review-lines.js';

const BTC_REF = { id: 16, symbol: 'BTC', name: 'BTC Perp', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };

const row = (orderId: number, requestId: number, group?: string): OrderRowView => ({
  orderId, requestId, marketId: 16, type: 1, status: 2, price: 650_000, originalSize: 1_000, filledSize: 0, flags: 0, leverage: 500,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null, ...(group ? { group } : {}),
});

function setup(available = '100000000000', orders: OrderRowView[] = []) {
  const account = { available, feeTier: 0 } as unknown as NonNullable<typeof EMPTY_TRADING.account>;
  const store = createTerminalStore({
    keyScope: 'trade', connection: { ...INITIAL_CONNECTION, health: 'live' }, markets: [BTC_REF],
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [btcTestMarket()], account, orders },
  });
  store.setState({ market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 } });
  const placed: PlaceParams[] = [];
  const cancelled: number[] = [];
  const done = (rq: number): CommandHandle => ({ rqs: () => [rq], outcome: Promise.resolve({ ok: true, results: [{ kind: 'definitive', rq, st: 2, message: 'open' }], message: 'open' }) });
  const trading = {
    place: (p: PlaceParams) => (placed.push(p), done(placed.length)),
    cancel: (id: number) => (cancelled.push(id), done(100 + id)),
    locks: () => [],
    note: () => {},
  } as unknown as TradingCommands;
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => trading };
  const actions = createTerminalActions(store, program);
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, actions);
    return store.getState().tradingUi;
  };
  return { store, actions, run, placed, cancelled };
}

describe(':scale', () => {
  it('scale-review-lists-every-leg: the review shows each leg, the average, notional, margin and liquidation; y places them as one group', async () => {
    const t = setup();
    const ui = t.run('scale buy 0.5 66000 65000 x10 skew 2 lev 10');
    expect(ui.commandError).toBeNull();
    expect(ui.confirm?.action.kind).toBe('scale');
    const text = entryPaneContent(entryView(t.store.getState()), 76)!.lines.map((l) => l.text).join('\n');
    expect(text).toContain('▲ BUY 0.5 BTC');
    expect(text).toContain(' 1 66,000.0 × 0.03333');
    expect(text).toContain('10 65,000.0 × 0.06667');
    expect(text).toMatch(/avg 65,432.2 · notional [\d,]+\.\d\d · margin [\d,]+\.\d\d/);
    expect(text).toMatch(/liq [\d,]+\.\d \(all filled\)/);
    expect(text).toContain('y place all 10 legs');
    expect(t.placed).toEqual([]);
    answerConfirm(t.store, t.actions, true, Date.now());
    await new Promise((r) => setTimeout(r, 0));
    expect(t.placed).toHaveLength(10);
    expect(t.placed.reduce((a, p) => a + p.size, 0)).toBe(50_000);
    expect(new Set(t.placed.map((p) => p.group)).size).toBe(1);
    expect(t.placed[0]).toMatchObject({ kind: 'limit', side: 'long', price: 660_000, leverage: 1000, group: expect.stringMatching(/^scale-/) });
    await new Promise((r) => setTimeout(r, 0));
    expect(t.store.getState().tradingUi.toasts.at(-1)?.text).toBe('scale buy 10 legs: 10 of 10 legs placed');
    expect(t.store.getState().tradingUi.scale).toBeNull();
  });

  it.each([
    ['scale buy 0.5 66000 65000 x60', 'x60: the number of legs must be 2 to 50'],
    ['scale buy 0.5 66000 65000 x10 skew 20', 'skew 20: must be 0.1 to 10'],
    ['scale buy 0.000005 66000 65000 x10', 'scale: size'],
    ['scale buy 0.5 66000 66000.5 x10', 'fewer than 10 distinct prices'],
    ['scale buy 0.5 66000 65000 x10 lev 50', 'lev: 50x is above the BTC maximum of 15x'],
  ])('scale-bad-input-sent: "%s" is refused naming it (%s), nothing sent, the line kept', (line, words) => {
    const t = setup();
    const ui = t.run(line);
    expect(ui.commandError).toContain(words);
    expect(ui.commandLine).toBe(line);
    expect(ui.confirm).toBeNull();
    expect(t.placed).toEqual([]);
  });

  it('scale-margin-beyond-available: refused before review, naming what it needs', () => {
    const t = setup('1000000');
    expect(t.run('scale buy 0.5 66000 65000 x10').commandError).toMatch(/^scale: the margin and fee of all legs \(.*\) are more than the available/);
    expect(t.placed).toEqual([]);
  });

  it('scale-cancel-takes-other-orders: `:cancel scale` asks about the newest group and cancels only its open legs', async () => {
    const t = setup(undefined, [row(1, 5, 'scale-a'), row(2, 6, 'scale-a'), row(3, 9, 'scale-b'), row(4, 10, 'scale-b'), row(5, 11)]);
    const ui = t.run('cancel scale');
    expect(ui.confirm?.text).toBe('cancel the scaled order (2 open legs)?');
    answerConfirm(t.store, t.actions, true, Date.now());
    await new Promise((r) => setTimeout(r, 0));
    expect(t.cancelled).toEqual([3, 4]);
  });

  it('cancel-scale-spares-algo-children: an algo child newer than the scaled order is not what `:cancel scale` cancels', async () => {
    const t = setup(undefined, [row(1, 5, 'scale-a'), row(2, 6, 'scale-a'), row(3, 9, 'algo ch1.1')]);
    const ui = t.run('cancel scale');
    expect(ui.confirm?.text).toBe('cancel the scaled order (2 open legs)?');
    answerConfirm(t.store, t.actions, true, Date.now());
    await new Promise((r) => setTimeout(r, 0));
    expect(t.cancelled).toEqual([1, 2]);
  });

  it('`:cancel scale` with no group open says so, nothing asked', () => {
    const t = setup(undefined, [row(5, 11)]);
    expect(t.run('cancel scale').commandError).toBe('cancel: no scaled order is open');
  });
});

describe('compactLegLines', () => {
  const lines = ['1 × 2 ×', '3 × 4 ×', '5 × 6 ×', '7 × 8 ×', '9 ×'];
  it('all lines when they fit; else first and last lines with the legs between counted', () => {
    expect(compactLegLines(lines, 5)).toEqual(lines);
    expect(compactLegLines(lines, 4)).toEqual(['1 × 2 ×', '3 × 4 ×', '… 4 more legs …', '9 ×']);
    expect(compactLegLines(lines, 3)).toEqual(['1 × 2 ×', '… 6 more legs …', '9 ×']);
    expect(compactLegLines(lines, 1)).toEqual(['… 9 more legs …']);
    expect(compactLegLines(lines, -2)).toEqual(['… 9 more legs …']);
  });
});
