// A context's pane or tab body rendered with ink-testing-library inside the real providers (the store, the
// actions over recorded commands, the default keymap, the dark palette), in a box `width` x `height`.
// Returns the frame as text (colours stripped) and what the component asked of the app.

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
  /** The last frame, colours stripped, trailing spaces of each line dropped. */
  frame(): string;
  /** The frame's lines, as `frame()`. */
  lines(): string[];
  /** History pages the component asked for (loadMoreHistory). */
  pagesAsked: string[];
  unmount(): void;
}

export function renderPane(element: ReactElement, store: TerminalStore, size: { width: number; height: number }): RenderedPane {
  const pagesAsked: string[] = [];
  const commands: TerminalServices = {
    selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null, loadMoreHistory: (kind) => pagesAsked.push(kind), refreshHistory: () => {},
  };
  const instance = render(
    <StoreContext.Provider value={store}>
      <ActionsContext.Provider value={createTerminalActions(store, commands)}>
        <KeymapContext.Provider value={createKeymap()}>
          <Box flexDirection="column" width={size.width} height={size.height}>
            {element}
          </Box>
        </KeymapContext.Provider>
      </ActionsContext.Provider>
    </StoreContext.Provider>,
  );
  const lines = () => frameText(instance.lastFrame()).split('\n');
  return { frame: () => lines().join('\n'), lines, pagesAsked, unmount: instance.unmount };
}
