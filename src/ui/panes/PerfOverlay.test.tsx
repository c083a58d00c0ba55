// F12 toggles the perf line; it shows the meter's figures and polls them, it does not repaint per frame.

import { Box, Text, render } from 'ink';
import { describe, expect, it } from 'vitest';
import { createVirtualTerminal } from '../../../test/helpers/terminal.js';
import { PerfOverlay, formatPerfLine, usePerfOverlayToggle, type PerfOverlayFigures } from './PerfOverlay.js';

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

function Harness({ read }: { read: () => PerfOverlayFigures | null }) {
  const on = usePerfOverlayToggle();
  return <Box flexDirection="column">{on ? <PerfOverlay width={150} read={read} /> : <Text>hints</Text>}</Box>;
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

  it('f12-toggles-the-overlay: on with the figures, off again', async () => {
    const vt = createVirtualTerminal(160, 6);
    const app = render(<Harness read={() => FIGURES} />, {
      stdout: vt.stdout as unknown as NodeJS.WriteStream,
      stdin: vt.stdin as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
    });
    await vt.waitFor('hints');
    vt.press('\u001B[24~');
    await vt.waitFor('19.7 fps');
    vt.press('\u001B[24~');
    await vt.waitFor((s) => s.includes('hints') && !s.includes('fps'));
    app.unmount();
    vt.dispose();
  });
});
