// Desktop notifications on the real path: a fill on the local exchange reaches the app's trading session,
// the store, the one detector, and comes out on the terminal's raw output as exactly one OSC 777.

import { describe, expect, it } from 'vitest';
import { fillWords, marketWords } from '../../src/domain/trading/order-words.js';
import { eventually } from '../helpers/terminal.js';
import { openLong, useTradingScreen } from '../helpers/trading-screen.js';

const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

// The route must not depend on where the tests run (a developer's tmux, a VTE terminal).
delete process.env.TMUX;

const screen = useTradingScreen('perpl-notify-', { blockMs: 100, seed: 33, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS }, undefined, '[notify]\nmethod = "osc777"\n');

const OSC_777 = '\u001b]777;notify;';
const notifications = () => screen.app.vt.stdout.raw.split(OSC_777).slice(1).map((rest) => rest.slice(0, rest.indexOf('\u0007')));

describe('notifications on the terminal output', () => {
  it('notify-fill-once: a fill on the exchange writes exactly one OSC 777 naming it; the sign-in wrote none', async () => {
    const state = () => screen.app.app.store.getState().trading;
    expect(notifications()).toEqual([]);
    await openLong(screen, 100, EXCHANGE_MS);
    await eventually(() => notifications().length > 0, EXCHANGE_MS, 'the fill notification');
    const fills = state().fills;
    const first = fills.at(-1)!;
    const words = fillWords(true, first.size, first.price, first.liquidity, marketWords(state().markets.find((m) => m.id === first.marketId), first.marketId));
    const more = fills.length > 1 ? ` (+${fills.length - 1} more fills)` : '';
    expect(notifications()).toEqual([`perpl: fill;${words}${more}`]);
    // The close's fill is the sentinel: its notification is the second one written, so the first fill wrote one.
    const before = fills.length;
    await screen.commands.close(state().positions[0]!.positionId, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
    await eventually(() => state().fills.length > before && notifications().length > 1, EXCHANGE_MS, 'the close fill notification');
    expect(notifications()).toHaveLength(2);
    expect(notifications()[1]).toMatch(/^perpl: fill;sold /);
    // Between frames, never inside one: every frame is bracketed by synchronized output (?2026h ... ?2026l).
    const raw = screen.app.vt.stdout.raw;
    for (let at = raw.indexOf(OSC_777); at >= 0; at = raw.indexOf(OSC_777, at + 1)) {
      const before = raw.slice(0, at);
      expect(before.split('\u001b[?2026h').length).toBe(before.split('\u001b[?2026l').length);
    }
  }, TEST_MS);
});
