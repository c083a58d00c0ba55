// Issue 19, Esc in the chart, in the real app against the local exchange at 200x50 and 80x24: the first Esc
// leaves the crosshair (its readout goes), the next brings a scrolled-back chart to live (the newest candle
// on screen, the scroll marker gone), and only then Esc does what it does elsewhere; it never quits. The
// footer (where it fits) names what the next Esc does. Each step waits for its own visible effect; that
// nothing else happened is proven by a sentinel key handled after it.

import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../helpers/terminal-app.js';
import { formatScaledGrouped } from '../../src/protocol/scaling.js';
import { candleTimeLabel } from '../../src/ui/chart/chart-info.js';
import { keysRead, pressThenSentinel } from '../helpers/keys.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { chartText } from '../helpers/chart-pane.js';
import { runAppInTerminal } from '../helpers/terminal-app.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 150_000;
const PGUP = '\u001b[5~';

const exchange = useScreenExchange('perpl-chart-esc-', { blockMs: 100, seed: 61, flowStepsPerSec: 10, candleHistoryMinutes: 600 });


/** The footer's key hints (wherever the bottom rows put them). */
const footerShows = (r: RunningApp, text: string): boolean => r.vt.lines().slice(-2).some((l) => l.includes(text));
/** The crosshair's readout in the chart: its candle's high, "H 67,012.5" (no other chart text reads so). */
const READOUT = /(^|\s)H [\d,]+(\.\d+)?(\s|$)/m;

describe.each([
  [200, 50],
  [80, 24],
])('Esc in the chart (%ix%i)', (cols, rows) => {
  it(`chart-esc-leaves-the-crosshair-then-the-scroll (${cols}x${rows}): readout gone, then live at the newest candle, then Esc as elsewhere (never quits)`, async () => {
    const r = await runAppInTerminal({ rest: exchange.sim.rest, ws: exchange.sim.ws, chainId: exchange.sim.chainId }, cols, rows);
    try {
      const state = () => r.app.store.getState();
      const wide = cols >= 200;
      await r.vt.waitFor('spread ', EXCHANGE_MS);
      await eventually(() => state().candleHistory.newestT !== null && state().candles.length > 0, EXCHANGE_MS, 'the candles');
      r.vt.press('2');
      await eventually(() => state().focus === 'chart', UI_MS, 'the chart focused');
      const px = (v: number) => formatScaledGrouped(v, state().market!.priceDecimals);

      // Crosshair on: its candle's readout (time and open) in the chart; the footer says Esc takes it off.
      r.vt.press('x');
      await eventually(() => state().chart.cursorT !== null, UI_MS, 'the crosshair');
      const cursorT = state().chart.cursorT!;
      const candle = state().candles.find((c) => c.t === cursorT)!;
      await r.vt.waitFor(() => chartText(r.vt).includes(candleTimeLabel(cursorT)) && chartText(r.vt).includes(`H ${px(candle.h)}`) && READOUT.test(chartText(r.vt)), UI_MS);
      if (wide) await r.vt.waitFor(() => footerShows(r, 'Esc crosshair off'), UI_MS);
      // The help says it too (at 80 columns the footer has no room for it); the help's own Esc closes the
      // help and leaves the crosshair on.
      r.vt.press('?');
      await eventually(() => state().workspace.help.open, UI_MS, 'the help open');
      await r.vt.type('back one'); // the filter: Esc's row alone, whatever the overlay's height
      await r.vt.waitFor('now: crosshair off', UI_MS);
      r.vt.press(KEYS.escape);
      await keysRead(r.vt);
      await eventually(() => !state().workspace.help.open, UI_MS, 'the help closed');
      await r.vt.waitFor(() => !r.vt.lines().some((l) => l.includes('now: crosshair off')), UI_MS);
      expect(state().chart.cursorT).toBe(cursorT);

      // Esc: the crosshair and its readout gone; the chart is still drawn (its price axis), still live.
      r.vt.press(KEYS.escape);
      await keysRead(r.vt);
      await eventually(() => state().chart.cursorT === null, UI_MS, 'the crosshair off');
      await r.vt.waitFor(() => !READOUT.test(chartText(r.vt)) && !chartText(r.vt).includes(candleTimeLabel(cursorT)) && /\d,\d{3}/.test(chartText(r.vt)), UI_MS);
      expect(state().chart.endT).toBeNull();
      if (wide) await r.vt.waitFor(() => footerShows(r, 'Esc back (off: top level)'), UI_MS);

      // Scrolled back a page: the chart says how far and the key back to live; the footer says Esc goes live.
      r.vt.press(PGUP);
      await eventually(() => state().chart.endT !== null, UI_MS, 'scrolled back');
      await r.vt.waitFor(() => /◀ \d+[mhd]( \d+[mh])? ago {2}End live/.test(chartText(r.vt)), UI_MS);
      const newestBefore = state().candleHistory.newestT!;
      expect(state().chart.endT! < newestBefore).toBe(true);
      if (wide) await r.vt.waitFor(() => footerShows(r, 'Esc live'), UI_MS);

      // Esc: back to live, the scroll marker gone.
      r.vt.press(KEYS.escape);
      await keysRead(r.vt);
      await eventually(() => state().chart.endT === null, UI_MS, 'back to live');
      await r.vt.waitFor(() => !chartText(r.vt).includes('◀') && !chartText(r.vt).includes('ago'), UI_MS);
      // The newest candle is on screen: the window drawn ends at the latest candle, and a crosshair starts there.
      await eventually(() => (state().candles.at(-1)?.t ?? 0) >= newestBefore, UI_MS, 'the window drawn ends at the latest candle');
      r.vt.press('x');
      await eventually(() => state().chart.cursorT !== null, UI_MS, 'the crosshair again');
      expect(state().chart.cursorT! >= newestBefore).toBe(true);
      await r.vt.waitFor(() => chartText(r.vt).includes(candleTimeLabel(state().chart.cursorT!)), UI_MS);
      r.vt.press(KEYS.escape);
      await keysRead(r.vt);
      await eventually(() => state().chart.cursorT === null, UI_MS, 'the crosshair off again');

      // Nothing left in the chart: Esc does what it did before (nothing here) and does not quit. Sentinel:
      // 1 focuses the book after it, so the Esc was handled, and the app still takes keys.
      await pressThenSentinel(r.vt, [KEYS.escape], { key: '1', effect: () => state().focus === 'book' });
      expect(state().chart).toEqual({ endT: null, cursorT: null });
    } finally {
      await r.close();
    }
  }, TEST_MS);
});
