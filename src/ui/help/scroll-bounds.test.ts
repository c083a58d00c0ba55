// The scroll keys of the help and the detail page stop at the last row their panes list: the bound the
// dispatcher hands them is the same build the panes draw (ui/help/view.ts, ui/detail/view.ts).

import { describe, expect, it } from 'vitest';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { openDetail } from '../../state/detail-overlay.js';
import { createTerminalStore } from '../../state/store.js';
import { openHelp } from '../../state/workspace-actions.js';
import { detailView } from '../detail/view.js';
import { createKeymap } from '../keys/keymap.js';
import { keyPresser, PGDN } from '../keys/press.fixtures.js';
import { helpView } from './view.js';

const COMMANDS: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null };
/** The fixture's page (keys/press.fixtures.ts helpPage). */
const PAGE = 10;

describe('scroll bounds from the views', () => {
  it('help-scroll-stops-at-the-last-row-the-help-lists', () => {
    const store = createTerminalStore({ focus: 'book' });
    const keymap = createKeymap();
    openHelp(store, 'panes');
    const press = keyPresser(store, COMMANDS, { keymap });
    for (let i = 0; i < 20; i++) press(PGDN);
    const rows = helpView(keymap.bindings, store.getState()).rows.length;
    expect(rows).toBeGreaterThan(PAGE);
    expect(store.getState().workspace.help.scroll).toBe(rows - PAGE);
  });

  it('detail-scroll-stops-at-the-last-line-the-page-shows', () => {
    // A page 28 cells wide (the screen's 30 less the border): the key page's lines wrap into more than a page.
    const store = createTerminalStore({ viewport: { cols: 30, rows: 24, tooSmall: false }, keyInUse: { source: 'keys/default.json', publicKeyHex: 'ab'.repeat(32) } });
    openDetail(store, { kind: 'key' });
    const press = keyPresser(store, COMMANDS);
    for (let i = 0; i < 20; i++) press('j');
    const lines = detailView(store.getState(), 28)?.lines.length ?? 0;
    expect(lines).toBeGreaterThan(PAGE);
    expect(store.getState().workspace.detail?.scroll).toBe(lines - (PAGE - 1));
  });
});
