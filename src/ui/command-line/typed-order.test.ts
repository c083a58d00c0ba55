// A typed order's relative words resolved against the store at review time (typed-order.ts), and `:sl be`
// (breakeven-line.ts), through the real `:` line flow: what the review opens with, what it says, what each
// refusal says, and that nothing is sent before `y`.

import { describe, expect, it } from 'vitest';
import type { TriggerSpec } from '../../domain/trading/command-params.js';
import type { BookRowView } from '../../domain/views.js';
import { answerConfirm } from '../confirm/flow.js';
import { LONG, setupEntry, stopLoss } from '../order-entry/protection.fixtures.js';
import { typedNoteLines } from '../order-entry/entry-lines.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { editCommandLine, runCommandLine } from './flow.js';

const level = (price: number, size: number): BookRowView => ({ price, size, total: size, orders: 1 });

/** BTC (pd 1, sd 5, taker 3.45 bps) with a book 66,999.0 / 67,001.0 around the 67,000 mark; no form open. */
function setup(positions: PositionRowView[] = [], orders: OrderRowView[] = [], available?: string) {
  const t = setupEntry({}, positions, orders);
  const s = t.store.getState();
  t.store.setState({
    book: { marketId: 16, bids: [level(669_990, 50_000)], asks: [level(670_010, 2_000), level(670_500, 1_000_000)], maxTotal: 1, version: 1 },
    header: { ...s.header!, last: 669_995 },
    tradingUi: { ...s.tradingUi, entry: null },
    ...(available !== undefined ? { trading: { ...s.trading, account: { ...s.trading.account!, available } } } : {}),
  });
  const protects: Array<[number, { tp?: TriggerSpec; sl?: TriggerSpec }]> = [];
  (t.actions as unknown as { replaceProtection: (id: number, p: { sl?: TriggerSpec }) => Promise<unknown> }).replaceProtection = (id, p) => (protects.push([id, p]), Promise.resolve({ kind: 'sent' }));
  const run = (text: string) => {
    editCommandLine(t.store, text);
    runCommandLine(t.store, t.actions);
    const ui = t.store.getState().tradingUi;
    return { form: ui.entry, reviewing: ui.reviewing };
  };
  return { ...t, run, protects };
}

const notes = (form: Parameters<typeof typedNoteLines>[0] | null) => (form ? typedNoteLines(form).map((l) => l.text.trim()) : []);
/** What the `:` line says under its text (it stays open with the text). */
const lineError = (t: ReturnType<typeof setup>) => t.store.getState().tradingUi.commandError;

describe('relative prices and sizes resolved at review time', () => {
  it('bid-offset-resolves-to-exact-ticks: `:buy 0.01 @bid-2t` reviews a limit at 66,998.8 and says how', () => {
    const t = setup();
    const { form, reviewing } = t.run('buy 0.01 @bid-2t');
    expect(reviewing).toBe(true);
    expect(form?.price).toBe('66998.8');
    expect(notes(form)).toEqual(['@bid-2t = 66,998.8']);
    expect(t.sent).toEqual([]);
  });

  it('mid-said-rounded-to-the-passive-side: the mid of 66,999.0 / 67,001.0 is 67,000.0; a percent offset says its rounding', () => {
    const t = setup();
    expect(t.run('sell 0.01 @mid').form?.price).toBe('67000.0');
    const u = setup();
    const { form } = u.run('buy 0.01 @mark-0.01%');
    // 670,000 x 0.9999 = 669,933 exactly.
    expect(form?.price).toBe('66993.3');
    expect(notes(form)).toEqual(['@mark-0.01% = 66,993.3 (rounded down, the passive side of a buy)']);
  });

  it('relative-price-refused-without-its-reference: an empty book side says so and leaves the line open', () => {
    const t = setup();
    t.store.setState({ book: { ...t.store.getState().book!, asks: [] } });
    t.run('sell 0.01 @ask+1t');
    expect(t.store.getState().tradingUi.commandLine).toBe('sell 0.01 @ask+1t');
    expect(lineError(t)).toContain('sell: @ask+1t: no ask in the book');
    expect(t.store.getState().tradingUi.entry).toBeNull();
  });

  it('cursor-word-places-at-the-ladder-cursor: `:buy 0.01 @cursor` reviews a limit at the cursor row; refused with the ladder closed', () => {
    const t = setup();
    t.store.setState({ ladder: { open: true, group: 1, centre: 669_990, cursor: 669_950, picked: null } });
    const { form, reviewing } = t.run('buy 0.01 @cursor');
    expect(reviewing).toBe(true);
    expect(form?.price).toBe('66995.0');
    expect(notes(form)).toEqual(['@cursor = 66,995']);
    expect(t.sent).toEqual([]);
    const closed = setup();
    closed.run('buy 0.01 @cursor');
    expect(lineError(closed)).toContain('buy: @cursor: no ladder cursor (open the ladder with L and move its cursor with j / k)');
    expect(closed.store.getState().tradingUi.entry).toBeNull();
  });

  it('fraction-of-the-position: `:sell 1/4 ro mkt` on a 0.01 long reviews 0.0025; refused without a position or on the adding side', () => {
    const t = setup([LONG]);
    const { form } = t.run('sell 1/4 ro mkt');
    expect(form?.size).toBe('0.00250');
    expect(notes(form)).toEqual(['1/4 of the position 0.01 BTC = 0.0025 BTC (rounded down to the lot)']);
    const flat = setup();
    flat.run('sell 1/4 ro mkt');
    expect(lineError(flat)).toContain('sell: 1/4 is a fraction of the position, and there is no BTC position');
    const adding = setup([LONG]);
    adding.run('buy 1/4 mkt');
    expect(lineError(adding)).toContain('buy: 1/4 of the position only reduces it: a buy adds to a long');
  });

  it('risk-sizes-the-order-and-attaches-its-stop: `:buy risk 100 sl 65000 @ 66000` is 0.09563 BTC with SL 65,000', () => {
    // Per BTC: 1,000 + (66,000 + 65,000) x 0.000345 = 1,045.195: 100 / 1,045.195 = 0.095675... -> 0.09567.
    const t = setup();
    const { form, reviewing } = t.run('buy risk 100 sl 65000 @ 66000');
    expect(reviewing).toBe(true);
    expect(form).toMatchObject({ size: '0.09567', price: '66000', sl: '65000' });
    expect(notes(form)).toEqual(['risk 100.00: entry 66,000 to stop 65,000, taker 0.0345% in and out: 0.09567 BTC loses 99.993806 at the stop (rounded down to the lot)']);
    expect(t.sent).toEqual([]);
  });

  it('risk-clamped-to-available-margin: the review says the clamp and its figures', () => {
    // 10 available at 15x: 0.00226 BTC at 66,000 needs 9.944 margin + 0.052 fee (0.00227 would need 10.04).
    const t = setup([], [], '10000000');
    const { form } = t.run('buy risk 100 sl 65000 @ 66000 lev 15');
    expect(form?.size).toBe('0.00226');
    expect(notes(form)[1]).toBe('clamped to 0.00226 BTC: what the available 10.00 buys at 15x (fee incl.)');
  });

  it('risk-refusals-name-the-reason: stop on the wrong side, less than one lot', () => {
    const t = setup();
    t.run('buy risk 100 sl 67000 @ 66000');
    expect(lineError(t)).toContain('buy: the stop of a buy must be below its entry (66,000)');
    const u = setup();
    u.run('buy risk 0.005 sl 65000 @ 66000');
    expect(lineError(u)).toContain('buy: risk 0.005 buys less than one lot (0.00001)');
    const v = setup();
    v.run('sell risk 100 sl 66000 mkt');
    expect(lineError(v)).toContain('sell: the stop of a sell must be above its entry (66,999)');
  });

  it('risk-at-market-sizes-at-the-worst-level-walked: 0.02 BTC at the touch is too little, the order is sized at 67,050', () => {
    const t = setup();
    const { form } = t.run('buy risk 100 sl 65000 mkt');
    // At 67,001.0 it would be ~0.0487 BTC, past the 0.02 at the touch: sized again at 67,050.0.
    expect(notes(form)[0]).toContain('entry 67,050 (the worst level of the book it walks)');
    expect(form?.sl).toBe('65000');
  });
});

describe(':sl be', () => {
  it('sl-be-asks-with-the-arithmetic-then-replaces-the-stop: a long at 67,000 gets SL 67,046.3, the old SL named', () => {
    // 67,000 x 1.000345 / 0.999655 = 67,046.25...: up to 67,046.3. The mark at 68,000: the stop is below it.
    const t = setup([{ ...LONG, markPrice: 680_000 }], [stopLoss(655_000)]);
    t.store.setState({ header: { ...t.store.getState().header!, mark: 680_000 } });
    t.run('sl be');
    const confirm = t.store.getState().tradingUi.confirm;
    expect(confirm?.text).toBe(
      'attach SL 67,046.3 (on mark) to ▲ LONG BTC #3, replacing SL 65,500? ' +
        '(break-even: 67,000 × (1 + 0.0345%) / (1 − 0.0345%) = 67,046.3 rounded up: taker fee in and out, nets 0.00054 before funding)',
    );
    expect(t.protects).toEqual([]);
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.protects).toEqual([[3, { sl: { price: 670_463, on: 'mark' } }]]);
  });

  it('sl-be-refused-below-the-mark-side: a long under water cannot stop above the mark; no position says so', () => {
    const t = setup([{ ...LONG, markPrice: 660_000 }]);
    t.store.setState({ header: { ...t.store.getState().header!, mark: 660_000 } });
    t.run('sl be');
    expect(lineError(t)).toContain('sl be 67,046.3: stop-loss must be below');
    expect(t.store.getState().tradingUi.confirm).toBeNull();
    const flat = setup();
    flat.run('sl be');
    expect(lineError(flat)).toContain('sl be: no open BTC position');
  });
});

describe('relative tp / sl / stop prices resolved at review time', () => {
  it('sl-relative-to-the-mark-resolved: `sl @mark-0.015%` of a buy is 66,990 (669,899.5 rounded up, the passive side of the closing sell)', () => {
    const t = setup();
    const { form, reviewing } = t.run('buy 0.01 @bid sl @mark-0.015% tp @ask+10t');
    expect(reviewing).toBe(true);
    expect(form?.sl).toBe('66990.0');
    expect(form?.tp).toBe('67002.0');
    expect(notes(form)).toEqual(['@bid = 66,999', 'tp @ask+10t = 67,002', 'sl @mark-0.015% = 66,990 (rounded up, the passive side of a sell)']);
    expect(t.sent).toEqual([]);
  });

  it('stop-relative-to-the-last-trade-resolved: `sell mkt stop @last-5t` triggers at 66,999.0', () => {
    const t = setup();
    const { form } = t.run('sell 0.01 mkt stop @last-5t');
    expect(form?.trigger).toBe('66999.0');
    expect(notes(form)).toEqual(['stop @last-5t = 66,999']);
  });

  it('sl-relative-unresolved-refused: no bid in the book, the line says so and nothing opens', () => {
    const t = setup();
    t.store.setState({ book: null });
    const { reviewing } = t.run('buy 0.01 mkt sl @bid-1%');
    expect(reviewing).toBe(false);
    expect(lineError(t)).toBe('buy: sl @bid-1%: no bid in the book');
  });
});

