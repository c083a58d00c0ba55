// The help drawn from its view model (ui/help/view.ts) over the top row, at its size in the 80x24 and
// 200x50 layouts: the focused pane's keys, their config names, why a key does nothing now.

import { afterEach, describe, expect, it } from 'vitest';
import { setHelpQuery, openHelp } from '../../state/workspace-actions.js';
import { createTerminalStore } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { HelpOverlay } from './HelpOverlay.js';

function helpStore() {
  const store = createTerminalStore({ ...tradingKeys().store.getState(), focus: 'book' });
  openHelp(store, 'panes');
  return store;
}

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('HelpOverlay', () => {
  it.each([[80, 24], [200, 50]])('help-lists-the-focused-panes-keys at %ix%i', async (cols, rows) => {
    const { book } = computeLayout(cols, rows);
    const store = helpStore();
    setHelpQuery(store, 'group');
    pane = renderPane(store, <HelpOverlay width={cols} height={book.height} />, cols);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ ▸ Help: Book keys ─+┐$/);
    expect(lines[0]).toHaveLength(cols);
    expect(lines[1]).toContain('? group▏');
    const text = pane.frame();
    // The key, its [keys] name, what it does; the finer grouping is off at the exact levels and says so.
    expect(text).toMatch(/\+ +bookGroupUp +book: group prices coarser/);
    expect(text).toMatch(/- +bookGroupDown +book: group prices finer/);
    if (cols === 200) expect(text).toContain('(off: exact levels)');
    // At 80 columns the description is cut to the overlay: no line runs past its border.
    else expect(text).not.toContain('(off: exact levels)');
    expect(text).not.toContain('cursor down one level');
  });

  it('help-says-when-no-key-matches', async () => {
    const store = helpStore();
    pane = renderPane(store, <HelpOverlay width={80} height={13} />, 80);
    // Unfiltered, the rows run past the overlay: a marker says how many more are below.
    expect(pane.frame()).toMatch(/Tab +focusNext +focus the next pane/);
    expect(pane.frame()).toMatch(/↓ \d+ more \(j \/ PgDn\)/);
    setHelpQuery(store, 'zzzz');
    expect(await pane.frameWith('? zzzz▏')).toContain('no key matches');
  });
});
