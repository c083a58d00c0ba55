// The trading flows of issue 6 typed on the `:` command line, in the real app against the local exchange,
// asserted on the screen: `:buy SIZE @ PRICE` rests (Open orders row, ◆ in the book); `:amend OID @ PRICE`
// asks first (Enter = Cancel), then moves it on screen; `:cancel` + Tab completes the id and removes it; `:buy SIZE mkt sl PRICE`
// opens a long whose stop shows in Open orders and fires when the oracle moves; a read-only key (80x24)
// refuses `:buy` and `:amend` with the reason; `:export fills` writes the fill, exactly, to a 0600 file under
// $PERPL_HOME/exports and says where. Market orders, `:close` and panic: trading-commands.test.ts.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { formatScaled } from '../../src/protocol/scaling.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { expectNothingSent, journaledRequests } from '../helpers/sent.js';
import { KEYS } from '../helpers/terminal.js';
import { bookMarksOwnOrder, confirmReadWhole, flattenAccount, openLong, runCommand, saidPrice, useTradingScreen, withReadOnlyApp } from '../helpers/trading-screen.js';
import { breakevenStop } from '../../src/domain/trading/breakeven.js';
import { feeMicros } from '../../src/domain/trading/fees.js';
import { riskSizeUnits } from '../../src/domain/trading/risk-size.js';
import { marketsOf } from '../../src/state/store.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-cmdline-', { blockMs: 100, seed: 33, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

beforeEach(() => flattenAccount(screen, EXCHANGE_MS), TEST_MS);

const vt = () => screen.app.vt;
const state = () => screen.app.app.store.getState();
/** As the screen shows a price (grouped), and as a trader types one. */
const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
const sz = (raw: number) => formatScaledGrouped(raw, screen.market.sizeDecimals);
const typedPrice = (raw: number) => formatScaled(raw, screen.market.priceDecimals);
const typedSize = (raw: number) => formatScaled(raw, screen.market.sizeDecimals);
/** The trading tabs at 200x50: the lines below the book, chart and trades. */
const tabLines = () => vt().lines().slice(36);
const tabsShow = (text: string) => tabLines().some((l) => l.includes(text));
/** The Open orders row of our long resting at `priceText`, and the order id it shows. */
const orderRow = (priceText: string) => tabLines().find((l) => l.includes('▲ open L') && l.includes(priceText));
const shownOrderId = (priceText: string): number => {
  const id = /(\d+)\s+(?:\S+\s+)?▲ open L/.exec(orderRow(priceText) ?? '')?.[1];
  if (id === undefined) throw new Error(`no Open orders row at ${priceText}`);
  return Number(id);
};

describe('trading through the `:` command line (200x50, read-only at 80x24)', () => {
  it('limit-amend-cancel-typed: :buy @ rests and is marked; :amend asks then moves it; :cancel removes it', async () => {
    // The market's flow stops for this test (blocks go on): on a loaded machine the test runs long enough
    // for the flow to trade through any level, and the order must rest until it is cancelled.
    screen.sim.control.pauseFlow();
    onTestFinished(() => screen.sim.control.resumeFlow());
    // Join the third bid level: in the book, and away from the spread.
    const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p;
    await runCommand(screen.app, `buy ${typedSize(20)} @ ${typedPrice(price)}`);
    await vt().waitFor('y/Enter send', UI_MS);
    vt().press('y');
    await vt().waitFor(() => bookMarksOwnOrder(vt(), px(price)), EXCHANGE_MS);
    vt().press('O');
    await vt().waitFor(() => orderRow(px(price))?.includes(sz(20)) === true, EXCHANGE_MS);
    const oid = shownOrderId(px(price));
    expect(screen.app.app.store.getState().trading.orders.map((o) => o.orderId)).toEqual([oid]);

    // Garbage is refused under the line, which stays open to be fixed.
    await runCommand(screen.app, `amend ${oid} @ abc`);
    await vt().waitFor('amend: price "abc" is not a number', UI_MS);
    vt().press(KEYS.escape);
    await vt().waitFor((s) => !s.includes(':amend'), UI_MS);

    // The confirm's default answer is Cancel: Enter leaves the order where it was.
    // One dollar lower: a level the book still shows, so its ◆ can be seen to move.
    const amended = price - 10 ** screen.market.priceDecimals;
    const question = `change ${screen.market.symbol} order ${oid}: price ${saidPrice(screen, price)} → ${saidPrice(screen, amended)}?`;
    await runCommand(screen.app, `amend ${oid} @ ${typedPrice(amended)}`);
    await vt().waitFor(question, UI_MS);
    // Once the question is gone Enter was handled, and a change it sent would be in the journal by then.
    await expectNothingSent(screen.home, async () => {
      vt().press(KEYS.enter);
      await vt().waitFor((s) => !s.includes(question), UI_MS);
    });
    expect(orderRow(px(price))).toBeDefined();
    expect(orderRow(px(amended))).toBeUndefined();

    // `:change` is the same word; y sends it, and the row and the book's ◆ move to the new price.
    await runCommand(screen.app, `change ${oid} @${typedPrice(amended)}`);
    await vt().waitFor(question, UI_MS);
    vt().press('y');
    await vt().waitFor(() => orderRow(px(amended)) !== undefined && orderRow(px(price)) === undefined, EXCHANGE_MS);
    await vt().waitFor(() => bookMarksOwnOrder(vt(), px(amended)), EXCHANGE_MS);
    const after = shownOrderId(px(amended));

    // Tab lists what `cancel` takes (the open order and "all"); one digit more and Tab completes the id.
    vt().press(':');
    await vt().waitFor(':█', UI_MS);
    await vt().type('cancel ');
    vt().press(KEYS.tab);
    await vt().waitFor(`:cancel █  Tab: ${after}  all`, UI_MS);
    await vt().type(String(after)[0]!);
    vt().press(KEYS.tab);
    await vt().waitFor(`:cancel ${after} █`, UI_MS);
    vt().press(KEYS.enter);
    await vt().waitFor(`cancel order ${after}?`, UI_MS);
    vt().press('y');
    await vt().waitFor(() => tabsShow('no open orders'), EXCHANGE_MS);
    await vt().waitFor(() => !bookMarksOwnOrder(vt(), px(amended)), EXCHANGE_MS);
  }, TEST_MS);

  it('market-with-typed-stop-fires: :buy mkt sl opens a long, the stop shows in Open orders and fires', async () => {
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const stop = mark - 2_000;
    await runCommand(screen.app, `buy ${typedSize(100)} mkt sl ${typedPrice(stop)}`);
    await vt().waitFor('y/Enter send', UI_MS);
    vt().press('y');
    // The fill's toast may be followed at once by the order's outcome: either says it filled.
    await vt().waitFor(/bought [\d.]+ [A-Z]+ @ [\d,.]+, taker|buy [\d.]+ [A-Z]+ at market: filled, taker/, EXCHANGE_MS);
    vt().press('P');
    await vt().waitFor(() => tabsShow('▲ LONG'), EXCHANGE_MS);
    vt().press('O');
    await vt().waitFor(() => tabsShow(`≤ ${px(stop)} mark`), EXCHANGE_MS);

    screen.sim.control.engine.setOraclePrice(screen.market.id, stop - 100);
    await vt().waitFor(/TP\/SL triggered: sold [\d.]+ [A-Z]+ @ /, EXCHANGE_MS);
    await vt().waitFor(() => tabsShow('no open orders'), EXCHANGE_MS);
    vt().press('P');
    await vt().waitFor(() => tabsShow('no open positions'), EXCHANGE_MS);
  }, TEST_MS);

  it('read-only-key-refuses-typed-orders: :buy and :amend say why, and nothing is sent', async () => {
    await withReadOnlyApp(screen.sim, 80, 24, async (r, home) => {
      await r.vt.waitFor('READ-ONLY', UI_MS);
      const journaled = journaledRequests(home).length;
      const bid = screen.sim.control.engine.book(screen.market.id, 1).bid[0]!.p;
      await runCommand(r, `buy ${typedSize(20)} @ ${typedPrice(bid)}`);
      await r.vt.waitFor('cannot send: the API key is read-only', UI_MS);
      r.vt.press(KEYS.escape); // closes the form (it never reached review)
      await r.vt.waitFor((s) => !s.includes('Order entry'), UI_MS);
      await runCommand(r, 'amend 1 @ 5');
      await r.vt.waitFor('cannot amend: the API key is read-only', UI_MS);
      // Each refusal is shown by the key that would have sent: the journal holds every request sent.
      expect(journaledRequests(home).slice(journaled)).toEqual([]);
      expect(r.app.store.getState().trading.journal).toHaveLength(0);
    });
  }, TEST_MS);
});

describe('scaled orders typed on the `:` line (issue 31 item 5)', () => {
  /** The leg prices of `:scale` from `from` down by one dollar a leg (the flow is paused: they rest). */
  const legPrices = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i * 10 ** screen.market.priceDecimals);

  it('scale-review-places-and-cancels-as-one: the review lists every leg and the figures, y rests them all, :cancel scale removes them', async () => {
    screen.sim.control.pauseFlow();
    onTestFinished(() => screen.sim.control.resumeFlow());
    const from = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p - 10 ** screen.market.priceDecimals;
    const prices = legPrices(from, 5);
    const line = `scale buy ${typedSize(100)} ${typedPrice(from)} ${typedPrice(prices[4]!)} x5`;

    // Bad input is refused under the line, naming the word, before anything is sent.
    await expectNothingSent(screen.home, async () => {
      await runCommand(screen.app, `${line} skew 99`);
      await vt().waitFor('scale: skew 99: must be 0.1 to 10', UI_MS);
      vt().press(KEYS.escape);
      await vt().waitFor((s) => !s.includes(':scale'), UI_MS);
    });

    await runCommand(screen.app, line);
    await vt().waitFor('Scaled order', UI_MS);
    for (const [i, p] of prices.entries()) await vt().waitFor(`${i + 1} ${px(p)} × ${typedSize(20).replace(/0+$/, '')}`, UI_MS);
    await vt().waitFor(/avg [\d,.]+ · notional [\d,.]+ · margin [\d,.]+/, UI_MS);
    await vt().waitFor(/liq ([\d,.]+|none) \(all filled\)/, UI_MS);
    await vt().waitFor('y place all 5 legs', UI_MS);
    vt().press('y');
    await vt().waitFor('5 of 5 legs placed', EXCHANGE_MS);
    vt().press('O');
    await vt().waitFor(() => prices.every((p) => orderRow(px(p)) !== undefined), EXCHANGE_MS);
    const orders = screen.app.app.store.getState().trading.orders;
    expect(orders).toHaveLength(5);
    expect(new Set(orders.map((o) => o.group)).size).toBe(1);
    expect(orders[0]!.group).toMatch(/^scale-/);

    await runCommand(screen.app, 'cancel scale');
    await vt().waitFor('cancel the scaled order (5 open legs)?', UI_MS);
    vt().press('y');
    await vt().waitFor('5 of 5 legs cancelled', EXCHANGE_MS);
    await vt().waitFor(() => tabsShow('no open orders'), EXCHANGE_MS);
  }, TEST_MS);

  it('scale-review-at-80x24: the review shows every leg and the figures in the docked pane; n sends nothing', async () => {
    vt().resize(80, 24);
    onTestFinished(() => vt().resize(200, 50));
    const from = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p - 10 ** screen.market.priceDecimals;
    const prices = legPrices(from, 5);
    await runCommand(screen.app, `scale buy ${typedSize(100)} ${typedPrice(from)} ${typedPrice(prices[4]!)} x5 skew 2`);
    await vt().waitFor('y place all 5 legs', UI_MS);
    for (const [i, p] of prices.entries()) await vt().waitFor(`${i + 1} ${px(p)} ×`, UI_MS);
    await vt().waitFor(/avg [\d,.]+/, UI_MS);
    await vt().waitFor(/liq ([\d,.]+|none)/, UI_MS);
    await expectNothingSent(screen.home, async () => {
      vt().press('n');
      await vt().waitFor('cancelled: 5 scaled limits not placed', UI_MS);
    });
    expect(screen.app.app.store.getState().tradingUi.scale).toBeNull();
  }, TEST_MS);
});

describe('a scaled order in the Algos tab (issue 31 items 5, 6)', () => {
  const legPrices = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i * 10 ** screen.market.priceDecimals);
  const scaleRow = () => vt().lines().find((l) => l.includes('SCALE') && l.includes('▲ BUY'));

  it('scale-row-lists-resting-legs-and-x-cancels-the-group: its row says the legs resting, the rule and running at 200x50 and 80x24; X asks, y cancels every open leg, the row says cancelled', async () => {
    screen.sim.control.pauseFlow();
    onTestFinished(() => screen.sim.control.resumeFlow());
    const from = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p - 10 ** screen.market.priceDecimals;
    const prices = legPrices(from, 5);
    await runCommand(screen.app, `scale buy ${typedSize(100)} ${typedPrice(from)} ${typedPrice(prices[4]!)} x5 skew 2`);
    await vt().waitFor('y place all 5 legs', UI_MS);
    vt().press('y');
    await vt().waitFor('5 of 5 legs placed', EXCHANGE_MS);
    vt().press('W');
    // The rule (x5 from→to skew 2) is cut at 24 columns when the prices carry decimals: its prices always show.
    const rule = `x5 ${saidPrice(screen, from)}→${saidPrice(screen, prices[4]!)}`;
    await vt().waitFor(() => /0\/5 legs 0\.00000\/0\.00100/.test(scaleRow() ?? '') && scaleRow()!.includes('5 legs resting'), EXCHANGE_MS);
    expect(scaleRow()).toContain(rule);
    expect(scaleRow()).toMatch(/running · 5 of 5/);
    // The runner journaled it: `perpl algos` reads the same line.
    const newest = screen.app.app.store.getState().algos.at(-1)!;
    expect(newest).toMatchObject({ kind: 'scale', status: 'running', reason: '5 of 5 legs placed', scale: { placed: 5, resting: 5 } });

    vt().resize(80, 24);
    onTestFinished(() => vt().resize(200, 50));
    await vt().waitFor(() => (scaleRow() ?? '').includes('5 legs resting'), UI_MS);
    vt().press('g');
    vt().press('S');
    await vt().waitFor('a scaled order has no pause', UI_MS);
    vt().press('X');
    await vt().waitFor('cancel the scaled order (5 open legs)?', UI_MS);
    vt().press('y');
    await vt().waitFor('5 of 5 legs cancelled', EXCHANGE_MS);
    await vt().waitFor(() => /ended/.test(scaleRow() ?? '') && (scaleRow() ?? '').includes('cancelled: 0 of 5'), EXCHANGE_MS);
    expect(screen.app.app.store.getState().trading.orders.filter((o) => o.group === newest.scale!.group)).toEqual([]);
    expect(screen.app.app.store.getState().algos.find((a) => a.id === newest.id)).toMatchObject({ status: 'ended', complete: false, reason: 'cancelled: 0 of 5 legs filled' });
  }, TEST_MS);
});

describe('a TWAP typed on the `:` line, watched in the Algos tab (issue 31)', () => {
  /** The Algos tab's row of the TWAP `id`. */
  const algoRow = (id: string) => vt().lines().find((l) => l.includes(id) && l.includes('TWAP'));
  const newestAlgo = () => screen.app.app.store.getState().algos.at(-1);

  it('twap-runs-to-filled-in-the-algos-tab: :twap asks, y starts it, S pauses, U resumes, it ends filled; X cancels another', async () => {
    const target = typedSize(2_000);
    await runCommand(screen.app, `twap buy ${target} 30s slices 3`);
    await vt().waitFor(/TWAP buy [\d.]+ [A-Z]+ over 30s: 3 IOC slices of ~[\d.]+ [A-Z]+ every 10s, at most [\d,.]+ \(30 bps over mark [\d,.]+\); start\?/, UI_MS);
    await vt().waitFor(() => confirmReadWhole(vt(), state().tradingUi.confirm?.text ?? '\u0000', 'start TWAP', true), UI_MS);
    vt().press('y');
    await vt().waitFor(/twap buy [A-Z]+: started tw\w+/, UI_MS);
    // The toast comes at once; the row with the trading publisher's next frame (after the scaled orders' rows).
    await vt().waitFor(() => newestAlgo()?.kind === 'twap', UI_MS);
    const id = newestAlgo()!.id;
    vt().press('W');
    await vt().waitFor(() => algoRow(id)?.includes('▲ BUY') === true, UI_MS);
    // The first slice goes at once; pause after it filled, so the second waits.
    await vt().waitFor(() => /0\.00666\/0\.02000/.test(algoRow(id) ?? ''), EXCHANGE_MS);
    vt().press('S');
    await vt().waitFor(() => /paused by the trader\s+paused/.test(algoRow(id) ?? ''), UI_MS);
    vt().press('U');
    // The state column says running and starts its why (cut at 200 columns): the store has it whole.
    await vt().waitFor(() => algoRow(id)?.includes('running · resumed') === true && newestAlgo()?.reason === 'resumed by the trader', UI_MS);
    await vt().waitFor(() => /0\.02000\/0\.02000 .*filled.*done/.test(algoRow(id) ?? ''), 45_000);
    expect(newestAlgo()).toMatchObject({ id, filled: 2_000, status: 'ended', complete: true, children: 3 });
    // Its average and the slippage against the arrival mark are shown once it filled.
    expect(algoRow(id)).toMatch(/0\.02000\/0\.02000\s+avg [\d,]+\.\d vs [\d,]+\.\d [+-]?\d+\.\d\d bps/);

    // At 80x24 the tab keeps progress and state; X cancels a second TWAP before its second slice.
    vt().resize(80, 24);
    onTestFinished(() => vt().resize(200, 50));
    await runCommand(screen.app, `twap buy ${target} 1m slices 3`);
    await vt().waitFor('start TWAP', UI_MS);
    // twap-confirm-whole-at-80x24: the question wraps over the bottom of the screen, never cut.
    await vt().waitFor(() => confirmReadWhole(vt(), state().tradingUi.confirm?.text ?? '\u0000', 'start TWAP'), UI_MS);
    vt().press('y');
    await vt().waitFor(() => newestAlgo()?.id !== id, UI_MS);
    const second = newestAlgo()!.id;
    vt().press('4');
    vt().press('W');
    await vt().waitFor(() => /0\.00666\/0\.02000/.test(vt().lines().find((l) => l.includes('TWAP') && l.includes('running')) ?? ''), EXCHANGE_MS);
    vt().press('g');
    vt().press('X');
    await vt().waitFor(/cancel tw\w+: cancelled/, UI_MS);
    await vt().waitFor(() => vt().lines().some((l) => l.includes('0.00666/0.02000') && l.includes('ended')), UI_MS);
    expect(newestAlgo()).toMatchObject({ id: second, filled: 666, status: 'ended', complete: false, reason: 'cancelled by the trader' });
  }, TEST_MS);

  /** The market's taker fee as the account pays it (micros). */
  const takerFee = () => {
    const state = screen.app.app.store.getState();
    return feeMicros(marketsOf(state).configOf(screen.market.id)!.config, 'taker', state.trading.account?.feeTier ?? 0);
  };
  const scales = () => ({ priceDecimals: screen.market.priceDecimals, sizeDecimals: screen.market.sizeDecimals });

  it('risk-sized-buy-rests-with-its-stop: :buy risk 10 sl S @ bid shows the arithmetic (200x50 and 80x24), y rests the size the risk buys', async () => {
    screen.sim.control.pauseFlow();
    onTestFinished(() => screen.sim.control.resumeFlow());
    const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p;
    const stop = price - Math.round(price / 100);
    const units = riskSizeUnits({ riskAtoms: 10_000_000n, side: 'long', entry: BigInt(price), stop: BigInt(stop), takerFeeMicros: takerFee(), scales: scales() });
    expect(units).toBeGreaterThan(0n);
    const line = `buy risk 10 sl ${typedPrice(stop)} @ ${typedPrice(price)}`;
    // 80x24 first: the docked pane keeps the arithmetic; Esc Esc leaves nothing sent.
    vt().resize(80, 24);
    await runCommand(screen.app, line);
    await vt().waitFor('risk 10.00: entry', UI_MS);
    await vt().waitFor(`${sz(Number(units))}`, UI_MS);
    await expectNothingSent(screen.home, async () => {
      vt().press(KEYS.escape);
      await vt().waitFor(() => !screen.app.app.store.getState().tradingUi.reviewing, UI_MS);
      vt().press(KEYS.escape);
      await vt().waitFor(() => screen.app.app.store.getState().tradingUi.entry === null, UI_MS);
    });
    vt().resize(200, 50);
    await runCommand(screen.app, line);
    // The review says prices trimmed (66,323, not 66,323.0), as saidPrice does.
    await vt().waitFor(`risk 10.00: entry ${saidPrice(screen, price)} to stop ${saidPrice(screen, stop)}`, UI_MS);
    await vt().waitFor(`+ SL sell mark ≤ ${saidPrice(screen, stop)}`, UI_MS);
    vt().press('y');
    await vt().waitFor(() => bookMarksOwnOrder(vt(), px(price)), EXCHANGE_MS);
    // The order rests with exactly the size the risk buys (its SL leg waits for the entry to fill).
    await vt().waitFor(() => screen.app.app.store.getState().trading.orders.some((o) => o.price === price && o.originalSize === Number(units)), EXCHANGE_MS);
  }, TEST_MS);

  it('sl-be-moves-the-stop-to-break-even: :sl be asks with the arithmetic (80x24 and 200x50), y arms the stop at entry plus fees', async () => {
    await openLong(screen, 100, EXCHANGE_MS);
    const position = () => screen.app.app.store.getState().trading.positions[0]!;
    const p = position();
    const be = breakevenStop({
      position: { side: p.side, entry: BigInt(p.entryPrice), size: BigInt(p.size), ...(p.entryResidue !== undefined ? { entryResidue: p.entryResidue } : {}) },
      takerFeeMicros: takerFee(),
      scales: scales(),
    });
    // In profit: the mark well above the break-even, so a stop there is below the mark.
    screen.sim.control.engine.setOraclePrice(screen.market.id, Number(be) + 2_000);
    await vt().waitFor(() => (screen.app.app.store.getState().header?.mark ?? 0) > Number(be) + 500, EXCHANGE_MS);
    vt().resize(80, 24);
    onTestFinished(() => vt().resize(200, 50));
    await runCommand(screen.app, 'sl be');
    // Questions say prices trimmed (66,798, not 66,798.0), as saidPrice does.
    await vt().waitFor(`attach SL ${saidPrice(screen, Number(be))}`, UI_MS);
    await expectNothingSent(screen.home, async () => {
      vt().press('n');
      await vt().waitFor(() => screen.app.app.store.getState().tradingUi.confirm === null, UI_MS);
    });
    vt().resize(200, 50);
    await runCommand(screen.app, 'sl be');
    await vt().waitFor(`(break-even: ${saidPrice(screen, p.entryPrice)} × (1 + `, UI_MS);
    vt().press('y');
    vt().press('O');
    await vt().waitFor(() => tabsShow(`≤ ${px(Number(be))} mark`), EXCHANGE_MS);
  }, TEST_MS);

  it('export-fills-writes-the-fill-exactly-to-a-private-file-and-says-where', async () => {
    await openLong(screen, 100, EXCHANGE_MS);
    const last = state().trading.fills.find((f) => f.marketId === screen.market.id && f.price !== null)!;
    // Every fill of that order, as the live frames told it (a market order may take several levels).
    const fills = state().trading.fills.filter((f) => f.orderId === last.orderId);
    await runCommand(screen.app, 'export fills');
    const toast = await vt().waitFor(/export fills: \d+ rows? written to fills-\d{8}-\d{6}\.csv/, EXCHANGE_MS);
    const name = /(fills-\d{8}-\d{6}\.csv)/.exec(toast)![1]!;
    const path = join(screen.home, 'exports', name);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const [header, ...rows] = readFileSync(path, 'utf8').trim().split('\n').map((l) => l.split(','));
    const col = (row: string[], name: string) => row[header!.indexOf(name)];
    const ofOrder = rows.filter((r) => col(r, 'order_id') === String(last.orderId));
    expect(ofOrder).toHaveLength(fills.length);
    for (const f of fills) {
      const row = ofOrder.find((r) => col(r, 'block') === String(f.block) && col(r, 'price') === typedPrice(f.price!) && col(r, 'size') === typedSize(f.size));
      expect(row, `the fill at ${f.price} x ${f.size} in block ${f.block}`).toBeDefined();
      expect({ market: col(row!, 'market'), side: col(row!, 'side'), liquidity: col(row!, 'liquidity'), fee: col(row!, 'fee') }).toEqual({ market: screen.market.symbol, side: 'buy', liquidity: 'taker', fee: formatScaled(BigInt(f.fee), 6) });
    }
  }, TEST_MS);
});
