// While start-up waits for the exchange and its first book, the screen is rendered once off screen
// (terminal/render.ts warmScreen) so the mount at the first book runs warm. That render must reach
// neither the terminal nor its input, and must leave nothing behind that stops the real screen painting.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountScreen, warmScreen } from '../../src/terminal/render.js';
import { createTerminalStore } from '../../src/state/store.js';
import { createVirtualTerminal } from '../helpers/terminal.js';

const services = { selectMarket: () => undefined, setResolution: () => undefined, quit: () => undefined };

const cleanup: (() => void)[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const step of cleanup.splice(0)) step();
});

describe('the screen warmed off screen', () => {
  it('warm-screen-writes-nothing-to-the-terminal: the off-screen render writes no byte to stdout or stderr and reads no key', () => {
    const writes = [vi.spyOn(process.stdout, 'write'), vi.spyOn(process.stderr, 'write')];
    const stdinListeners = process.stdin.listenerCount('readable') + process.stdin.listenerCount('data');
    const store = createTerminalStore();
    warmScreen({ store, services, columns: 200, rows: 50 });
    for (const spy of writes) expect(spy).not.toHaveBeenCalled();
    expect(process.stdin.listenerCount('readable') + process.stdin.listenerCount('data')).toBe(stdinListeners);
  });

  it('warmed-screen-still-mounts-and-paints: after the off-screen render the real mount paints the screen on the terminal', async () => {
    const store = createTerminalStore();
    warmScreen({ store, services, columns: 120, rows: 40 });
    const vt = createVirtualTerminal(120, 40);
    const instance = mountScreen({ store, services, stdout: vt.stdout as unknown as NodeJS.WriteStream, stdin: vt.stdin as unknown as NodeJS.ReadStream });
    cleanup.push(() => {
      instance.unmount();
      vt.dispose();
    });
    const screen = await vt.waitFor('waiting for the book');
    expect(screen).toContain('Trades');
  });
});
