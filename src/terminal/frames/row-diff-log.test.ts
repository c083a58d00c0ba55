// Guards the row-diff frame writer (our fix of Ink 6.8's incremental row offset) on an emulated
// terminal: after every frame the screen must show exactly that frame, wherever rows changed.

import { Box, Text, render } from 'ink';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createVirtualTerminal, eventually, type VirtualTerminal } from '../../../test/helpers/terminal.js';
import { StrictTerminal } from '../../../test/helpers/strict-terminal.js';
import { createRowDiffLog, installRowDiffWriter, RESIZE_NEWS_WAIT_MS } from './row-diff-log.js';
import { seededRandom } from '../../../test/helpers/seeded-random.js';

function settle(vt: VirtualTerminal): Promise<void> {
  return eventually(() => vt.stdout.settled, 2000, 'terminal settled');
}

/** A frame of `height` rows ending in a newline, as Ink hands it over for a frame shorter than the screen. */
function frame(rows: string[]): string {
  return `${rows.join('\n')}\n`;
}

describe('row-diff frame writer', () => {
  it('frame-shorter-than-terminal-lands-on-its-rows: random row changes never shift the frame down', async () => {
    const vt = createVirtualTerminal(40, 12);
    const log = createRowDiffLog(vt.stdout);
    const rnd = seededRandom(7);
    let rows = Array.from({ length: 11 }, (_, i) => `row ${i}`);
    for (let step = 0; step < 60; step++) {
      rows = rows.map((r, i) => (rnd() < 0.3 ? `row ${i} v${step} ${'x'.repeat(Math.floor(rnd() * 20))}` : r));
      log(frame(rows));
      await settle(vt);
      expect(vt.lines().slice(0, 11)).toEqual(rows);
      expect(vt.lines()[11]).toBe('');
    }
    vt.dispose();
  });

  it('styled-cells-match-a-full-redraw: colours, bold and wide glyph rows end up as a full rewrite draws them', async () => {
    const cols = 60;
    const diffVt = createVirtualTerminal(cols, 16);
    const fullVt = createVirtualTerminal(cols, 16);
    const log = createRowDiffLog(diffVt.stdout);
    const rnd = seededRandom(11);
    const styles = ['', '\u001B[31m', '\u001B[1;32m', '\u001B[30;41m', '\u001B[38;5;208m', '\u001B[48;2;10;20;30m', '\u001B[7m'];
    const segment = (): string => {
      const s = styles[Math.floor(rnd() * styles.length)] ?? '';
      const text = ['67,012.5', ' ', '▲ 0.125', '│', '██▒', 'x', '中', '  '][Math.floor(rnd() * 8)] ?? '';
      return s ? `${s}${text}\u001B[0m` : text;
    };
    let rows = Array.from({ length: 15 }, () => Array.from({ length: 6 }, segment).join(''));
    for (let step = 0; step < 40; step++) {
      rows = rows.map((r) => (rnd() < 0.4 ? Array.from({ length: 1 + Math.floor(rnd() * 8) }, segment).join('') : r));
      log(frame(rows));
      fullVt.stdout.write(`\u001B[H\u001B[2J${frame(rows)}`);
      await settle(diffVt);
      await settle(fullVt);
      for (let y = 0; y < 16; y++) {
        const a = diffVt.term.buffer.active.getLine(y);
        const b = fullVt.term.buffer.active.getLine(y);
        for (let x = 0; x < cols; x++) {
          const ca = a?.getCell(x);
          const cb = b?.getCell(x);
          const show = (c: typeof ca): string =>
            c ? `${c.getChars() || ' '}|${c.getFgColor()}|${c.getBgColor()}|${c.isBold()}|${c.isInverse()}|${c.getFgColorMode()}|${c.getBgColorMode()}` : '';
          expect(show(ca), `step ${step} row ${y} col ${x}`).toBe(show(cb));
        }
      }
    }
    diffVt.dispose();
    fullVt.dispose();
  });

  it('frame-grows-and-shrinks: rows a shorter frame no longer has are erased', async () => {
    const vt = createVirtualTerminal(30, 10);
    const log = createRowDiffLog(vt.stdout);
    const heights = [5, 9, 3, 9, 1, 6];
    for (const [n, h] of heights.entries()) {
      const rows = Array.from({ length: h }, (_, i) => `f${n} r${i}`);
      log(frame(rows));
      await settle(vt);
      const lines = vt.lines();
      expect(lines.slice(0, h)).toEqual(rows);
      expect(lines.slice(h).every((l) => l === '')).toBe(true);
    }
    vt.dispose();
  });

  it('unchanged-frame-writes-nothing: only changed rows are sent', () => {
    const writes: string[] = [];
    const log = createRowDiffLog({ write: (c) => writes.push(c) > 0 });
    const rows = Array.from({ length: 20 }, (_, i) => `a fairly long row number ${i} with padding`);
    log(frame(rows));
    expect(log(frame(rows))).toBe(false);
    rows[7] = 'changed';
    log(frame(rows));
    expect(writes).toHaveLength(2);
    expect(writes[1]).toContain('changed');
    expect(writes[1]).not.toContain('row number 8');
    expect(writes[1]!.length).toBeLessThan(60);
  });

  it('style-carried-across-spans: changed cells in the colour already in force send no colour code again; the frame ends reset', () => {
    const writes: string[] = [];
    const log = createRowDiffLog({ write: (c) => writes.push(c) > 0 });
    const green = (text: string): string => `\u001B[32m${text}\u001B[39m`;
    const rows = (n: number): string[] => Array.from({ length: 6 }, (_, i) => green(`14:13:0${i} 67,012.${(i + n) % 10}  0.0100${n}`));
    log(frame(rows(0)));
    log(frame(rows(1)));
    const diff = writes[1] ?? '';
    expect(diff.split('\u001B[0;32m')).toHaveLength(2);
    expect(diff.endsWith('\u001B[0m')).toBe(true);
  });

  it('installed-on-a-real-ink-app: the screen follows state changes exactly', async () => {
    const vt = createVirtualTerminal(50, 14);
    let setValue: (v: number) => void = () => undefined;
    const { useState } = await import('react');
    function Counter() {
      const [v, set] = useState(0);
      setValue = set;
      return createElement(
        Box,
        { flexDirection: 'column', height: 13, width: 50 },
        ...Array.from({ length: 13 }, (_, i) => createElement(Text, { key: i }, i % 3 === 0 ? `line ${i} value ${v * i}` : `static ${i}`)),
      );
    }
    const instance = render(createElement(Counter), {
      stdout: vt.stdout as unknown as NodeJS.WriteStream,
      stdin: vt.stdin as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
      maxFps: 1000,
    });
    expect(installRowDiffWriter(vt.stdout)).toBe(true);
    for (let v = 1; v <= 15; v++) {
      setValue(v);
      // Ink renders on its own schedule: wait for this value's first line to show, then check every row.
      await eventually(() => vt.lines()[3] === `line 3 value ${v * 3}`, 2000, `value ${v} on screen`);
      await settle(vt);
      const lines = vt.lines();
      for (let i = 0; i < 13; i++) expect(lines[i]).toBe(i % 3 === 0 ? `line ${i} value ${v * i}` : `static ${i}`);
      expect(lines[13]).toBe('');
    }
    instance.unmount();
    vt.dispose();
  });
});

describe('row-diff frame writer on a strict terminal (xterm, tmux)', () => {
  it('full-width-new-row-keeps-its-last-cell: a row as wide as the terminal, new in this frame, keeps its right border', () => {
    const term = new StrictTerminal(12, 4);
    const log = createRowDiffLog(term);
    log(frame(['┌──────────┐']));
    log(frame(['┌──────────┐', '│ one more │', '└──────────┘']));
    expect(term.lines()).toEqual(['┌──────────┐', '│ one more │', '└──────────┘', '']);
  });

  it('resize-repaints-every-row: after the terminal changes size, rows equal to the last frame are drawn again too', () => {
    const term = new StrictTerminal(20, 5);
    const log = createRowDiffLog(term);
    log(frame(['status', 'book 1', 'book 2', 'footer']));
    // The window grows: what the screen shows now is the terminal's business (here: nothing).
    term.resize(30, 6);
    log(frame(['status', 'book 1', 'book 2', 'book 3', 'footer']));
    expect(term.lines()).toEqual(['status', 'book 1', 'book 2', 'book 3', 'footer', '']);
    // And from then on only what changes is written again.
    let written = '';
    const counting = { columns: 30, rows: 6, write: (s: string) => ((written += s), term.write(s)) };
    const next = createRowDiffLog(counting);
    next.sync(frame(['status', 'book 1', 'book 2', 'book 3', 'footer']));
    next(frame(['status', 'book 1', 'book 9', 'book 3', 'footer']));
    expect(term.lines()[2]).toBe('book 9');
    expect(written).not.toContain('status');
  });

  it('stale-layout-frame-repainted-next-time: a frame wider than the terminal (laid out before the resize) does not count as on screen', () => {
    const term = new StrictTerminal(20, 5);
    const log = createRowDiffLog(term);
    log(frame(['a'.repeat(20), 'b'.repeat(20)]));
    term.resize(10, 5);
    // Ink paints once more with the old layout before the app lays out for the new size.
    log(frame([`${'a'.repeat(19)}|`, `${'b'.repeat(19)}|`]));
    log(frame([`${'a'.repeat(9)}|`, `${'b'.repeat(9)}|`]));
    expect(term.lines()).toEqual([`${'a'.repeat(9)}|`, `${'b'.repeat(9)}|`, '', '', '']);
  });

  it('frame-after-an-unheard-resize-is-not-written: while the terminal has a size the app has not heard of, frames wait (at most RESIZE_NEWS_WAIT_MS)', async () => {
    const vt = createVirtualTerminal(40, 12);
    let ttySize: [number, number] = [40, 12];
    let nowMs = 0;
    const log = createRowDiffLog(vt.stdout, { sizeNow: () => ttySize, now: () => nowMs });
    log(frame(['first']));
    await settle(vt);
    // The terminal shrank; its SIGWINCH is not handled yet: the stream still says 40x12.
    ttySize = [30, 10];
    const before = vt.stdout.raw.length;
    log(frame(['second, laid out for 40 columns']));
    nowMs += RESIZE_NEWS_WAIT_MS - 1;
    log(frame(['third, laid out for 40 columns']));
    expect(vt.stdout.raw.length).toBe(before);
    // No news ever: painted anyway.
    nowMs += 1;
    log(frame(['fourth']));
    await settle(vt);
    expect(vt.lines()[0]).toBe('fourth');
    // Heard (the stream has the size): written at once.
    vt.resize(30, 10);
    log(frame(['fifth']));
    await settle(vt);
    expect(vt.lines()[0]).toBe('fifth');
    vt.dispose();
  });
});
