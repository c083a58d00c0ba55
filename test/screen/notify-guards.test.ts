// A guard reached, on the real path: the app against the local exchange with a daily loss limit and
// `[notify] method = "osc9"`; the mark falls, the day's loss crosses the limit, and the terminal's raw
// output carries exactly one guard notification however many opening orders are refused after it.

import { describe, expect, it } from 'vitest';
import { notionalAtoms } from '../../src/domain/trading/notional.js';
import { eventually } from '../helpers/terminal.js';
import { useTradingScreen } from '../helpers/trading-screen.js';

const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;
const USD = 1_000_000n;

// The route must not depend on where the tests run (a developer's tmux).
delete process.env.TMUX;

const CONFIG = `[guards]
maxDailyLoss = "5"

[notify]
method = "osc9"
`;

const screen = useTradingScreen('perpl-notify-guards-', { blockMs: 100, seed: 47, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS }, undefined, CONFIG);

const OSC_9 = '\u001b]9;';
const notifications = () => screen.app.vt.stdout.raw.split(OSC_9).slice(1).map((rest) => rest.slice(0, rest.indexOf('\u0007')));
const guardNotifications = () => notifications().filter((n) => n.startsWith('perpl: guard reached: '));

describe('a guard reached notifies', () => {
  it('daily-loss-notified-per-refused-order: the crossing writes one OSC 9; the refused orders after it write none', async () => {
    const state = () => screen.app.app.store.getState().trading;
    const control = screen.sim.control;
    const id = screen.market.id;
    // The day's net is known (the panel says what is left) before anything moves.
    await screen.app.vt.waitFor((s) => /loss left today\s+5 of 5/.test(s), EXCHANGE_MS);
    // A long worth about 1,000 USD at 2x: liquidation is far below, a 3 % fall loses about 30 USD.
    const mark = control.engine.marketState(id)!.mrk;
    const size = Number((1_000n * USD) / notionalAtoms(mark, 1, { priceDecimals: screen.market.priceDecimals, sizeDecimals: screen.market.sizeDecimals }));
    await screen.commands.place({ marketId: id, kind: 'market', side: 'long', size, leverage: 200, slippageBps: 500 }).outcome;
    await eventually(() => state().positions.length === 1, EXCHANGE_MS, 'the long');
    control.pauseFlow();
    try {
      control.engine.setOraclePrice(id, Math.round(mark * 0.97));
      await eventually(() => guardNotifications().length > 0, EXCHANGE_MS, 'the daily loss notification');
      expect(guardNotifications()[0]).toMatch(/^perpl: guard reached: guard: daily loss [\d,.]+ USD reached maxDailyLoss 5: only closes/);
      // Opening orders after the crossing: each refused by the guard, none notifies again.
      for (let i = 0; i < 4; i++) {
        const out = await screen.commands.place({ marketId: id, kind: 'market', side: 'long', size, leverage: 200 }).outcome;
        expect(out.message).toMatch(/^guard: daily loss /);
      }
      // The sentinel: the close (allowed) fills, and its notification is written after the refusals.
      const fillsBefore = state().fills.length;
      const before = notifications().length;
      await screen.commands.close(state().positions[0]!.positionId, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
      await eventually(() => state().fills.length > fillsBefore && notifications().length > before, EXCHANGE_MS, 'the close fill notification');
      expect(notifications().at(-1)).toMatch(/^perpl: fill: sold /);
      expect(guardNotifications()).toHaveLength(1);
    } finally {
      control.engine.setOraclePrice(id, mark);
      control.resumeFlow();
    }
  }, TEST_MS);
});
