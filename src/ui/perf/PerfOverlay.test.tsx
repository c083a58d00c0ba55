// F12 (through the one dispatcher) toggles the perf line; it shows the meter's figures and polls them, it
// does not repaint per frame; the meter runs only while the line is shown.

import { Box, Text, render } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVirtualTerminal } from '../../../test/helpers/terminal.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalStore } from '../../state/store.js';
import { keyPresser } from '../keys/press.fixtures.js';
import { renderPane } from '../shell/render-pane.fixtures.js';
import { StoreContext, useTerminal } from '../shell/store-context.js';
import { PerfOverlay, type PerfProbe } from './PerfOverlay.js';
import { formatPerfLine, type PerfOverlayFigures } from './view.js';

const FIGURES: PerfOverlayFigures = {
  fps: 19.7,
  paintMsP50: 12.34,
  paintMsP99: 30.1,
  tickToScreenMsP50: 61.2,
  tickToScreenMsP99: 94.8,
  bytesPerSec: 52_000,
  msgsPerSec: 4012.4,
  eventLoopMsP99: 11.6,
};

function Harness({ probe }: { probe: PerfProbe }) {
  const on = useTerminal((s) => s.workspace.perfOverlay);
  return <Box flexDirection="column">{on ? <PerfOverlay width={150} probe={probe} /> : <Text>hints</Text>}</Box>;
}

/** A probe that counts its starts and stops and has figures only while started. */
function fakeProbe(): PerfProbe & { starts: number; stops: number } {
  let running = false;
  const probe = {
    starts: 0,
    stops: 0,
    start() {
      running = true;
      probe.starts += 1;
    },
    stop() {
      running = false;
      probe.stops += 1;
    },
    read: () => (running ? FIGURES : null),
  };
  return probe;
}

describe('perf overlay', () => {
  it('perf-line-names-every-figure: fps, paint, tick-to-screen, bytes/s, messages/s, loop delay', () => {
    const line = formatPerfLine(FIGURES);
    expect(line).toContain('19.7 fps');
    expect(line).toContain('paint 12.3/30.1 ms');
    expect(line).toContain('tick→screen 61/95 ms');
    expect(line).toContain('50.8 KB/s out');
    expect(line).toContain('4,012 msg/s');
    expect(line).toContain('loop p99 11.6 ms');
  });

  it('perf-line-fits-80-columns: the compact form keeps every figure', () => {
    const line = formatPerfLine({ ...FIGURES, msgsPerSec: 12_345, bytesPerSec: 2.5 * 1024 * 1024, tickToScreenMsP99: 1234 }, 80);
    expect(line.length).toBeLessThanOrEqual(80);
    for (const part of ['19.7 fps', 'paint 12.3/30.1ms', 't→s 61/1234ms', '2.5MB/s', '12,345 msg/s', 'loop 11.6ms']) expect(line).toContain(part);
    expect(formatPerfLine(FIGURES, 200)).toBe(formatPerfLine(FIGURES));
  });

  it('f12-toggles-the-overlay: on with the figures, off again; the meter runs only while it is shown', async () => {
    const vt = createVirtualTerminal(160, 6);
    const probe = fakeProbe();
    const store = createTerminalStore();
    const commands: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null };
    const press = keyPresser(store, commands);
    const app = render(<StoreContext.Provider value={store}><Harness probe={probe} /></StoreContext.Provider>, {
      stdout: vt.stdout as unknown as NodeJS.WriteStream,
      stdin: vt.stdin as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
    });
    await vt.waitFor('hints');
    expect(probe.starts).toBe(0);
    press('\u001B[24~');
    await vt.waitFor('perf  measuring');
    await vt.waitFor('19.7 fps');
    expect(probe).toMatchObject({ starts: 1, stops: 0 });
    press('\u001B[24~');
    await vt.waitFor((s) => s.includes('hints') && !s.includes('fps'));
    expect(probe).toMatchObject({ starts: 1, stops: 1 });
    app.unmount();
    vt.dispose();
  });
});

describe('perf overlay drawn (ink-testing-library)', () => {
  afterEach(() => vi.useRealTimers());

  it.each([80, 200])('perf-line-drawn-from-the-meter at %i columns: the full line where it fits, the compact one at 80', async (cols) => {
    // Only the poll's interval is faked: the frame still settles on React's own turn.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const probe = fakeProbe();
    const pane = renderPane(createTerminalStore(), <PerfOverlay width={cols} probe={probe} />, cols);
    try {
      expect(await pane.frameWith('perf  measuring…')).toContain('(F12 hides)');
      vi.advanceTimersByTime(500);
      const line = await pane.frameWith('19.7 fps');
      expect(line).toBe(formatPerfLine(FIGURES, cols));
      if (cols === 80) expect(line).toContain('t→s 61/95ms');
      else expect(line).toContain('tick→screen 61/95 ms');
      expect(probe.starts).toBe(1);
    } finally {
      pane.unmount();
    }
    expect(probe.stops).toBe(1);
  });

  it('perf-line-without-a-meter-says-so', () => {
    const pane = renderPane(createTerminalStore(), <PerfOverlay width={80} probe={null} />, 80);
    expect(pane.frame()).toBe(' perf  no meter in this screen  (F12 hides)');
    pane.unmount();
  });
});
