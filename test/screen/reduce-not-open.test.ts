// Reducing is not opening, on screen against the local exchange: long 0.02, a resting sell of 0.01 is
// listed in Open orders as a reduce (not "open S"); a market sell of 0.01 is in Fills as a reduce with
// the PnL it realized (the exchange's own figure, exact); selling the rest is a close.

import { beforeEach, describe, expect, it } from 'vitest';
import { signedAtoms } from '../../src/ui/tabs/row-cells.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { eventually } from '../helpers/terminal.js';
import { flattenAccount, openLong, useTradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-reduce-', { blockMs: 100, seed: 44, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const state = () => screen.app.app.store.getState();
const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
const tabLines = () => {
  const lines = screen.app.vt.lines();
  const top = lines.findIndex((l) => l.includes('Open orders') && l.includes('Journal'));
  return top < 0 ? [] : lines.slice(top);
};
const lineOf = (oid: number) => tabLines().find((l) => l.includes(String(oid))) ?? '';

/** The PnL the exchange booked for order `oid`'s fill: its position-history event row's dpnl. */
function exchangeRealized(oid: number): string | undefined {
  const rows = screen.sim.control.engine.positionHistory(state().trading.account!.accountId);
  return rows.find((r) => r.oid === oid)?.dpnl;
}

/** A market sell of `size`, retried if the book moved away from its cap; returns its order id. */
async function sellAtMarket(size: number, until: () => boolean): Promise<number> {
  for (let attempt = 0; attempt < 10 && !until(); attempt++) {
    await screen.commands.place({ marketId: screen.market.id, kind: 'market', side: 'short', size, leverage: 500, slippageBps: 300 }).outcome;
    await eventually(until, 1_000, 'the sell').catch(() => undefined);
  }
  await eventually(until, EXCHANGE_MS, 'the sell');
  return state().trading.fills[0]!.orderId;
}

beforeEach(async () => {
  screen.app.app.store.setState({ tabs: { ...state().tabs, prompt: null } });
  await flattenAccount(screen, EXCHANGE_MS);
}, TEST_MS);

describe('reducing is not opening', () => {
  it('reduce-not-open: long 0.02, a resting sell 0.01 reads reduce; the market sell 0.01 is a reduce with its realized PnL; the rest a close', async () => {
    await openLong(screen, 2_000, EXCHANGE_MS);
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const above = mark + Math.round(mark / 50); // 2 % over the mark: it rests
    const placed = await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'short', size: 1_000, price: above, leverage: 500 }).outcome;
    expect(placed.ok).toBe(true);
    screen.app.vt.press('O');
    await screen.app.vt.waitFor(() => tabLines().some((l) => l.includes(px(above)) && l.includes('▼ reduce L')), EXCHANGE_MS);
    expect(tabLines().join('\n')).not.toContain('open S');
    await screen.commands.cancelAll().outcome;
    await eventually(() => state().trading.orders.length === 0, EXCHANGE_MS, 'the cancel');

    const reduced = await sellAtMarket(1_000, () => state().trading.positions[0]?.size === 1_000);
    screen.app.vt.press('F');
    await screen.app.vt.waitFor(() => lineOf(reduced).includes('▼ reduce L'), EXCHANGE_MS);
    await eventually(() => exchangeRealized(reduced) !== undefined, EXCHANGE_MS, 'the exchange\'s position event');
    const realized = signedAtoms(exchangeRealized(reduced)!).text;
    expect(lineOf(reduced)).toMatch(new RegExp(` ${realized.replace(/[+.]/g, '\\$&')} `));
    expect(state().trading.fills.find((f) => f.orderId === reduced)?.realizedPnl).toBe(exchangeRealized(reduced));

    const closed = await sellAtMarket(1_000, () => state().trading.positions.length === 0);
    await screen.app.vt.waitFor(() => lineOf(closed).includes('▼ close L'), EXCHANGE_MS);
    expect(state().trading.fills.find((f) => f.orderId === closed)?.realizedPnl).toBe(exchangeRealized(closed));
    // The opening fill is still an open.
    expect(tabLines().some((l) => l.includes('▲ open L'))).toBe(true);
  }, TEST_MS);

  it('a sell larger than the long flips it: Open orders and Fills say flip', async () => {
    await openLong(screen, 1_000, EXCHANGE_MS);
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const above = mark + Math.round(mark / 50);
    await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'short', size: 3_000, price: above, leverage: 500 }).outcome;
    screen.app.vt.press('O');
    await screen.app.vt.waitFor(() => tabLines().some((l) => l.includes(px(above)) && l.includes('▼ flip L→S')), EXCHANGE_MS);
    await screen.commands.cancelAll().outcome;
    await eventually(() => state().trading.orders.length === 0, EXCHANGE_MS, 'the cancel');
    const flipped = await sellAtMarket(3_000, () => state().trading.positions[0]?.side === 2);
    screen.app.vt.press('F');
    // One order may match several makers: the fill that went through zero is the flip (any later ones add to the short).
    await screen.app.vt.waitFor(() => tabLines().some((l) => l.includes(String(flipped)) && l.includes('▼ flip L→S')), UI_MS);
  }, TEST_MS);
});
