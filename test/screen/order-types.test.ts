// Issue 19 item 2, in the real app against the local exchange, at 200x50 and at 80x24: a stand-alone
// stop-market keyed in the form (review shows the trigger against the mark; Open orders lists it as a
// held stop; it opens the long when the mark crosses), a stop-limit typed on the `:` line, reduce-only
// toggled with Ctrl-R (a 50% sell of a long reduces it) and typed as `ro` (closes it), a size in quote
// currency (`$`), and a bracket reviewed as one (entry + TP + SL) whose legs arm once the entry is
// accepted, and whose refused entry sends no leg.

import { describe, expect, it } from 'vitest';
import { formatScaled, formatScaledTrim } from '../../src/protocol/scaling.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { entryPaneText, inEntryForm } from '../helpers/entry-pane.js';
import { journaledRequests } from '../helpers/sent.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { atQuietSize, openLong, runCommand, saidPrice, sendReviewed as sendOrderUnderReview, useTradingScreen, startEachTestFlat } from '../helpers/trading-screen.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 150_000;
const CTRL_R = '\u0012';

const screen = useTradingScreen('perpl-order-types-', { blockMs: 100, seed: 19, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const state = () => screen.app.app.store.getState();
const vt = () => screen.app.vt;
const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
/** A size as the form and review show it (trimmed). */
const sz = (raw: number) => formatScaledTrim(raw, screen.market.sizeDecimals);
/** A price as the form and the review say it (trimmed: see saidPrice). */
const said = (raw: number) => saidPrice(screen, raw);
const typedPrice = (raw: number) => formatScaled(raw, screen.market.priceDecimals);
const typedSize = (raw: number) => formatScaled(raw, screen.market.sizeDecimals);
const mark = () => screen.sim.control.engine.marketState(screen.market.id)!.mrk;
/** A price whose last decimal is not 0: the review trims trailing zeros, the tables do not; this reads the same in both. */
const odd = (raw: number) => raw - (raw % 10) + 3;
const shows = (text: string) => vt().lines().some((l) => l.includes(text));
const SIZES = [
  [200, 50],
  [80, 24],
] as const;

startEachTestFlat(screen, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

/** Sends the reviewed order: y, and y again if smart confirm asks. */
const sendReviewed = (): Promise<void> => sendOrderUnderReview(screen, UI_MS);

describe.each(SIZES)('order types at %ix%i', (cols, rows) => {
  it('stop-market-from-the-form-waits-then-opens: keyed in the form, reviewed against the mark, listed as a held stop, fires on the mark', async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    const trigger = odd(mark() + Math.round(mark() / 100));
    vt().press('b');
    await vt().waitFor('Order entry', UI_MS);
    await vt().type(typedSize(100));
    vt().press(KEYS.shiftTab); // type
    await eventually(() => state().tradingUi.entry?.focus === 'type', UI_MS, 'focus on type');
    vt().press(' ');
    vt().press(' ');
    await eventually(() => state().tradingUi.entry?.type === 'stop-market', UI_MS, 'stop-market');
    vt().press(KEYS.tab); // size
    vt().press(KEYS.tab); // stop at
    await eventually(() => state().tradingUi.entry?.focus === 'trigger', UI_MS, 'focus on the trigger');
    await vt().type(typedPrice(trigger));
    await inEntryForm(vt(), `${typedPrice(trigger)} mark ≥`, UI_MS);
    vt().press(KEYS.enter);
    await inEntryForm(vt(), `stop: fires when mark ≥ ${said(trigger)}`, UI_MS);
    await inEntryForm(vt(), 'then a market buy', UI_MS);
    await sendReviewed();
    vt().press('O');
    // The kind column ("stop") is one of those a narrow table leaves out; the trigger column stays.
    await vt().waitFor(() => shows(`≥ ${px(trigger)} mark`) && (cols < 200 || shows('stop')), EXCHANGE_MS);
    expect(state().trading.positions).toEqual([]);
    expect(state().trading.orders.map((o) => [o.triggerPrice, o.linkedPositionId])).toEqual([[trigger, null]]);

    // The mark is smoothed toward a mix of the oracle and the book's mid: the oracle goes well past the trigger.
    screen.sim.control.engine.setOraclePrice(screen.market.id, trigger + Math.round(trigger / 20));
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the stop to open the long');
    vt().press('P');
    await vt().waitFor(() => shows('▲ LONG') || shows('LONG'), EXCHANGE_MS);
    expect(state().trading.positions[0]).toMatchObject({ side: 1, size: 100 });
  }, TEST_MS);

  it('stop-limit-typed-rests-as-a-held-stop: `:sell SIZE @ LIMIT stop TRIGGER` is reviewed and listed with its limit and trigger', async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    const trigger = odd(mark() - Math.round(mark() / 100));
    const limit = odd(trigger - Math.round(mark() / 200));
    await runCommand(screen.app, `sell ${typedSize(100)} @ ${typedPrice(limit)} stop ${typedPrice(trigger)}`);
    await inEntryForm(vt(), `stop: fires when mark ≤ ${said(trigger)}`, UI_MS);
    await inEntryForm(vt(), `then a limit sell @ ${said(limit)}`, UI_MS);
    await sendReviewed();
    vt().press('O');
    await vt().waitFor(() => shows(`≤ ${px(trigger)}`) && shows(px(limit)), EXCHANGE_MS);
    // The sent toast names the same prices: the order is proven by the store, once the exchange listed it.
    await eventually(() => state().trading.orders.some((o) => o.triggerPrice === trigger), EXCHANGE_MS, 'the stop listed');
    const order = state().trading.orders.find((o) => o.triggerPrice === trigger)!;
    expect([order.price, order.triggerPrice, order.status]).toEqual([limit, trigger, 8]);
  }, TEST_MS);

  it('reduce-only-toggle-and-ro-word: Ctrl-R makes a 50% sell reduce the long by half; `:sell 100% mkt ro` closes it', async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    await openLong(screen, 200, EXCHANGE_MS);
    vt().press('s');
    await vt().waitFor('Order entry', UI_MS);
    await vt().type('50%');
    vt().press(CTRL_R);
    await inEntryForm(vt(), 'on (only reduces the position)', UI_MS);
    await inEntryForm(vt(), `50% of the position = ${sz(100)}`, UI_MS);
    vt().press(KEYS.shiftTab); // type: market
    await eventually(() => state().tradingUi.entry?.focus === 'type', UI_MS, 'focus on type');
    vt().press(' ');
    await eventually(() => state().tradingUi.entry?.type === 'market', UI_MS, 'market');
    vt().press(KEYS.enter);
    await inEntryForm(vt(), `reduce LONG ${sz(200)} → ${sz(100)}`, UI_MS);
    await sendReviewed();
    await eventually(() => state().trading.positions[0]?.size === 100, EXCHANGE_MS, 'the long halved');
    const sent = journaledRequests(screen.home).at(-1)!;
    expect(sent.label).toContain('reduce-only');

    await runCommand(screen.app, 'sell 100% mkt ro');
    await inEntryForm(vt(), 'reduce-only on', UI_MS);
    await sendReviewed();
    await eventually(() => state().trading.positions.length === 0, EXCHANGE_MS, 'the long closed');
    vt().press('P');
    await vt().waitFor('no open positions', EXCHANGE_MS);
  }, TEST_MS);

  it('quote-size-shows-the-base-it-buys: `:buy $500 mkt` reviews the base size and opens exactly it', async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    await runCommand(screen.app, 'buy $500 mkt');
    const review = await inEntryForm(vt(), /500 USD = ([\d.]+) /, UI_MS);
    const base = /500 USD = ([\d.]+) /.exec(review)![1]!;
    const units = Number(base.replace('.', '').replace(/^0+/, '')) * 10 ** (screen.market.sizeDecimals - (base.split('.')[1]?.length ?? 0));
    await sendReviewed();
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the long');
    expect(state().trading.positions[0]!.size).toBe(units);
  }, TEST_MS);

  it('bracket-one-review-legs-armed-after-entry: entry + TP + SL reviewed together; both legs listed once the entry fills', async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    const tp = odd(mark() + Math.round(mark() / 20));
    const sl = odd(mark() - Math.round(mark() / 20));
    await runCommand(screen.app, `buy ${typedSize(100)} mkt tp ${typedPrice(tp)} sl ${typedPrice(sl)}`);
    // One review, all three legs (wrapped at the pane's width).
    await inEntryForm(vt(), new RegExp(`bracket: entry.*\\+ TP sell mark ≥ ${said(tp).replace(/[.,]/g, '\\$&')}.*\\+ SL sell mark ≤ ${said(sl).replace(/[.,]/g, '\\$&')}`), UI_MS);
    expect(vt().screenText()).toContain('market');
    if (cols >= 200) expect(entryPaneText(vt())).toContain('a refused entry sends none');
    await sendReviewed();
    vt().press('O');
    await vt().waitFor(() => shows(`≥ ${px(tp)}`) && shows(`≤ ${px(sl)}`), EXCHANGE_MS);
    // The position's own update may land a publish after the legs' rows.
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, `the long (positions: ${JSON.stringify(state().trading.positions.map((p) => p.size))})`);
  }, TEST_MS);

  it('refused-bracket-entry-sends-no-leg: a post-only entry through the book fails at the exchange and no TP/SL is sent', async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    const ask = screen.sim.control.engine.book(screen.market.id, 1).ask[0]!.p;
    const price = ask + Math.round(ask / 500);
    const tp = odd(price + Math.round(price / 20));
    const sl = odd(price - Math.round(price / 20));
    const before = journaledRequests(screen.home).length;
    await runCommand(screen.app, `buy ${typedSize(100)} @ ${typedPrice(price)} post tp ${typedPrice(tp)} sl ${typedPrice(sl)}`);
    await inEntryForm(vt(), 'bracket: entry', UI_MS);
    await sendReviewed();
    // The entry's failure is on screen: the legs would have been sent before this outcome was known.
    await vt().waitFor(/CrossesBook|crosses the book/i, EXCHANGE_MS);
    await eventually(() => state().trading.journal.some((j) => /CrossesBook/.test(JSON.stringify(j))), EXCHANGE_MS, 'the refusal in the journal');
    const sent = journaledRequests(screen.home).slice(before);
    expect(sent.map((r) => r.label)).toHaveLength(1);
    expect(sent[0]!.label).toMatch(/post/i);
    expect(state().trading.orders).toEqual([]);
  }, TEST_MS);
});
