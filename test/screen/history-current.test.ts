// The History tab stays current against the local exchange: after fills the order history shows them
// without a key pressed; a position closed while its history is on screen turns Closed, with the fees
// the account events charged; `r` re-reads the newest page when the socket said nothing.

import { beforeEach, describe, expect, it } from 'vitest';
import { formatAtoms, signedAtoms } from '../../src/ui/tabs/row-cells.js';
import { positionLedger } from '../helpers/position-ledger.js';
import { eventually } from '../helpers/terminal.js';
import { flattenAccount, openLong, useTradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-history-', { blockMs: 100, seed: 33, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const state = () => screen.app.app.store.getState();
/** The trading tabs' lines (from their title down), at any terminal size. */
const tabLines = () => {
  const lines = screen.app.vt.lines();
  const top = lines.findIndex((l) => l.includes('Open orders') && l.includes('Journal'));
  return top < 0 ? [] : lines.slice(top);
};
const tabText = () => tabLines().join('\n');
const accountId = () => state().trading.account!.accountId;
/** The account events of one position (settlements name their order, not the position). */
const ledgerOf = (pid: number) => {
  const engine = screen.sim.control.engine;
  return positionLedger(engine.accountHistory(accountId()), engine.positionHistory(accountId()), pid);
};

beforeEach(async () => {
  screen.app.app.store.setState({ tabs: { ...state().tabs, prompt: null } });
  screen.sim.control.setFaults({ name: 'none' });
  await flattenAccount(screen, EXCHANGE_MS);
}, TEST_MS);

/** Shows the History tab's `view` (orders, positions, events) and waits until it has loaded. */
async function showHistory(view: 'orders' | 'positions' | 'events'): Promise<void> {
  screen.app.vt.press('H');
  await screen.app.vt.waitFor('[History]', UI_MS);
  for (let i = 0; i < 3 && state().tabs.historyView !== view; i++) {
    const from = state().tabs.historyView;
    screen.app.vt.press('v');
    await eventually(() => state().tabs.historyView !== from, UI_MS, 'the next history view');
  }
  await screen.app.vt.waitFor(() => tabText().includes(`[${view}]`) && !tabText().includes('loading…'), EXCHANGE_MS);
}

/** A market sell of `size` (a reduce while long), retried if the book moved away from its cap. */
async function sellAtMarket(size: number, until: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 10 && !until(); attempt++) {
    await screen.commands.place({ marketId: screen.market.id, kind: 'market', side: 'short', size, leverage: 500, slippageBps: 300 }).outcome;
    await eventually(until, 1_000, 'the sell').catch(() => undefined);
  }
  await eventually(until, EXCHANGE_MS, 'the sell');
}

describe('the History tab keeps up with the account', () => {
  it('history-updates-by-itself-after-fills: the order history shows each fill with no key pressed, a reduce as a reduce', async () => {
    await showHistory('orders');
    const before = state().tabs.history.orders.rows.length;
    await openLong(screen, 2_000, EXCHANGE_MS);
    const opened = state().trading.fills[0]!.orderId;
    await screen.app.vt.waitFor(() => tabLines().some((l) => l.includes(String(opened)) && l.includes('Filled') && l.includes('▲ open L')), EXCHANGE_MS);
    await sellAtMarket(1_000, () => state().trading.positions[0]?.size === 1_000);
    const reduced = state().trading.fills[0]!.orderId;
    await screen.app.vt.waitFor(() => tabLines().some((l) => l.includes(String(reduced)) && l.includes('Filled') && l.includes('▼ reduce L')), EXCHANGE_MS);
    expect(state().tabs.history.orders.rows.length).toBeGreaterThanOrEqual(before + 2);
    expect(tabText()).not.toContain('no order history');
  }, TEST_MS);

  it('closed-position-turns-closed-with-ledger-fees: the position history on screen follows the close; its fees are the account events\'', async () => {
    await openLong(screen, 2_000, EXCHANGE_MS);
    const pid = state().trading.positions[0]!.positionId;
    await showHistory('positions');
    await screen.app.vt.waitFor(() => tabLines().some((l) => l.includes(`#${pid}`) && l.includes('Open')), EXCHANGE_MS);

    await sellAtMarket(1_000, () => state().trading.positions[0]?.size === 1_000);
    await screen.commands.close(pid, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
    await eventually(() => state().trading.positions.length === 0, EXCHANGE_MS, 'the close');
    const row = () => tabLines().find((l) => l.includes(`#${pid}`)) ?? '';
    await screen.app.vt.waitFor(() => row().includes('Closed'), EXCHANGE_MS);

    // The ledger: the account events of this position (open, reduce, close settlements).
    const events = ledgerOf(pid);
    expect(events).toHaveLength(3);
    const fees = events.reduce((sum, e) => sum + BigInt(e.f), 0n);
    const folded = state().tabs.history.positions.rows.find((p) => p.positionId === pid)!;
    expect(BigInt(folded.fees)).toBe(fees);
    const moved = events.reduce((sum, e) => sum + BigInt(e.a), 0n);
    expect(BigInt(folded.realizedPnl) + BigInt(folded.funding) - fees).toBe(moved);
    expect(row()).toContain(` ${formatAtoms(fees)}`);
    expect(row()).toContain(` ${signedAtoms(folded.realizedPnl).text} `);
  }, TEST_MS);

  it('r-refreshes-history: an order the socket never reported (its mt 24 lost) shows once r re-reads the newest page', async () => {
    await showHistory('orders');
    screen.sim.control.setFaults({ name: 'lost-order-updates', lostUpdate: 1 });
    const book = screen.sim.control.engine.book(screen.market.id, 5);
    const price = book.bid[book.bid.length - 1]!.p - 5_000; // far under the bids: it rests
    void screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: 100, price, leverage: 500 });
    // The exchange has it (its REST order history) although the app was told nothing by the socket.
    const resting = await (async () => {
      let found: number | undefined;
      await eventually(() => {
        found = screen.sim.control.engine.orderHistory(accountId()).find((o) => o.p === price && o.st === 2)?.oid;
        return found !== undefined;
      }, EXCHANGE_MS, 'the order on the exchange');
      return found!;
    })();
    screen.app.vt.press('r');
    await screen.app.vt.waitFor(() => tabLines().some((l) => l.includes(String(resting)) && l.includes('Open')), EXCHANGE_MS);
    screen.sim.control.setFaults({ name: 'none' });
  }, TEST_MS);

  it('history-at-80x24: the fills\' reduce and its realized PnL, and the closed position\'s fees, at 80 columns', async () => {
    await openLong(screen, 2_000, EXCHANGE_MS);
    const pid = state().trading.positions[0]!.positionId;
    await sellAtMarket(1_000, () => state().trading.positions[0]?.size === 1_000);
    await screen.commands.close(pid, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
    await eventually(() => state().trading.positions.length === 0, EXCHANGE_MS, 'the close');
    screen.app.vt.resize(80, 24);
    try {
      const bottom = tabText;
      screen.app.vt.press('F');
      await screen.app.vt.waitFor(() => bottom().includes('[Fills]') && bottom().includes('realized') && /▼ reduce L .*[+-]\d+\.\d\d/.test(bottom()) && bottom().includes('▼ close L'), EXCHANGE_MS);
      await showHistory('positions');
      const fees = ledgerOf(pid).reduce((sum, e) => sum + BigInt(e.f), 0n);
      await screen.app.vt.waitFor(() => bottom().includes('fees') && bottom().split('\n').some((l) => l.includes('Closed') && l.includes(formatAtoms(fees))), EXCHANGE_MS);
    } finally {
      screen.app.vt.resize(200, 50);
    }
  }, TEST_MS);
});
