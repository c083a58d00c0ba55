// Terminal resizes against the real app in an emulated terminal, fed by a live local exchange:
// hundreds of resizes in bursts (a window being dragged), sizes below 80x24, and back. The app keeps
// rendering, never exits, and ends with the layout of its final size (no ghost rows from older sizes); a
// resize to a larger window repaints every row (the screen the terminal kept is not trusted); and no write
// after a resize shows a blank screen or the layout of the old size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSim, startSim } from '../../src/sim/index.js';
import { createVirtualTerminal, type RecordedWrite, sleep } from '../helpers/terminal.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';
import { seededRandom } from '../helpers/seeded-random.js';

const STORM = process.env.PERPL_CHAOS === 'long' ? 2_000 : 200;

let sim: RunningSim;
let home: string;
let r: RunningApp;
let exited = false;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-resize-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 100, seed: 13, flowStepsPerSec: 30 });
  r = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 120, 40);
  void r.app.done.then(() => (exited = true));
  await r.vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 15_000);
}, 30_000);
afterAll(async () => {
  await r?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** A settled screen of the normal layout at cols x rows. */
async function normalLayoutAt(cols: number, rows: number): Promise<string[]> {
  const screen = await r.vt.waitFor((s) => {
    const v = r.app.store.getState().viewport;
    return v.cols === cols && v.rows === rows && !v.tooSmall && s.includes('● live') && s.includes('spread ') && !s.includes('terminal too small');
  }, 10_000);
  return screen.split('\n');
}

/** The settled layout of cols x rows: every pane row reaches the last column with its right border, the key hints on the row before the last. */
function isLayoutOf(screen: string[], cols: number, rows: number): boolean {
  const paneRows = screen.filter((l) => /^[┌│└]/.test(l));
  return screen.length === rows && (screen[rows - 2] ?? '').startsWith(' ? help') && paneRows.length >= rows - 4 && paneRows.every((l) => l.length === cols && /[│┐┘]$/.test(l));
}

/** The widest run of cells a write puts on a row: its text between line breaks and cursor moves (colours kept in the run). */
function widestRun(bytes: string): number {
  const text = bytes
    .replace(/\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)/g, '')
    .replace(/\u001B\[[0-9;]*m/g, '')
    .replace(/\u001B\[[0-9;?]*[ -/]*[@-~]/g, '\n')
    .replace(/\u001B[@-_]/g, '\n');
  return Math.max(0, ...text.split(/[\r\n]/).map((run) => [...run].length));
}

/** Resizes to cols x rows and records every write until the settled layout of the new size is on screen. */
async function recordResize(cols: number, rows: number): Promise<{ kept: string[]; writes: RecordedWrite[] }> {
  const recording = r.vt.recordWrites();
  r.vt.resize(cols, rows);
  // What the terminal kept of the old screen, before the app wrote anything.
  const kept = r.vt.visibleLines();
  await normalLayoutAt(cols, rows);
  await r.vt.waitFor((s) => isLayoutOf(s.split('\n'), cols, rows), 10_000);
  return { kept, writes: recording.stop() };
}

describe('terminal resizes', () => {
  it(`resize-storm: ${STORM} resizes in bursts leave the app running with the final size's layout`, async () => {
    const rand = seededRandom(7);
    let paintsDuring = 0;
    const unsub = r.app.store.subscribe(() => paintsDuring++);
    for (let i = 0; i < STORM; i++) {
      r.vt.resize(20 + Math.floor(rand() * 220), 5 + Math.floor(rand() * 60));
      // Bursts: mostly back to back, now and then a pause long enough for a paint.
      if (i % 25 === 0) await sleep(30);
    }
    unsub();
    r.vt.resize(100, 30);
    const lines = await normalLayoutAt(100, 30);
    expect(exited).toBe(false);
    expect(paintsDuring).toBeGreaterThan(0);
    // One status line, one spread line: nothing left over from a previous size.
    expect(lines.filter((l) => l.includes('● live'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('spread '))).toHaveLength(1);
    // The frame is one row short of the terminal (ARCHITECTURE.md): the last row stays empty.
    expect(lines.at(-1)).toBe('');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
  }, 60_000);

  it('too-small-then-back: below 80x24 says so (with the size), at 80x24 the layout returns', async () => {
    for (const [cols, rows] of [[79, 24], [80, 23], [40, 10], [10, 3], [1, 1]] as const) {
      r.vt.resize(cols, rows);
      await r.vt.waitFor(() => {
        const v = r.app.store.getState().viewport;
        return v.cols === cols && v.rows === rows && v.tooSmall;
      }, 5_000);
      if (cols >= 60 && rows >= 3) await r.vt.waitFor(`have ${cols}x${rows}`, 15_000);
      expect(exited).toBe(false);
    }
    r.vt.resize(80, 24);
    const lines = await normalLayoutAt(80, 24);
    expect(lines.join('\n')).not.toContain('terminal too small');
    expect(lines.filter((l) => l.includes('spread '))).toHaveLength(1);
  }, 60_000);

  it('resize-larger-repaints-every-row: after 120x40 -> 200x50 the bytes since the resize alone draw the whole screen', async () => {
    r.vt.resize(120, 40);
    await normalLayoutAt(120, 40);
    const from = r.vt.stdout.raw.length;
    r.vt.resize(200, 50);
    // The settled 200x50 screen and, at the same moment, every byte written since the resize.
    let since = '';
    const shown = await r.vt.waitFor((s) => {
      const v = r.app.store.getState().viewport;
      since = r.vt.stdout.raw.slice(from);
      // The frame of the new size written: a paint runs in turns of its own (paint-yields.ts), so the store's
      // viewport can be 200x50 while the screen still holds the last 120-column frame.
      const bordered = s.split('\n').slice(1, 48).every((l) => /[│┐┘]$/.test(l));
      return v.cols === 200 && v.rows === 50 && s.includes('● live') && s.includes('spread ') && bordered;
    }, 10_000);
    // A repaint from the top-left corner of a cleared screen...
    const repaint = since.lastIndexOf('\u001B[H\u001B[2J');
    expect(repaint, 'no repaint after the resize').toBeGreaterThanOrEqual(0);
    // ...and what followed it, on a blank terminal of the new size, is the screen the trader sees: every row.
    const blank = createVirtualTerminal(200, 50);
    try {
      await new Promise<void>((done) => blank.term.write(since.slice(repaint), done));
      expect(blank.lines()).toEqual(shown.split('\n'));
    } finally {
      blank.dispose();
    }
    // The right border of every pane row is on the last column.
    const lines = shown.split('\n');
    for (const l of lines.slice(1, 48)) expect(l.at(-1), l).toMatch(/[│┐┘]/);
  }, 60_000);

  it('resize-shows-no-blank-screen-and-no-old-layout: every write after 200x50 -> 80x24 (and back) leaves the layout of the new size', async () => {
    r.vt.resize(200, 50);
    await r.vt.waitFor((s) => isLayoutOf(s.split('\n'), 200, 50), 10_000);
    for (const [cols, rows] of [[80, 24], [200, 50]] as const) {
      const { kept, writes } = await recordResize(cols, rows);
      let before = kept;
      let changes = 0;
      for (const { bytes, screen } of writes) {
        expect(screen.join('').trim(), `${cols}x${rows}: a write left the screen blank: ${JSON.stringify(bytes.slice(0, 80))}`).not.toBe('');
        // A row laid out for the old size, cut or wrapped at the new width.
        expect(widestRun(bytes), `${cols}x${rows}: a write drew a row wider than the terminal: ${JSON.stringify(bytes.slice(0, 80))}`).toBeLessThanOrEqual(cols);
        if (screen.join('\n') !== before.join('\n')) {
          changes += 1;
          expect(isLayoutOf(screen, cols, rows), `${cols}x${rows}: a write left another layout on screen:\n${screen.join('\n')}`).toBe(true);
        }
        before = screen;
      }
      expect(changes, `${cols}x${rows}: no write drew the new size`).toBeGreaterThan(0);
    }
  }, 60_000);
});
