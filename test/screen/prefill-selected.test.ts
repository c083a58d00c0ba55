// Safe hands (issue 28), in the real app against the local exchange at 200x50 and 80x24: every prompt that
// opens with a value in it opens with that value selected, so what the trader types replaces it: the amend
// prompt (`e`, "PRICE SIZE"), the TP/SL prompt (`t`) and a trigger's move (`e` on a stop); an amend that
// grows the order past 2x its size names the growth in its confirm (default Cancel); and a typed order
// that cannot open its review (a stale feed) stays in the `:` line with the reason, the next key its own.

import { describe, expect, it } from 'vitest';
import { formatScaled } from '../../src/protocol/scaling.js';
import { keysRead } from '../helpers/keys.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { atQuietSize, confirmYes, openLong, runCommand, startEachTestFlat, useTradingScreen } from '../helpers/trading-screen.js';

// Generous waits: CI runs the app, the exchange and the emulator on one loaded event loop. They poll, so a
// green run takes no longer.
const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;
/** The classic MON market: whole-unit sizes, the market of the 1,000 MON order. */
const MON = 10;

const screen = useTradingScreen('perpl-prefill-', { blockMs: 100, seed: 28, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });
startEachTestFlat(screen, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const state = () => screen.app.app.store.getState();
const vt = () => screen.app.vt;
/** Types `text` and waits until the app has read it. */
async function typed(text: string): Promise<void> {
  await vt().type(text);
  await keysRead(vt());
}

const SIZES = [
  { cols: 200, rows: 50 },
  { cols: 80, rows: 24 },
] as const;

describe.each(SIZES)('a selected prefill at $cols x $rows', ({ cols, rows }) => {
  it(`amend-typed-size-replaces-prefill and amend-size-growth-asks-by-name (${cols}x${rows}): e on 1,000 MON, 2000 typed is the whole line; an appended 2000 asks x10,002`, async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    // A MON buy 10 % under the oracle: it rests, and nothing moves the market while the test reads it.
    const price = Math.round(screen.sim.control.engine.marketState(MON)!.mrk * 0.9);
    const out = await screen.commands.place({ marketId: MON, kind: 'limit', side: 'long', size: 1_000, price, leverage: 500 }).outcome;
    expect(out.ok).toBe(true);
    await eventually(() => state().trading.orders.some((o) => o.marketId === MON && o.originalSize === 1_000), EXCHANGE_MS, 'the MON order');
    const prefill = `${formatScaled(price, 5)} 1000`;
    vt().press('O');
    await vt().waitFor(formatScaled(price, 5), UI_MS);

    vt().press('e');
    // Selected, and the prompt says so: the first key typed replaces it.
    await vt().waitFor(`change> ${prefill}█  (typing replaces it)`, UI_MS);
    await typed('2000');
    await vt().waitFor('change> 2000█', UI_MS);
    expect(vt().lines().join('\n')).not.toContain('10002000');
    vt().press(KEYS.escape);
    await eventually(() => state().tabs.prompt === null, UI_MS, 'the editor closed');

    // Right keeps the prefill, so 2000 appends: the size typo of the issue, 1,000 -> 10,002,000 MON.
    vt().press('e');
    await vt().waitFor('(typing replaces it)', UI_MS);
    vt().press(KEYS.right);
    await vt().waitFor((s) => s.includes(`change> ${prefill}█`) && !s.includes('(typing replaces it)'), UI_MS);
    await typed('2000');
    await vt().waitFor(`change> ${prefill}2000█`, UI_MS);
    vt().press(KEYS.enter);
    // The confirm names the growth first, before any other reason; its default is Cancel.
    await vt().waitFor('size 1,000 → 10,002,000 (x10,002)', UI_MS);
    vt().press(KEYS.enter);
    await vt().waitFor('cancelled: order', UI_MS);
    expect(state().trading.orders.find((o) => o.marketId === MON)?.originalSize).toBe(1_000);
  }, TEST_MS);

  it(`tpsl-prefill-replaced and trigger-move-prefill-replaced (${cols}x${rows}): t and e on the stop show its price selected; a typed one replaces it`, async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    await openLong(screen, 100, EXCHANGE_MS);
    const pd = screen.market.priceDecimals;
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const [first, second, third] = [mark - Math.round(mark / 20), mark - Math.round(mark / 25), mark - Math.round(mark / 30)];
    const position = state().trading.positions[0]!;
    await screen.commands.protect(position.positionId, { sl: { price: first } }).outcome;
    await eventually(() => state().trading.orders.some((o) => o.triggerPrice === first), EXCHANGE_MS, 'the first stop');

    vt().press('P');
    vt().press('t');
    await vt().waitFor(`TP/SL> sl ${formatScaled(first, pd)}█  (typing replaces it)`, UI_MS);
    await typed(`sl ${formatScaled(second, pd)}`);
    await vt().waitFor(`TP/SL> sl ${formatScaled(second, pd)}█`, UI_MS);
    vt().press(KEYS.enter);
    await vt().waitFor('attach SL', UI_MS);
    await confirmYes(screen, UI_MS);
    await eventually(() => state().trading.orders.filter((o) => o.triggerPrice !== null).map((o) => o.triggerPrice).join() === String(second), EXCHANGE_MS, 'the stop replaced');

    vt().press('O');
    vt().press('e');
    await vt().waitFor(`move trigger> ${formatScaled(second, pd)}█  (typing replaces it)`, UI_MS);
    await typed(formatScaled(third, pd));
    await vt().waitFor(`move trigger> ${formatScaled(third, pd)}█`, UI_MS);
    vt().press(KEYS.enter);
    await vt().waitFor('move SL', UI_MS);
    await confirmYes(screen, UI_MS);
    await eventually(() => state().trading.orders.filter((o) => o.triggerPrice !== null).map((o) => o.triggerPrice).join() === String(third), EXCHANGE_MS, 'the stop moved');
  }, TEST_MS);

  it(`command-order-while-stale-stays-in-the-line (${cols}x${rows}): :buy 0.01 mkt on a stale feed keeps the line and its reason; 5 typed next is the line's`, async () => {
    await atQuietSize(screen, cols, rows, UI_MS);
    screen.sim.control.pauseBlocks();
    try {
      await eventually(() => /stale/.test(state().trading.lockReason ?? ''), EXCHANGE_MS, 'the stale lock');
      await runCommand(screen.app, 'buy 0.01 mkt');
      await vt().waitFor(':buy 0.01 mkt█  ✗ cannot send: the feed is stale', UI_MS);
      expect(state().tradingUi.entry).toBeNull();
      vt().press('5');
      // The key is the line's: no form behind it took it into its size (0.01 + 5 = 0.015).
      await vt().waitFor(':buy 0.01 mkt5█', UI_MS);
      expect(state().tradingUi.entry).toBeNull();
      vt().press(KEYS.escape);
      await eventually(() => state().tradingUi.commandLine === null, UI_MS, 'the line closed');
    } finally {
      screen.sim.control.resumeBlocks();
    }
    await eventually(() => state().trading.lockReason === null, EXCHANGE_MS, 'unlocked again');
  }, TEST_MS);
});
