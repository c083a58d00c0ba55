// The screen has one keyboard listener: the App subscribes once to the input source the mount hands it
// (keys/input-source.ts), and every key, F12 included, reaches the store only through that subscription
// and the one dispatcher (keys/dispatch.ts).
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalStore } from '../../state/store.js';
import { InputSourceContext, type InputSource } from '../keys/input-source.js';
import { App } from './App.js';

const F12 = '\u001B[24~';

/** An input source that keeps its listeners, so the test can count them and type through them. */
function recordingSource(): InputSource & { listeners: Set<(raw: string) => void>; raw: boolean[]; type(raw: string): void } {
  const listeners = new Set<(raw: string) => void>();
  const raw: boolean[] = [];
  return {
    listeners,
    raw,
    onInput(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setRawMode: (on) => raw.push(on),
    type: (text) => {
      for (const listener of listeners) listener(text);
    },
  };
}

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

describe('the screen reads the keyboard once', () => {
  it('a-second-keyboard-listener-on-the-screen-fails: one subscription, F12 through it toggles the perf line', async () => {
    const store = createTerminalStore();
    const commands: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null };
    const source = recordingSource();
    const app = render(
      <InputSourceContext.Provider value={source}>
        <App store={store} services={commands} />
      </InputSourceContext.Provider>,
    );
    unmount = app.unmount;
    await vi.waitFor(() => expect(source.listeners.size).toBeGreaterThan(0));
    expect(source.listeners.size).toBe(1);
    expect(source.raw).toEqual([true]);
    source.type(F12);
    expect(store.getState().workspace.perfOverlay).toBe(true);
    source.type(F12);
    expect(store.getState().workspace.perfOverlay).toBe(false);
    app.unmount();
    unmount = null;
    expect(source.listeners.size).toBe(0);
    expect(source.raw).toEqual([true, false]);
  });
});
