// The trading tabs in the real app against the local exchange (200x50): amend and cancel a resting order
// from Open orders; a market order's position with uPnL and liq price; close half then all with `x`;
// attach a stop with `t` and see it fire when the oracle moves; the journal names the statuses and reasons.

import { beforeEach, describe, expect, it } from 'vitest';
import { formatScaled } from '../../src/protocol/scaling.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { formatAtoms } from '../../src/ui/tabs/row-cells.js';
import { tabRows } from '../../src/ui/tabs/rows.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { atQuietSize, confirmYes, flattenAccount, openLong, runCommand, saidSize, typeAndEnter, useTradingScreen } from '../helpers/trading-screen.js';
import { tradingBalanceChange } from '../../src/domain/ledger/balance-change.js';
import { pnlMonth } from '../../src/domain/ledger/pnl-calendar.js';
import { rMultipleText } from '../../src/domain/ledger/r-multiple.js';
import { localUtcOffsetMinutes } from '../../src/ui/ledger/pnl-line.js';
import { signedAtoms } from '../../src/ui/tabs/row-cells.js';

// Generous waits: CI runs the app, the exchange and the emulator on one loaded event loop. They poll, so a
// green run takes no longer.
const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-tabs-', { blockMs: 100, seed: 21, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

beforeEach(async () => {
  // A failed step must not leave an editor open that swallows the next test's keys...
  screen.app.app.store.setState({ tabs: { ...state().tabs, prompt: null } });
  // ...nor a position or order that changes what the next test sees: each test starts flat.
  await flattenAccount(screen, EXCHANGE_MS);
}, TEST_MS);

const state = () => screen.app.app.store.getState();
const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
const sz = (raw: number) => formatScaledGrouped(raw, screen.market.sizeDecimals);
/** The bottom pane's lines (below the book/chart/trades row). */
/** The trading tabs' pane down to its bottom border: not the line below, where a toast ("close …: filled, taker (rq 12)") may say what a row should. */
const tabLines = () => {
  const lines = screen.app.vt.lines().slice(36);
  const bottom = lines.findLastIndex((l) => l.startsWith('└'));
  return (bottom < 0 ? lines : lines.slice(0, bottom + 1)).join('\n');
};

describe('trading tabs against the local exchange', () => {
  it('open-order-amend-then-cancel: e changes the price on screen, c + y cancels it', async () => {
    // Join the third bid level: shown in the book, and unlikely to trade during the test.
    const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p;
    const out = await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: 20, price, leverage: 500 }).outcome;
    expect(out.ok).toBe(true);
    // Own orders in the book: the level holding ours carries a ◆ (not colour alone).
    await screen.app.vt.waitFor(() => screen.app.vt.lines().some((l) => l.slice(0, 40).includes(px(price)) && l.slice(0, 40).includes('◆')), EXCHANGE_MS);
    // ...and the chart draws its price line, labelled ◆PRICE on the axis.
    await screen.app.vt.waitFor(`◆${px(price)}`, EXCHANGE_MS);
    screen.app.vt.press('O');
    await screen.app.vt.waitFor(() => tabLines().includes('[Open orders (1)]') && tabLines().includes(px(price)), EXCHANGE_MS);

    screen.app.vt.press('e');
    await screen.app.vt.waitFor('change> ', UI_MS);
    screen.app.vt.press('\u0015'); // Ctrl-U clears the prefilled "price size"
    await screen.app.vt.waitFor(/change> █/, UI_MS);
    const amended = price - 1_000;
    await typeAndEnter(screen, formatScaled(amended, screen.market.priceDecimals));
    // Issue 14: a change is reviewed like a new order (order entry pane) and asks; y sends it.
    await screen.app.vt.waitFor(`price       ${px(price)} → ${px(amended)}`, UI_MS);
    await screen.app.vt.waitFor(`change ${screen.market.symbol} order `, UI_MS);
    screen.app.vt.press('y');
    await screen.app.vt.waitFor(() => tabLines().includes(px(amended)) && !tabLines().includes(px(price)), EXCHANGE_MS);
    expect(state().trading.orders.map((o) => o.price)).toContain(amended);

    screen.app.vt.press('c');
    await screen.app.vt.waitFor(/cancel order \d+\?/, UI_MS);
    screen.app.vt.press(KEYS.enter); // the default answer is Cancel: nothing is sent
    await screen.app.vt.waitFor(() => !tabLines().includes('cancel order'), UI_MS);
    expect(state().trading.orders).toHaveLength(1);
    screen.app.vt.press('c');
    await screen.app.vt.waitFor(/cancel order \d+\?/, UI_MS);
    await confirmYes(screen, UI_MS);
    await screen.app.vt.waitFor(() => tabLines().includes('no open orders'), EXCHANGE_MS);
  }, TEST_MS);

  it('position-row-then-close-half-and-all: uPnL and liq price shown; x 50% then x all', async () => {
    await openLong(screen, 200, EXCHANGE_MS);
    screen.app.vt.press('P');
    await eventually(() => state().trading.positions[0]?.liquidationPrice != null, EXCHANGE_MS, 'the position with a liq price');
    const row = state().trading.positions[0]!;
    await screen.app.vt.waitFor(() => tabLines().includes('▲ LONG') && tabLines().includes(px(row.liquidationPrice!)), EXCHANGE_MS);
    const line = tabLines().split('\n').find((l) => l.includes('▲ LONG'))!;
    expect(line).toContain(sz(200));
    expect(line).toMatch(/(?:[+-]\d[\d,]*\.\d\d|\s0\.00)\s/); // signed uPnL (or exactly 0.00)
    expect(line).toContain(px(row.entryPrice));

    screen.app.vt.press('x');
    await screen.app.vt.waitFor('close> ', UI_MS);
    await typeAndEnter(screen, '50%');
    await screen.app.vt.waitFor(`close 50% (${saidSize(screen, 100)})`, UI_MS);
    await confirmYes(screen, UI_MS);
    await eventually(() => state().trading.positions[0]?.size === 100, EXCHANGE_MS, 'half closed');
    await screen.app.vt.waitFor(() => (tabLines().split('\n').find((l) => l.includes('▲ LONG')) ?? '').includes(sz(100)), EXCHANGE_MS);

    screen.app.vt.press('x');
    await screen.app.vt.waitFor('close> ', UI_MS);
    screen.app.vt.press(KEYS.enter); // empty = everything at market
    await screen.app.vt.waitFor('close 100%', UI_MS);
    await confirmYes(screen, UI_MS);
    await screen.app.vt.waitFor(() => tabLines().includes('no open positions'), EXCHANGE_MS);
  }, TEST_MS);

  it('stop-attached-with-t-fires: t sl PRICE shows the trigger in Open orders and it closes the position', async () => {
    await openLong(screen, 100, EXCHANGE_MS);
    screen.app.vt.press('P');
    await screen.app.vt.waitFor(() => tabLines().includes('▲ LONG'), EXCHANGE_MS);
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const stop = mark - 2_000;
    screen.app.vt.press('t');
    await screen.app.vt.waitFor('TP/SL> ', UI_MS);
    await typeAndEnter(screen, `sl ${formatScaled(stop, screen.market.priceDecimals)}`);
    await screen.app.vt.waitFor('attach SL', UI_MS);
    await confirmYes(screen, UI_MS);
    screen.app.vt.press('O');
    await screen.app.vt.waitFor(() => tabLines().includes(`≤ ${px(stop)} mark`), EXCHANGE_MS);

    screen.sim.control.engine.setOraclePrice(screen.market.id, stop - 100);
    screen.app.vt.press('P');
    await screen.app.vt.waitFor(() => tabLines().includes('no open positions'), EXCHANGE_MS);
  }, TEST_MS);

  it('add-collateral-with-a: the confirmed amount raises the position collateral on screen', async () => {
    await openLong(screen, 100, EXCHANGE_MS);
    screen.app.vt.press('P');
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the position');
    const before = BigInt(state().trading.positions[0]!.collateral);
    screen.app.vt.press('a');
    await screen.app.vt.waitFor('add collateral> ', UI_MS);
    await typeAndEnter(screen, '5');
    await screen.app.vt.waitFor('add 5.00 collateral', UI_MS);
    await confirmYes(screen, UI_MS);
    await eventually(() => BigInt(state().trading.positions[0]?.collateral ?? '0') === before + 5_000_000n, EXCHANGE_MS, 'collateral +5');
    const shown = formatAtoms(before + 5_000_000n);
    await screen.app.vt.waitFor(() => (tabLines().split('\n').find((l) => l.includes('▲ LONG')) ?? '').includes(shown), EXCHANGE_MS);
    screen.app.vt.press('x');
    await screen.app.vt.waitFor('close> ', UI_MS);
    screen.app.vt.press(KEYS.enter);
    await screen.app.vt.waitFor('close 100%', UI_MS);
    await confirmYes(screen, UI_MS);
    await screen.app.vt.waitFor(() => tabLines().includes('no open positions'), EXCHANGE_MS);
  }, TEST_MS);

  it('fills-and-history-paged-from-rest: fills with fee, order history with statuses, positions and account events', async () => {
    // Its own history, whatever ran before: an open, a collateral top-up and a close.
    await openLong(screen, 100, EXCHANGE_MS);
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the position');
    const position = state().trading.positions[0]!;
    await screen.commands.addCollateral(position.positionId, '1').outcome;
    await screen.commands.close(position.positionId, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
    await eventually(() => state().trading.positions.length === 0, EXCHANGE_MS, 'the close');
    screen.app.vt.press('F');
    await screen.app.vt.waitFor(() => tabLines().includes('[Fills]') && tabLines().includes('taker') && tabLines().includes('▼ close L'), EXCHANGE_MS);
    expect(tabLines()).toContain('fee/rebate');
    screen.app.vt.press('H');
    await screen.app.vt.waitFor(() => tabLines().includes('[History]') && tabLines().includes('[orders]') && tabLines().includes('Filled'), EXCHANGE_MS);
    expect(state().tabs.history.orders.rows.length).toBeGreaterThan(0);
    screen.app.vt.press('v');
    await screen.app.vt.waitFor(() => tabLines().includes('[positions]') && /#\d+ +BTC|#\d+/.test(tabLines()) && tabLines().includes('Closed'), EXCHANGE_MS);
    screen.app.vt.press('v');
    await screen.app.vt.waitFor(() => tabLines().includes('[events]') && tabLines().includes('IncreasePositionCollateral'), EXCHANGE_MS);
  }, TEST_MS);

  it('journal-lists-requests-with-reasons-by-name', async () => {
    screen.app.vt.press('J');
    // Updates carry the status and the reason by name (and number), newest first.
    await screen.app.vt.waitFor(() => tabLines().includes('[Journal]') && /rq \d+ filled(, taker|, maker)? · Filled: [A-Z][A-Za-z]+ \(\d+\)/.test(tabLines()), EXCHANGE_MS);
    expect(tabLines()).toMatch(/rq \d+ accepted for forwarding/);
    expect(tabLines()).toMatch(/rq \d+ sent \(sn \d+, head \d+\)/);
    // Older entries scroll into view with j: the cancel of the first test, its reason by name. The rows as
    // the tab lists them: the execution reports of the keyed closes and cancel sit among the journal's lines.
    const listed = tabRows(state());
    const newestFirst = listed.tab === 'journal' ? listed.rows : [];
    const at = newestFirst.findIndex((e) => /^rq \d+ cancelled · Canceled: [A-Z]/.test(e.text));
    expect(at).toBeGreaterThan(0);
    expect(state().tabs.selected.journal).toBe(0);
    // One key at a time: keys written together reach the app as one chunk.
    await screen.app.vt.type('j'.repeat(at));
    await eventually(() => state().tabs.selected.journal === at, EXCHANGE_MS, 'the selection on the cancel');
    await screen.app.vt.waitFor(() => tabLines().includes(newestFirst[at]!.text), EXCHANGE_MS);
  }, TEST_MS);

  it('trades-tab-and-pnl-calendar-200-and-80: a round trip with a partial close shows the net the balance moved by and its R from the linked stop; :pnl counts it on its day', async () => {
    // Block times are whole seconds: the trip opens in a second after the earlier tests' last settlement, so the
    // balance change read by time below holds this trip's events only (CI once counted an earlier close in it).
    const earlier = screen.sim.control.engine.accountHistory(state().trading.account!.accountId).map((e) => e.at.t ?? 0);
    const lastSecond = Math.max(0, ...earlier);
    await eventually(() => Date.now() >= lastSecond + 1_000, EXCHANGE_MS, 'a second after the earlier settlements');
    await openLong(screen, 100, EXCHANGE_MS);
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the position');
    const position = state().trading.positions[0]!;
    const openedNear = Date.now() - 60_000;
    // A stop linked to the position: the ledger reads it from the order history and gives the trip its R.
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const stopPrice = mark - Math.round(mark / 20);
    await screen.commands.protect(position.positionId, { sl: { price: stopPrice } }).outcome;
    await eventually(() => state().trading.orders.some((o) => o.triggerPrice === stopPrice), EXCHANGE_MS, 'the stop');
    await screen.commands.close(position.positionId, { kind: 'market', bps: 5_000, slippageBps: 500 }).outcome;
    await screen.commands.close(position.positionId, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
    await eventually(() => state().trading.positions.length === 0, EXCHANGE_MS, 'the close');
    screen.app.vt.press('T');
    screen.app.vt.press('r');
    const latestTrip = () => {
      const latest = state().ledger.trips.filter((t) => t.closedAt !== null).at(-1);
      return !state().ledger.loading && latest && latest.closedAt!.ms >= openedNear && latest.fills >= 3 ? latest : undefined;
    };
    await eventually(() => latestTrip() !== undefined, EXCHANGE_MS, 'the round trip in the ledger');
    const trip = latestTrip()!;
    // The trip's net is what its settlements moved the balance by (no funding in this exchange's interval).
    const events = screen.sim.control.engine.accountHistory(state().trading.account!.accountId);
    expect(trip.netPnl).toBe(tradingBalanceChange(events, trip.openedAt.ms, trip.closedAt!.ms + 1));
    const net = signedAtoms(trip.netPnl.toString()).text;
    expect(trip.stop?.price).toBe(stopPrice);
    const r = rMultipleText(trip)!;
    await screen.app.vt.waitFor(() => tabLines().includes('[Trades]') && new RegExp(`BTC +long +${sz(trip.maxSize).replace('.', '\\.')} .* ${net.replace(/[.+]/g, '\\$&')} +${r.replace('.', '\\.')} `).test(tabLines()), EXCHANGE_MS);
    expect(tabLines()).toMatch(/closed +market +side +size +entry +exit +gross +fees +funding +net +R +dur/);

    const [year, month, day] = (() => {
      const d = new Date(trip.closedAt!.ms + localUtcOffsetMinutes(trip.closedAt!.ms) * 60_000);
      return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    })();
    const today = pnlMonth(state().ledger.trips, year, month, localUtcOffsetMinutes).weeks.flat().find((d) => d?.day === day)!;
    // The day's cell: its number, then its net (cents, or whole units when they do not fit). A Monday's cell
    // starts at the pane's border, a Sunday's ends at it (the test failed on Monday 30 November: `│30        -0.53`).
    const cellShows = (d: number, dayNet: bigint) => {
      const cents = signedAtoms(dayNet.toString()).text;
      return new RegExp(`(^|\\s|│)${d} +(${cents.replace(/[.+]/g, '\\$&')}|${signedAtoms(((dayNet / 1_000_000n) * 1_000_000n).toString()).text.replace(/\.00$/, '').replace(/[.+]/g, '\\$&')})(\\s|│|$)`, 'm').test(screen.app.vt.screenText());
    };
    expect(today.trades).toBeGreaterThan(0);
    await runCommand(screen.app, `pnl ${year}-${String(month).padStart(2, '0')}`);
    await screen.app.vt.waitFor(() => screen.app.vt.screenText().includes('PnL calendar:') && cellShows(day, today.net), UI_MS);
    screen.app.vt.press(KEYS.escape);
    await screen.app.vt.waitFor(() => !screen.app.vt.screenText().includes('PnL calendar:'), UI_MS);

    await atQuietSize(screen, 80, 24, UI_MS);
    screen.app.vt.press('T');
    await screen.app.vt.waitFor(() => screen.app.vt.lines().some((l) => l.includes('[Trades]')) && screen.app.vt.lines().some((l) => /BTC +long/.test(l) && l.includes(net)), UI_MS);
    expect(screen.app.vt.lines().every((l) => l.length <= 80)).toBe(true);
    await runCommand(screen.app, `pnl ${year}-${String(month).padStart(2, '0')}`);
    await screen.app.vt.waitFor(() => /Mon +Tue +Wed +Thu +Fri +Sat +Sun/.test(screen.app.vt.screenText()) && cellShows(day, today.net) && screen.app.vt.screenText().includes('win rate'), UI_MS);
    screen.app.vt.press(KEYS.escape);
  }, TEST_MS);
});
