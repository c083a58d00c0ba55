// The config's guards in the real app against the local exchange: the account panel says what is left of
// the daily loss (the box at 200x50, the compact line at 80x24), and a `:buy` over maxOrderNotional is
// refused with the guard's words on screen, nothing journaled or sent.

import { describe, expect, it } from 'vitest';
import { formatScaled } from '../../src/protocol/scaling.js';
import { expectNothingSent } from '../helpers/sent.js';
import { runCommand, useTradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const CONFIG = `[guards]
maxOrderNotional = "1000"
maxDailyLoss = "500"
`;

const screen = useTradingScreen('perpl-guards-', { blockMs: 100, seed: 41, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS }, { cols: 200, rows: 50 }, CONFIG);
const vt = () => screen.app.vt;

/** `:buy` of about `usd` at the third bid level (it would rest), as a trader types it. */
function buyWorth(usd: number): string {
  const { priceDecimals, sizeDecimals } = screen.market;
  const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p;
  const perUnit = (BigInt(price) * 10n ** 6n) / 10n ** BigInt(priceDecimals + sizeDecimals);
  const size = (BigInt(usd) * 10n ** 6n) / perUnit;
  return `buy ${formatScaled(size, sizeDecimals)} @ ${formatScaled(price, priceDecimals)}`;
}

/** Types `:buy` over the guard, sends it from the review, and waits for the refusal's words (`words`). */
async function refusedOnScreen(usd: number, words: string): Promise<void> {
  await expectNothingSent(screen.home, async () => {
    await runCommand(screen.app, buyWorth(usd));
    await vt().waitFor('y/Enter send', UI_MS);
    vt().press('y');
    await vt().waitFor(words, UI_MS);
  });
}

describe('guards on screen', () => {
  it('guard-refusal-and-loss-left-shown-at-200x50', async () => {
    // A fresh account: nothing lost today, the day's history read.
    await vt().waitFor((s) => /loss left today\s+500 of 500/.test(s), EXCHANGE_MS);
    expect(vt().lines().some((l) => /max order\s+1,000/.test(l))).toBe(true);
    await refusedOnScreen(1_500, 'guard: order notional 1,');
    expect(vt().screenText()).toMatch(/guard: order notional 1,\d{3}(\.\d\d)? USD over maxOrderNotional 1,000/);
  }, TEST_MS);

  it('guard-refusal-and-loss-left-shown-at-80x24', async () => {
    vt().resize(80, 24);
    await vt().waitFor('loss left 500/500', UI_MS);
    // Another amount than at 200x50: these words cannot be left over from the first refusal.
    await refusedOnScreen(2_500, 'guard: order notional 2,');
    if (process.env.GUARDS_SCREEN_DUMP) console.log(vt().screenText());
  }, TEST_MS);
});
