// Issue 14 gap: a TP/SL is checked against one reference (domain/trading/trigger-reference.ts), named in the
// refusal: the entry while the mark is not live (never the stale mark as if current), and the last trade for a
// trigger on the last trade. In the real app against the local exchange at 200x50, on a BTC long.

import { describe, expect, it } from 'vitest';
import { formatScaled } from '../../src/protocol/scaling.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { openLong, saidPrice, useTradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-tpsl-reference-', { blockMs: 100, seed: 47, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const state = () => screen.app.app.store.getState();
const vt = () => screen.app.vt;
const btcPosition = () => state().trading.positions.find((p) => p.marketId === screen.market.id);
/** As a trader types a price (the editor's refusals and confirm say it as saidPrice does). */
const typed = (raw: number) => formatScaled(raw, screen.market.priceDecimals);

const editorText = (): string | null => {
  const prompt = state().tabs.prompt;
  return prompt?.kind === 'editor' ? prompt.text : null;
};

/** Ctrl-U clears the editor; once it is seen empty the next key is typed (keys written together arrive as one chunk). */
async function clearEditor(): Promise<void> {
  if (editorText() === '') return;
  vt().press('\u0015');
  await eventually(() => editorText() === '', UI_MS, 'the editor cleared');
}

/** The Positions tab, `t` on the (only) position, the editor cleared and `text` typed (not yet submitted). */
async function typeTpsl(text: string): Promise<void> {
  vt().press('P');
  await eventually(() => state().tabs.tab === 'positions', UI_MS, 'the Positions tab');
  vt().press('t');
  await vt().waitFor('TP/SL> ', UI_MS);
  await clearEditor();
  await vt().type(text);
  await vt().waitFor(`TP/SL> ${text}█`, UI_MS);
}

describe('the TP/SL reference (200x50)', () => {
  it('tpsl-on-a-stale-mark-checks-the-entry: while the feed is stalled a stop is checked on the entry, and the refusal says so', async () => {
    if (!btcPosition()) await openLong(screen, 200, EXCHANGE_MS);
    const entry = btcPosition()!.entryPrice;
    // A stop 5 % above the entry: wrong for a long whatever the reference; the refusal must name the entry.
    await typeTpsl(`sl ${typed(Math.round(entry * 1.05))}`);
    // Every socket holds its frames for 8 s: past the client's 5 s "not live" line, short of its 10 s reconnect.
    const seen = screen.sim.control.faultLog().length;
    screen.sim.control.setFaults({ name: 'test-stall', stall: 1, stallMs: 8_000 });
    try {
      await eventually(() => screen.sim.control.faultLog().length > seen, EXCHANGE_MS, 'the stall');
    } finally {
      screen.sim.control.setFaults('none');
    }
    await eventually(() => btcPosition()?.markState === 'stale', EXCHANGE_MS, 'the stale mark');
    vt().press(KEYS.enter);
    const shown = await vt().waitFor('✗ stop-loss must be below', UI_MS);
    expect(shown).toContain(`✗ stop-loss must be below ${saidPrice(screen, entry)} (the entry: no live mark (`);
    // Nothing was armed: the editor stays open with its error.
    expect(state().tabs.prompt).toMatchObject({ kind: 'editor', mode: 'tpsl' });
    vt().press(KEYS.escape);
    await eventually(() => state().tabs.prompt === null, UI_MS, 'the editor to close');
    await eventually(() => btcPosition()?.markState === 'live', EXCHANGE_MS, 'the live mark again');
  }, TEST_MS);

  it('tpsl-last-trigger-checks-the-last-trade: with the mark moved 8 % under the last trade, a take-profit on last between them is refused', async () => {
    if (!btcPosition()) await openLong(screen, 200, EXCHANGE_MS);
    const btc = screen.market.id;
    const exchangeMark = () => screen.sim.control.engine.marketState(btc)!.mrk;
    // The market makers and takers paused: no trade moves the last price while the oracle pulls the mark down.
    screen.sim.control.pauseFlow();
    try {
      const start = exchangeMark();
      screen.sim.control.engine.setOraclePrice(btc, Math.round(start * 0.92));
      await eventually(() => {
        const prices = state().trading.marketPrices[btc];
        return prices?.mark.state === 'live' && prices.mark.price < start * 0.95 && prices.lastTrade !== null && prices.lastTrade > start * 0.98;
      }, EXCHANGE_MS, 'the mark under the last trade');
      const last = state().trading.marketPrices[btc]!.lastTrade!;
      const mark = btcPosition()!.markPrice!;
      const tp = Math.round((mark + last) / 2); // above the mark, under the last trade
      expect(tp).toBeGreaterThan(mark);
      expect(tp).toBeLessThan(last);
      await typeTpsl(`tp ${typed(tp)} last`);
      vt().press(KEYS.enter);
      const shown = await vt().waitFor('✗ take-profit must be above', UI_MS);
      expect(shown).toContain(`✗ take-profit must be above ${saidPrice(screen, last)} (the last trade)`);
      // On the mark the same price is a valid take-profit: it is asked (confirm), not refused.
      await clearEditor();
      await vt().type(`tp ${typed(tp)}`);
      vt().press(KEYS.enter);
      await vt().waitFor(`attach TP ${saidPrice(screen, tp)} (on mark)`, UI_MS);
      vt().press('n');
      await eventually(() => state().tabs.prompt === null, UI_MS, 'the confirm to close');
    } finally {
      screen.sim.control.resumeFlow();
    }
  }, TEST_MS);
});
