// F12 in the real app against the local exchange: the perf line shows the running app's own figures
// (frames painted, market-data messages counted on the socket), and F12 again hides it and takes the
// meter's hooks off the terminal again. F12 is a key of the one dispatcher: pasted, `ESC[24~` is text.

import { describe, expect, it } from 'vitest';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { eventually } from '../helpers/wait.js';
import type { RunningApp } from '../helpers/terminal-app.js';

const exchange = useScreenExchange('perpl-perf-', { blockMs: 100, seed: 7, flowStepsPerSec: 20 });
const F12 = '\u001B[24~';
const PASTE_START = '\u001B[200~';
const PASTE_END = '\u001B[201~';
const ESC = '\u001B';

async function openLive(cols: number, rows: number): Promise<RunningApp> {
  const r = await exchange.open(cols, rows);
  await r.vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 15_000);
  return r;
}

interface PerfLine {
  fps: number;
  msgs: number;
  t2sP99: number;
}

/** The perf line's figures (long or compact form), null when it is not on screen. */
function perfLine(screen: string): PerfLine | null {
  const line = screen.split('\n').find((l) => /^ perf /.test(l));
  if (!line) return null;
  const fps = /([\d.]+) fps/.exec(line);
  const msgs = /([\d,]+) msg\/s/.exec(line);
  const t2s = /(?:tick→screen|t→s) \d+\/(\d+)/.exec(line);
  if (!fps || !msgs || !t2s) return null;
  return { fps: Number(fps[1]), msgs: Number(msgs[1]?.replace(/,/g, '')), t2sP99: Number(t2s[1]) };
}

describe('perf overlay (F12) in the running app', () => {
  it('f12-shows-live-figures: non-zero fps and msg/s from the app itself, F12 again hides it and unhooks the meter', async () => {
    const r = await openLive(160, 40);
    const unmeteredWrite = r.vt.stdout.write;
    expect(r.vt.screenText()).not.toMatch(/^ perf /m);

    r.vt.press(F12);
    await r.vt.waitFor((s) => /^ perf /m.test(s), 15_000);
    expect(r.vt.stdout.write).not.toBe(unmeteredWrite); // metering now: bytes to the terminal are counted
    let figures: PerfLine | null = null;
    await r.vt.waitFor((s) => {
      figures = perfLine(s);
      return figures !== null && figures.fps > 0 && figures.msgs > 0 && figures.t2sP99 > 0;
    }, 10_000);
    expect(figures).not.toBeNull();

    r.vt.press(F12);
    await r.vt.waitFor((s) => !/^ perf /m.test(s) && s.includes('q quit'), 15_000);
    expect(r.vt.stdout.write).toBe(unmeteredWrite); // the hooks came off with the line
  }, 40_000);

  it('f12-at-80x24: the compact perf line fits and keeps fps and msg/s', async () => {
    const r = await openLive(80, 24);
    r.vt.press(F12);
    const screen = await r.vt.waitFor((s) => {
      const f = perfLine(s);
      return f !== null && f.fps > 0 && f.msgs > 0;
    }, 10_000);
    const line = screen.split('\n').find((l) => /^ perf /.test(l)) ?? '';
    expect(line).toMatch(/loop [\d.]+ms/); // the last figure is not cut off
    expect(screen.split('\n')[22]).toBe(line); // in place of the key hints, the frame's last row
  }, 40_000);

  it('pasted-f12-never-toggles-the-overlay: ESC[24~ in a paste into the : line is text; F12 pressed with the line open still toggles it', async () => {
    const r = await openLive(160, 40);
    const perfOn = () => r.app.store.getState().workspace.perfOverlay;
    r.vt.press(':');
    await r.vt.waitFor(':█', 15_000);
    r.vt.press(`${PASTE_START}ab${F12}cd${PASTE_END}`);
    // The whole paste was read, as text (its ESC dropped): the sentinel that the F12 in it had its chance.
    await r.vt.waitFor(':ab[24~cd█', 15_000);
    r.vt.press(ESC);
    // The line closed: the bar shows what is under it, the key hints, not the perf line.
    const closed = await r.vt.waitFor((s) => !s.includes(':ab[24~cd'), 15_000);
    expect(closed).not.toMatch(/^ perf /m);
    expect(closed).toContain('q quit');
    expect(perfOn()).toBe(false);

    // A key, read as one: F12 toggles with the line open (its line has the bar; the perf line shows once it closes).
    r.vt.press(':');
    await r.vt.waitFor(':█', 15_000);
    r.vt.press(F12);
    await eventually(perfOn, 15_000, 'F12 read with the : line open');
    expect(r.app.store.getState().tradingUi.commandLine).toBe('');
    r.vt.press(ESC);
    await r.vt.waitFor((s) => /^ perf /m.test(s), 15_000);
    r.vt.press(F12);
    await r.vt.waitFor((s) => !/^ perf /m.test(s) && s.includes('q quit'), 15_000);
  }, 40_000);
});
