// The too-small screen drawn from its view model (ui/too-small/view.ts): what to do, centred, and a
// confirm to answer when it fits whole.

import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalStore } from '../../state/store.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { TooSmall } from './TooSmall.js';

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('TooSmall', () => {
  it.each([[79, 24], [200, 20]])('too-small-says-the-size-and-how-to-quit at %ix%i', (cols, rows) => {
    pane = renderPane(createTerminalStore(), <TooSmall cols={cols} rows={rows} />, cols);
    const text = pane.frame();
    expect(text).toContain(`${cols}x${rows}`);
    expect(text).toContain('80x24');
    expect(text).toMatch(/q quits/);
    expect(text).toContain(`terminal too small (need 80x24, have ${cols}x${rows})`);
    for (const line of pane.lines()) expect(line.length).toBeLessThanOrEqual(cols);
  });

  it('too-small-at-40-columns-says-it-short', () => {
    pane = renderPane(createTerminalStore(), <TooSmall cols={40} rows={12} />, 40);
    expect(pane.frame()).toContain('too small: 40x12, need 80x24');
    expect(pane.frame()).not.toContain('terminal too small');
  });
});
