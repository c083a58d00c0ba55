// The `:` command line and panic at 80x24, against the local exchange: a typed market order opens a
// position, `:close SYM 50%` halves it, `:close SYM` closes it; a duplicate order stops at a confirm
// whose default (Enter) is Cancel; `:cancel all` clears resting orders; `!!` + y closes everything. The
// position's row shows in the compact trading strip of the 80x24 layout.

import { describe, expect, it } from 'vitest';
import { divCeil, notionalAtoms } from '../../src/domain/trading/notional.js';
import type { Market } from '../../src/protocol/frames.js';
import { formatScaledTrim } from '../../src/protocol/scaling.js';
import { expectNothingSent } from '../helpers/sent.js';
import { eventually, KEYS } from '../helpers/terminal.js';
import { entryPaneText } from '../helpers/entry-pane.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { runCommand } from '../helpers/trading-screen.js';

const exchange = useScreenExchange('perpl-cmd-screen-', { blockMs: 100, seed: 13, flowStepsPerSec: 20 });

function sizeFor(market: Market, price: number, usd: number): string {
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  const units = divCeil(BigInt(usd) * 1_000_000n, notionalAtoms(price, 1, scales));
  return formatScaledTrim(units > 0n ? units : 1n, market.config.size_decimals);
}

describe('command line and panic (80x24)', () => {
  it('typed market order, close half, close all, duplicate confirm defaults to Cancel, cancel all, panic', async () => {
    const r = await exchange.open(80, 24, undefined, { keyFile: exchange.sim.demoKeyFile, home: exchange.home });
    const { store } = r.app;
    await r.vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 25_000);
    await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, 25_000, 'orders unlocked');
    const market = store.getState().trading.markets.find((m) => m.id === store.getState().market?.id);
    if (!market) throw new Error('no market');
    const sym = market.symbol;
    const position = () => store.getState().trading.positions.find((p) => p.marketId === market.id);

    // A typed market order goes through the same review, then fills.
    const ask = store.getState().book?.asks[0]?.price ?? 0;
    await runCommand(r, `buy ${sizeFor(market, ask, 300)} mkt slip 80`);
    await r.vt.waitFor('y/Enter send');
    r.vt.press('y');
    await eventually(() => position() !== undefined, 25_000, 'position opened');
    const full = position()?.size ?? 0;
    // 80x24 keeps a compact strip of the trading tabs: the position's row is on screen, no zoom needed.
    await r.vt.waitFor((s) => s.includes('[Positions]') && s.split('\n').some((l) => l.includes('▲ LONG') && l.includes(sym)), 10_000);

    await runCommand(r, `close ${sym} 50%`);
    await r.vt.waitFor('close 50% of');
    r.vt.press('y');
    await eventually(() => (position()?.size ?? 0) > 0 && (position()?.size ?? 0) < full, 25_000, 'half closed');

    await runCommand(r, `close ${sym}`);
    await r.vt.waitFor('close 100% of');
    r.vt.press('y');
    await eventually(() => position() === undefined, 25_000, 'position closed');

    // A resting order, then the same order again: smart confirm asks, and Enter (the default) cancels.
    // 1 % under the bid: the exchange's flow will not reach it during the test, and it is not "far from mark".
    const bid = store.getState().book?.bids[0]?.price ?? 0;
    const rest = bid - Math.round(bid / 100);
    const line = `buy ${sizeFor(market, rest, 150)} @ ${formatScaledTrim(rest, market.config.price_decimals)}`;
    await runCommand(r, line);
    await r.vt.waitFor('y/Enter send');
    r.vt.press('y');
    await eventually(() => store.getState().trading.orders.length === 1, 25_000, 'resting order');
    await runCommand(r, line);
    await r.vt.waitFor('y/Enter send');
    r.vt.press('y');
    // In the form (wrapped in its column at 80x24) where the eye is.
    await r.vt.waitFor(() => entryPaneText(r.vt).includes('same order sent seconds ago'));
    // "cancelled" shows once Enter was handled; had it sent the order, the journal would hold it by then.
    await expectNothingSent(exchange.home, async () => {
      r.vt.press(KEYS.enter);
      await r.vt.waitFor('cancelled');
    });
    expect(store.getState().trading.orders.length).toBe(1);
    expect(store.getState().tradingUi.entry).not.toBeNull();
    // Esc backs out of the review, then Esc closes the form: each waits for the one before it.
    r.vt.press(KEYS.escape);
    await eventually(() => !store.getState().tradingUi.reviewing && store.getState().tradingUi.entry !== null, 15_000, 'back from the review');
    r.vt.press(KEYS.escape);
    await eventually(() => store.getState().tradingUi.entry === null, 15_000, 'entry closed');

    await runCommand(r, 'cancel all');
    await r.vt.waitFor('cancel all 1 open order?');
    r.vt.press('y');
    await eventually(() => store.getState().trading.orders.length === 0, 25_000, 'orders cancelled');

    // Panic: a position again, then !! and y.
    await runCommand(r, `buy ${sizeFor(market, ask, 200)} mkt`);
    await r.vt.waitFor('y/Enter send');
    r.vt.press('y');
    await eventually(() => position() !== undefined, 25_000, 'position for panic');
    // The second ! once the first has armed the chord (two ! in one read: key-pairs.test.ts).
    r.vt.press('!');
    await eventually(() => store.getState().tradingUi.panicArmedAtMs !== null, 15_000, 'the first ! to arm panic');
    r.vt.press('!');
    await r.vt.waitFor('PANIC: cancel 0 orders and close 1 positions');
    r.vt.press('y');
    await eventually(() => position() === undefined, 25_000, 'panic closed the position');
    // The summary toast once every request of the panic is definitive.
    await r.vt.waitFor(/panic: \d+\/\d+ requests done/, 20_000);
  }, 180_000);
});
