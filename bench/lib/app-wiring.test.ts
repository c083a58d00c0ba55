import { render } from 'ink-testing-library';
import { afterEach, describe, it } from 'vitest';
import type { TerminalServices } from '../../src/domain/terminal-actions.js';
import { createTerminalStore } from '../../src/state/store.js';
import { waitFor } from '../../test/helpers/wait.js';
import { baselineScreen } from './app-wiring.js';

const F12 = '\u001B[24~';
let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

describe("the bench's baseline screen (stock Ink's render)", () => {
  it('baseline-probe-never-shows-a-live-book: it paints, and keys reach the store through stock Ink input', async () => {
    const store = createTerminalStore();
    const services: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null };
    const ink = render(baselineScreen(store, services));
    unmount = ink.unmount;
    // Without its keyboard source the App throws at mount ("InputSource missing") and nothing is painted.
    await waitFor(() => (ink.lastFrame() ?? '').trim().length > 0, 'a painted frame', 5_000);
    ink.stdin.write(F12);
    await waitFor(() => store.getState().workspace.perfOverlay, 'F12 through stock Ink input', 5_000);
  });
});
