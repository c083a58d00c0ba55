// The contract of the one port to Ink's internals (ink-port.ts): what our frame path puts in through it
// must not change what the terminal shows. The same frames of a real Ink app (styled text, colours,
// wide glyphs, clipped boxes, rows that change and rows that stay) are rendered by stock Ink and through
// the port, into a fake stdout:
//   - with our grid renderer (output-cache.ts) the app writes the very bytes stock Ink writes;
//   - with the row-diff writer as well, after every frame the screen is stock Ink's, cell by cell, from
//     fewer bytes.
// A later Ink is a change of ink-port.ts; this test says whether the change kept the contract.

import { Box, render, Text, type Instance } from 'ink';
import { createElement, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createVirtualTerminal, eventually, sleep, type VirtualTerminal } from '../../../test/helpers/terminal.js';
import { gridRendererInstalled } from './ink-port.js';
import { installOutputCache, uninstallOutputCache } from './output-cache.js';
import { installRowDiffWriter } from './row-diff-log.js';
import { seededRandom } from '../../../test/helpers/seeded-random.js';

const COLS = 48;
const ROWS = 14;
const STEPS = 24;
const COLORS = ['green', 'red', 'yellow', 'cyan', 'magenta', undefined] as const;
const WORDS = ['67,012.5', '▲ 0.125', '│', '██▒', '中文', '·—…', 'BTC', '  ', '◆'];

/** One frame of a screen shaped like ours: a header, a clipped two-column body, a footer; `rows - 1` tall. */
function Screen({ step }: { step: number }): ReactElement {
  const rnd = seededRandom(1 + step * 7);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const line = (i: number): ReactElement =>
    createElement(
      Text,
      { key: i, wrap: 'truncate', color: pick(COLORS), bold: i % 4 === 0, ...(i % 5 === 0 ? { backgroundColor: 'blue' } : {}) },
      // Half the rows stay as they were: only some change from frame to frame.
      i % 2 === 0 ? `static ${i} ${WORDS[i % WORDS.length]}` : `row ${i} ${pick(WORDS)} ${pick(WORDS)} ${step}`,
    );
  return createElement(
    Box,
    { flexDirection: 'column', width: COLS, height: ROWS - 1 },
    createElement(Text, { inverse: true }, ` header ${step % 3 === 0 ? '● live' : '◌ stale'} `),
    createElement(
      Box,
      { flexDirection: 'row', height: ROWS - 3 },
      createElement(Box, { flexDirection: 'column', width: 20, overflow: 'hidden', borderStyle: 'single' }, ...Array.from({ length: 12 }, (_, i) => line(i))),
      createElement(Box, { flexDirection: 'column', flexGrow: 1 }, ...Array.from({ length: 10 }, (_, i) => line(i + 20))),
    ),
    createElement(Text, { dimColor: true }, `b buy  s sell  step ${step} ${'x'.repeat(step % 9)}`),
  );
}

interface Run {
  vt: VirtualTerminal;
  app: Instance;
  paints(): number;
}

function mount(withWriter: boolean): Run {
  const vt = createVirtualTerminal(COLS, ROWS);
  let paints = 0;
  const app = render(createElement(Screen, { step: 0 }), {
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: 1000,
    onRender: () => void (paints += 1),
  });
  if (withWriter) expect(installRowDiffWriter(vt.stdout)).toBe(true);
  return { vt, app, paints: () => paints };
}

/** Shows frame `step` and waits until Ink painted it and the emulator parsed every byte. */
async function show(run: Run, step: number): Promise<void> {
  const before = run.paints();
  run.app.rerender(createElement(Screen, { step }));
  await eventually(() => run.paints() > before, 5_000, `frame ${step} painted`);
  await sleep(5);
  await eventually(() => run.vt.stdout.settled, 5_000, 'terminal settled');
}

/** Every cell of the screen: character, colours and attributes. */
function cells(vt: VirtualTerminal): string[] {
  const out: string[] = [];
  const buffer = vt.term.buffer.active;
  for (let y = 0; y < ROWS; y++) {
    const line = buffer.getLine(y);
    for (let x = 0; x < COLS; x++) {
      const c = line?.getCell(x);
      out.push(c ? `${y}:${x} ${c.getChars() || ' '}|${c.getFgColorMode()}:${c.getFgColor()}|${c.getBgColorMode()}:${c.getBgColor()}|${c.isBold()}${c.isInverse()}${c.isDim()}` : `${y}:${x} -`);
    }
  }
  return out;
}

/** Plays every frame; returns the bytes written and the screen after each frame. */
async function play(opts: { grid: boolean; writer: boolean }): Promise<{ bytes: string; screens: string[][] }> {
  if (opts.grid) installOutputCache();
  else uninstallOutputCache();
  const run = mount(opts.writer);
  await eventually(() => run.paints() > 0 && run.vt.stdout.settled, 5_000, 'first frame');
  const screens = [cells(run.vt)];
  for (let step = 1; step <= STEPS; step++) {
    await show(run, step);
    screens.push(cells(run.vt));
  }
  run.app.unmount();
  await eventually(() => run.vt.stdout.settled, 5_000, 'terminal settled');
  const bytes = run.vt.stdout.raw;
  run.vt.dispose();
  return { bytes, screens };
}

describe('the port to Ink internals', () => {
  afterEach(() => uninstallOutputCache());

  it('grid-through-the-port-writes-stock-bytes: an app rendered through our grid writes exactly what stock Ink writes', async () => {
    const stock = await play({ grid: false, writer: false });
    const ported = await play({ grid: true, writer: false });
    expect(gridRendererInstalled()).toBe(true);
    expect(stock.bytes.length).toBeGreaterThan(STEPS * COLS);
    expect(ported.bytes).toBe(stock.bytes);
  });

  it('row-diff-writer-through-the-port-leaves-the-stock-screen: every frame shows as stock Ink shows it, from fewer bytes', async () => {
    const stock = await play({ grid: false, writer: false });
    const ported = await play({ grid: true, writer: true });
    expect(ported.screens).toHaveLength(stock.screens.length);
    for (let step = 0; step < stock.screens.length; step++) expect(ported.screens[step], `frame ${step}`).toEqual(stock.screens[step]);
    expect(ported.bytes.length).toBeLessThan(stock.bytes.length);
  });
});
