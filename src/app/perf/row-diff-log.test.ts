// Guards the row-diff frame writer (our fix of Ink 6.8's incremental row offset) on an emulated
// terminal: after every frame the screen must show exactly that frame, wherever rows changed.

import { Box, Text, render } from 'ink';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createVirtualTerminal, eventually, sleep, type VirtualTerminal } from '../../../test/helpers/terminal.js';
import { createRowDiffLog, installRowDiffLog } from './row-diff-log.js';

function settle(vt: VirtualTerminal): Promise<void> {
  return eventually(() => vt.stdout.settled, 2000, 'terminal settled');
}

/** A frame of `height` rows ending in a newline, as Ink hands it over for a frame shorter than the screen. */
function frame(rows: string[]): string {
  return `${rows.join('\n')}\n`;
}

function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('row-diff frame writer', () => {
  it('frame-shorter-than-terminal-lands-on-its-rows: random row changes never shift the frame down', async () => {
    const vt = createVirtualTerminal(40, 12);
    const log = createRowDiffLog(vt.stdout);
    const rnd = lcg(7);
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
    expect(await installRowDiffLog(vt.stdout)).toBe(true);
    for (let v = 1; v <= 15; v++) {
      setValue(v);
      await sleep(5);
      await settle(vt);
      const lines = vt.lines();
      for (let i = 0; i < 13; i++) expect(lines[i]).toBe(i % 3 === 0 ? `line ${i} value ${v * i}` : `static ${i}`);
      expect(lines[13]).toBe('');
    }
    instance.unmount();
    vt.dispose();
  });
});
