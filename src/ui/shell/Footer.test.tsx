// The key hint line drawn from the bindings in force at 80 and 200 columns: the focused pane's keys, the
// dimmed reason of a key that does nothing now, a notice on the right.

import { afterEach, describe, expect, it } from 'vitest';
import { setNotice } from '../../state/actions.js';
import { createTerminalStore } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { Footer } from './Footer.js';
import { renderPane, type RenderedPane } from './render-pane.fixtures.js';

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('Footer', () => {
  it.each([80, 200])('footer-lists-the-focused-panes-keys at %i columns', (cols) => {
    pane = renderPane(createTerminalStore({ ...tradingKeys().store.getState(), focus: 'chart' }), <Footer width={cols} />, cols);
    const line = pane.frame();
    expect(line).toMatch(/^ \? help {2}: command {2}\/ market {2}b buy {2}s sell {2}!! panic {2}Tab focus {2}/);
    expect(line).toMatch(/q quit$/);
    // The chart's own keys where the line has room, each with why it does nothing now; at 80 they give way.
    if (cols === 200) expect(line).toContain('x crosshair (off: no candles)');
    else expect(line).not.toContain('crosshair');
    expect(line.length).toBeLessThanOrEqual(cols);
  });

  it('footer-notice-takes-the-right-and-the-hints-give-way', async () => {
    const store = createTerminalStore({ ...tradingKeys().store.getState(), focus: 'chart' });
    pane = renderPane(store, <Footer width={80} />, 80);
    setNotice(store, 'market ETH selected');
    const line = await pane.frameWith('market ETH selected');
    expect(line).toMatch(/ {2}market ETH selected$/);
    // Hints give way to it; the quit key stays.
    expect(line).toMatch(/^ \? help .*q quit {2,}market ETH selected$/);
    expect(line).not.toContain('Tab focus');
  });
});
