// A pane rendered for a component test (ink-testing-library) inside the providers the app gives it (the
// store, the actions over recorded services, the keymap, the dark palette), on a terminal `cols` columns
// wide, optionally in a box of the size the layout gives it; the frame as text and what it asked of the app.

import { Box } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { frameText } from '../../../test/helpers/ink-frame.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { TerminalStore } from '../../state/store.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { createKeymap } from '../keys/keymap.js';
import { ActionsContext, KeymapContext, StoreContext } from './store-context.js';

export interface RenderedPane {
  /** The last frame, colours stripped, lines trimmed at the right. */
  frame(): string;
  /** The frame's lines. */
  lines(): string[];
  /** The last frame as written, escape codes and all. */
  raw(): string;
  /** The frame once it contains `text` (a store change redraws on React's next turn); throws after a second. */
  frameWith(text: string | RegExp): Promise<string>;
  /** History pages the pane asked for (loadMoreHistory; 'ledger' for loadLedger). */
  pagesAsked: string[];
  unmount(): void;
}

export function renderPane(store: TerminalStore, pane: ReactElement, cols: number, box?: { width: number; height?: number }): RenderedPane {
  const pagesAsked: string[] = [];
  const services: TerminalServices = {
    selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null, loadMoreHistory: (kind) => pagesAsked.push(kind), refreshHistory: () => {}, loadLedger: () => pagesAsked.push('ledger'),
  };
  const tree = (
    <StoreContext.Provider value={store}>
      <ActionsContext.Provider value={createTerminalActions(store, services)}>
        <KeymapContext.Provider value={createKeymap()}>
          {box ? <Box flexDirection="column" width={box.width} height={box.height}>{pane}</Box> : pane}
        </KeymapContext.Provider>
      </ActionsContext.Provider>
    </StoreContext.Provider>
  );
  const app = render(tree);
  // ink-testing-library's stdout is 100 columns: Ink reads `columns` at each layout, so set it and lay out again.
  Object.defineProperty(app.stdout, 'columns', { value: cols });
  app.rerender(tree);
  const frame = (): string => frameText(app.lastFrame());
  const frameWith = async (text: string | RegExp): Promise<string> => {
    const has = (f: string): boolean => (typeof text === 'string' ? f.includes(text) : text.test(f));
    for (const until = Date.now() + 1000; !has(frame()); ) {
      if (Date.now() > until) throw new Error(`the frame never showed ${String(text)}:\n${frame()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return frame();
  };
  return { frame, lines: () => frame().split('\n'), raw: () => app.lastFrame() ?? '', frameWith, pagesAsked, unmount: app.unmount };
}
