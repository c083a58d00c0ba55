// Issue 19: a stop can fire on the last trade price (tpc 1 / 2) instead of the mark (3 / 4). In the real app
// against the local exchange, at 200x50 and at 80x24, with the market makers paused so that only the test
// moves the prices: trades between two wallets of the test's own, inside the spread, set the last price;
// the oracle (and so the mark) is held under the stop. A buy stop-market keyed in the form with Space on its
// trigger (on last) is checked against the last trade, reviewed and listed with "last", and fires on the
// trade that reaches it while the mark stays under it. A sell stop-limit typed on the `:` line with `last`
// is refused on the wrong side of the last trade, then reviewed and listed with "last".

import { describe, expect, it } from 'vitest';
import { TriggerCondition } from '../../src/protocol/enums.js';
import type { OrderRequestFrame } from '../../src/protocol/frames.js';
import { formatScaled } from '../../src/protocol/scaling.js';
import type { SimWallet } from '../../src/sim/index.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { inEntryForm } from '../helpers/entry-pane.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { atQuietSize, runCommand, saidPrice, sendReviewed as sendOrderUnderReview, useTradingScreen, startEachTestFlat } from '../helpers/trading-screen.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 150_000;

const screen = useTradingScreen('perpl-stop-on-last-', { blockMs: 100, seed: 23, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const state = () => screen.app.app.store.getState();
const vt = () => screen.app.vt;
const engine = () => screen.sim.control.engine;
const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
/** A price as the form and the review say it (trimmed: see saidPrice). */
const said = (raw: number) => saidPrice(screen, raw);
const typedPrice = (raw: number) => formatScaled(raw, screen.market.priceDecimals);
const typedSize = (raw: number) => formatScaled(raw, screen.market.sizeDecimals);
const mark = () => engine().marketState(screen.market.id)!.mrk;
const shows = (text: string) => vt().lines().some((l) => l.includes(text));
/** A price whose last digit is not 0 (the review trims trailing zeros, the tables do not), at or under `raw`. */
const odd = (raw: number) => (raw % 10 === 0 ? raw - 1 : raw);

/** The best bid and ask now (the market makers are paused: nothing requotes them). */
function inside(): { bid: number; ask: number } {
  const book = engine().book(screen.market.id, 1);
  return { bid: book.bid[0]!.p, ask: book.ask[0]!.p };
}

/** Two wallets of the test's own that trade with each other. */
const traders: { seller?: SimWallet; buyer?: SimWallet; rq: Map<string, number>; sn: number } = { rq: new Map(), sn: 0 };

function admit(wallet: SimWallet, fields: Pick<OrderRequestFrame, 't' | 'p' | 's' | 'fl'>): void {
  const rq = (traders.rq.get(wallet.address) ?? 0) + 1;
  traders.rq.set(wallet.address, rq);
  const head = screen.sim.control.headBlock();
  const request: OrderRequestFrame = { mt: 22, sn: ++traders.sn, rq, mkt: screen.market.id, acc: wallet.accountId ?? 0, lv: 500, lb: head + 20, ...fields };
  expect(engine().admit(wallet.address, request, head).code).toBe(0);
}

/**
 * A trade of 10 units at `price` (inside the spread): one wallet rests a sell there, the other takes exactly
 * it with an IOC buy. Returns once the exchange has filled it (what it then fires may trade after it).
 */
async function tradeAt(price: number): Promise<void> {
  traders.seller ??= screen.sim.control.createWallet();
  traders.buyer ??= screen.sim.control.createWallet();
  const buyer = traders.buyer;
  admit(traders.seller, { t: 2, p: price, s: 10, fl: 0 });
  admit(buyer, { t: 1, p: price, s: 10, fl: 4 });
  const rq = traders.rq.get(buyer.address);
  await eventually(() => engine().orderHistory(buyer.accountId ?? 0).some((o) => o.rq === rq && o.fs === 10 && o.fp === price), EXCHANGE_MS, `a trade at ${price}`);
}

/** A trade at `price` that fires nothing: once done, the exchange's and the app's last price are it. */
async function lastTradeAt(price: number): Promise<void> {
  await tradeAt(price);
  await eventually(() => engine().marketState(screen.market.id)!.lst === price && state().header?.last === price, EXCHANGE_MS, `the last price at ${price}`);
}

const SIZES = [
  [200, 50],
  [80, 24],
] as const;

startEachTestFlat(screen, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const sendReviewed = (): Promise<void> => sendOrderUnderReview(screen, UI_MS);

describe.each(SIZES)('a stop on the last trade price at %ix%i', (cols, rows) => {
  it('stop-on-last-from-the-form-fires-on-a-trade: Space on the trigger picks last; reviewed and listed with "last"; a trade fires it while the mark stays under it', async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    const { bid, ask } = inside();
    expect(ask - bid).toBeGreaterThanOrEqual(6);
    // The mark held at the bid: well under the stop, so only the last price can fire it.
    engine().setOraclePrice(screen.market.id, bid);
    await lastTradeAt(bid + 1);
    const trigger = odd(ask - 1);
    expect(trigger).toBeGreaterThan(bid + 1);

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
    vt().press(' '); // fired by the last trade
    await inEntryForm(vt(), `${typedPrice(trigger)} last ≥ (buy stop, above the last trade)`, UI_MS);
    vt().press(KEYS.enter);
    await inEntryForm(vt(), `stop: fires when last price ≥ ${said(trigger)}`, UI_MS);
    await inEntryForm(vt(), `(last now ${said(bid + 1)})`, UI_MS);
    await inEntryForm(vt(), 'then a market buy', UI_MS);
    await sendReviewed();

    vt().press('O');
    await vt().waitFor(() => shows(`≥ ${px(trigger)} last`), EXCHANGE_MS);
    await eventually(() => state().trading.orders.length === 1, EXCHANGE_MS, 'the stop listed');
    expect(state().trading.orders.map((o) => [o.triggerPrice, o.triggerCondition, o.status])).toEqual([[trigger, TriggerCondition.GTELast, 8]]);
    expect(state().trading.positions).toEqual([]);

    // The trade that reaches the stop: it fires (a market buy) though the mark is still under it.
    expect(mark()).toBeLessThan(trigger);
    await tradeAt(trigger);
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the stop to open the long');
    expect(mark()).toBeLessThan(trigger);
    expect(state().trading.positions[0]).toMatchObject({ side: 1, size: 100 });
    vt().press('P');
    await vt().waitFor(() => shows('LONG'), EXCHANGE_MS);
  }, TEST_MS);

  it('stop-limit-on-last-typed-is-checked-against-the-last-trade: `last` on the : line; refused above the last trade, then reviewed and listed with "last"', async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    const { bid, ask } = inside();
    expect(ask - bid).toBeGreaterThanOrEqual(6);
    await lastTradeAt(ask - 1);
    const lastTrade = ask - 1;

    // A sell stop at the last trade would fire at once: refused, and the `:` line (issue 28: a command that
    // cannot open its review stays in the line) says against what.
    await runCommand(screen.app, `sell ${typedSize(100)} @ ${typedPrice(bid)} stop ${typedPrice(lastTrade)} last`);
    await vt().waitFor('✗ a sell stop must be below', UI_MS);
    expect(state().tradingUi.commandError).toContain('a sell stop must be below the last trade');
    expect(state().tradingUi.entry).toBeNull();
    vt().press(KEYS.escape);
    await eventually(() => state().tradingUi.commandLine === null, UI_MS, 'the line to close');

    const trigger = odd(bid + 3);
    const limit = odd(trigger - 2);
    await runCommand(screen.app, `sell ${typedSize(100)} @ ${typedPrice(limit)} stop ${typedPrice(trigger)} last`);
    await inEntryForm(vt(), `stop: fires when last price ≤ ${said(trigger)}`, UI_MS);
    await inEntryForm(vt(), `(last now ${said(lastTrade)})`, UI_MS);
    await inEntryForm(vt(), `then a limit sell @ ${said(limit)}`, UI_MS);
    await sendReviewed();
    vt().press('O');
    await vt().waitFor(() => shows(`≤ ${px(trigger)} last`), EXCHANGE_MS);
    await eventually(() => state().trading.orders.some((o) => o.triggerPrice === trigger), EXCHANGE_MS, 'the stop listed');
    const order = state().trading.orders.find((o) => o.triggerPrice === trigger)!;
    expect([order.price, order.triggerCondition, order.status]).toEqual([limit, TriggerCondition.LTELast, 8]);
  }, TEST_MS);
});
