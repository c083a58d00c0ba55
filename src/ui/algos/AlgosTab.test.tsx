// The Algos tab drawn where the layout puts it (the trading tabs' body) at 200x50 and 80x24, with a trailing
// stop, a chase and a TWAP: each row says what a trader needs at a glance (a trail's stop and its distance
// from the mark, a chase's resting price, bound and time left, a TWAP's progress and next slice), and the
// keys line dims S / U / X with the reason where they do not apply to the selected algo.

import { afterEach, describe, expect, it } from 'vitest';
import type { AlgoRow } from '../../domain/algos/algo-row.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { onTab, tabStore } from '../tabs/tab-store.fixtures.js';
import { TradingTabs } from '../tabs/TradingTabs.js';
import { CHASE_ROW, DONE_ROW, TRAIL_ROW, TWAP_ROW } from './algo-rows.fixtures.js';

// Oldest first, as the runner keeps them: the tab shows them newest first.
const ALGOS: AlgoRow[] = [DONE_ROW, TWAP_ROW, CHASE_ROW, TRAIL_ROW];
/** The muted colour's SGR (the dark palette's grey, 24-bit). */
const MUTED = '\\u001b\\[38;2;139;148;158m';

let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

function draw(cols: number, rows: number, selected = 0) {
  const store = tabStore(onTab('algos', selected), {}, { algos: ALGOS });
  const layout = computeLayout(cols, rows);
  const { width, height } = layout.trading;
  shown = renderPane(store, <TradingTabs width={width} height={height} accountLine={layout.accountLine} />, cols, { width, height });
  // Without the pane's side borders.
  return { lines: shown.lines().map((l) => l.slice(1, -1).trimEnd()), width, raw: shown.raw };
}

describe('the Algos tab', () => {
  it('algos-tab-200x50-says-each-kind-at-a-glance: a trail its stop, distance, liquidation and rule; a chase its price, bound and time; a TWAP its average vs arrival', () => {
    const { lines } = draw(200, 50);
    expect(lines[1]).toMatch(/^id\s+kind\s+market\s+side\s+progress\s+rule\s+figures\s+next\s+state$/);
    // Newest first: the trail protecting a long, its stop 1.22% under the mark of 65,000.0 and 9.67% above liquidation.
    expect(lines[2]).toMatch(/^trl1\s+TRAIL BTC\s+▲ LONG\s+stop 64,210\.0 \(1\.22%\)\s+1% on mark\s+mark 65,000\.0 · liq 58,000\.0 9\.67% below\s+moves at mark 65,062\.0 holding · stop mov/);
    expect(lines[3]).toMatch(/^chs1\s+CHASE BTC\s+▲ BUY\s+0\.02000\/0\.10000 @67,010\.0 max 100, at bound: rest\s+from 67,000\.0 to 67,100\.0 · 42s left\s+max 67,100\.0, 42s left running · placed$/);
    // A sell 66,933.0 against an arrival of 67,000.0 got 67 ticks less: 10 bps worse.
    expect(lines[4]).toMatch(/^twa2\s+TWAP  BTC\s+▼ SELL\s+0\.12500\/0\.50000\s+avg 66,933\.0 vs 67,000\.0 \+10\.00 bps\s+slice 6\/20 in 14s\s+running · slice 5 /);
    // Over: the why in the next column, the state a word.
    expect(lines[5]).toMatch(/^twa0\s+TWAP  BTC\s+▲ BUY\s+0\.02000\/0\.50000\s+avg 67,000\.0 vs 67,000\.0 0\.00 bps\s+filled\s+done$/);
    // The running trail selected: U does nothing for it and says why.
    expect(lines.at(-2)).toBe('S pause  U resume (not paused)  X cancel  k/j move  h tabs  3 running');
  });

  it('algos-tab-80x24-keeps-stop-price-bound-progress-next-and-state: id, rule and figures drop first, nothing passes the pane', () => {
    const { lines, width } = draw(80, 24);
    expect(shown!.lines().every((l) => l.length === width)).toBe(true);
    expect(lines[1]).toMatch(/^kind\s+market\s+side\s+progress\s+next\s+state$/);
    expect(lines[2]).toMatch(/^TRAIL BTC\s+▲ LONG\s+stop 64,210\.0 \(1\.22%\)\s+moves at mark 65,062\.0 holding/);
    expect(lines[3]).toMatch(/^CHASE BTC\s+▲ BUY\s+0\.02000\/0\.10000 @67,010\.0 max 67,100\.0, 42s left running/);
    expect(lines[4]).toMatch(/^TWAP  BTC\s+▼ SELL\s+0\.12500\/0\.50000\s+slice 6\/20 in 14s\s+running/);
    expect(lines.at(-2)).toMatch(/^▼ 1 more below {2}· {2}S pause {2}U resume \(not paused\) {2}X cancel/);
    expect(shown!.raw()).toMatch(new RegExp(`S pause${MUTED} {2}U resume \\(not paused\\)\u001b\\[39m {2}X cancel`));
  });

  it('algos-tab-80x24-ended-algo-keys-dimmed-with-why: pause and cancel say ended, resume not paused, each dimmed', () => {
    const { lines, raw } = draw(80, 24, 3);
    expect(lines[4]).toMatch(/^TWAP  BTC\s+▲ BUY\s+0\.02000\/0\.50000\s+filled\s+done$/);
    expect(lines.at(-2)).toMatch(/^▲ 1 more above {2}· {2}S pause \(ended\) {2}U resume \(not paused\) {2}X cancel \(ended\)/);
    // Painted muted (the palette's grey), the keys that act in the default colour.
    expect(raw()).toMatch(new RegExp(`${MUTED}S pause \\(ended\\) {2}U resume \\(not paused\\) {2}X cancel \\(ended\\)\u001b\\[39m`));
  });
});
