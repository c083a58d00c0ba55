// The stages of a paint as paint-yields.ts orders them: a commit's draw in a later turn (a key that arrived
// during the commit is read first), the drawn frame's write in the draw's own turn (no loop iteration of
// timers and socket reads between a drawn frame and the terminal).

import { render, Text, type Instance } from 'ink';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createVirtualTerminal, type VirtualTerminal } from '../../../test/helpers/terminal.js';
import { eventually } from '../../../test/helpers/wait.js';
import { installPaintYields } from './paint-yields.js';

interface Mounted {
  vt: VirtualTerminal;
  app: Instance;
  /** Each draw, as Ink reports it (before it hands the frame to its write). */
  onDraw: { call: () => void };
  writes(): number;
}

let mounted: Mounted | null = null;

/** Past Ink's frame throttle (1 ms at maxFps 1000): the next commit draws at once, not on the throttle's trailing edge. */
const pastThrottle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  mounted?.app.unmount();
  mounted = null;
});

function mount(): Mounted {
  const vt = createVirtualTerminal(40, 6);
  let writes = 0;
  const write = vt.stdout.write.bind(vt.stdout);
  vt.stdout.write = ((...args: unknown[]) => {
    writes += 1;
    return (write as (...a: unknown[]) => boolean)(...args);
  }) as typeof vt.stdout.write;
  const onDraw = { call: () => undefined as void };
  const app = render(createElement(Text, null, 'frame 0'), {
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: 1000,
    onRender: () => onDraw.call(),
  });
  expect(installPaintYields(vt.stdout)).toBe(true);
  mounted = { vt, app, onDraw, writes: () => writes };
  return mounted;
}

describe('paint yields', () => {
  it('draw-waits-a-turn-after-its-commit: nothing is written in the turn React commits a change', async () => {
    const m = mount();
    await eventually(() => m.writes() > 0, 5_000, 'the first frame');
    await pastThrottle();
    const before = m.writes();
    let committed = false;
    m.onDraw.call = () => void (committed = true);
    m.app.rerender(createElement(Text, null, 'frame 1'));
    // React commits in a microtask of this turn (a store write's re-render does too).
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(committed).toBe(false);
    expect(m.writes()).toBe(before);
    await eventually(() => m.writes() > before, 5_000, 'frame 1 written');
    expect(m.vt.screenText()).toContain('frame 1');
  });

  it('frame-written-in-its-draw-turn: a drawn frame reaches the terminal before the event loop turns again', async () => {
    const m = mount();
    await eventually(() => m.writes() > 0, 5_000, 'the first frame');
    await pastThrottle();
    // At the draw, a check queued for the next turn: by then the frame must be written.
    const checks: boolean[] = [];
    m.onDraw.call = () => {
      const writesAtDraw = m.writes();
      setImmediate(() => checks.push(m.writes() > writesAtDraw));
    };
    for (let step = 1; step <= 3; step++) {
      m.app.rerender(createElement(Text, null, `frame ${step}`));
      await eventually(() => checks.length === step, 5_000, `frame ${step} drawn`);
      await pastThrottle();
    }
    expect(checks).toEqual([true, true, true]);
    expect(m.vt.screenText()).toContain('frame 3');
  });
});
