// A pane rendered for a component test (ink-testing-library) inside the providers the app gives it (the
// store, the actions, the keymap, the dark palette), on a terminal `cols` columns wide; the frame as text.

import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { TerminalStore } from '../../state/store.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { createKeymap } from '../keys/keymap.js';
import { ActionsContext, KeymapContext, StoreContext } from './store-context.js';

const NO_COMMANDS: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null };

const ANSI = /\u001B\[[0-9;]*m/g;

export interface RenderedPane {
  /** The last frame, colours stripped, lines trimmed at the right. */
  frame(): string;
  /** The frame's lines. */
  lines(): string[];
  /** The last frame as written, escape codes and all. */
  raw(): string;
  /** The frame once it contains `text` (a store change redraws on React's next turn); throws after a second. */
  frameWith(text: string | RegExp): Promise<string>;
  unmount(): void;
}

export function renderPane(store: TerminalStore, pane: ReactElement, cols: number): RenderedPane {
  const tree = (
    <StoreContext.Provider value={store}>
      <ActionsContext.Provider value={createTerminalActions(store, NO_COMMANDS)}>
        <KeymapContext.Provider value={createKeymap()}>{pane}</KeymapContext.Provider>
      </ActionsContext.Provider>
    </StoreContext.Provider>
  );
  const app = render(tree);
  // ink-testing-library's stdout is 100 columns: Ink reads `columns` at each layout, so set it and lay out again.
  Object.defineProperty(app.stdout, 'columns', { value: cols });
  app.rerender(tree);
  const lines = (): string[] => (app.lastFrame() ?? '').replace(ANSI, '').split('\n').map((l) => l.trimEnd());
  const frame = (): string => lines().join('\n');
  const frameWith = async (text: string | RegExp): Promise<string> => {
    const has = (f: string): boolean => (typeof text === 'string' ? f.includes(text) : text.test(f));
    for (const until = Date.now() + 1000; !has(frame()); ) {
      if (Date.now() > until) throw new Error(`the frame never showed ${String(text)}:\n${frame()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return frame();
  };
  return { frame, lines, raw: () => app.lastFrame() ?? '', frameWith, unmount: app.unmount };
}
