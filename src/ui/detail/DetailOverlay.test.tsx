// The detail page drawn from its view model (ui/detail/view.ts) at its size in the 80x24 and 200x50
// layouts (here `:key`, the key in use), and the view the scroll keys bound by is the one drawn.

import { afterEach, describe, expect, it } from 'vitest';
import { openDetail } from '../../state/detail-overlay.js';
import { createTerminalStore } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { DetailOverlay } from './DetailOverlay.js';
import { detailView } from './view.js';

const KEY = { source: '/home/trader/.config/perpl/keys/trading-key-with-a-long-name.json', publicKeyHex: 'ab'.repeat(32) };

function keyPageStore() {
  const store = createTerminalStore({ ...tradingKeys().store.getState(), keyInUse: KEY });
  openDetail(store, { kind: 'key' });
  return store;
}

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('DetailOverlay', () => {
  it.each([[80, 24], [200, 50]])('detail-page-shows-the-key-in-use at %ix%i', (cols, rows) => {
    const { book } = computeLayout(cols, rows);
    pane = renderPane(keyPageStore(), <DetailOverlay width={cols} height={book.height} />, cols);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ ▸ API key in use ─+┐$/);
    expect(lines[0]).toHaveLength(cols);
    expect(lines[1]).toContain('Esc closes · j/k ↑↓ PgUp/PgDn scroll');
    const text = pane.frame();
    expect(text).toContain(`key file    ${KEY.source}`);
    expect(text).toContain('scope       read + trade');
    expect(text).toContain(`public key  ${KEY.publicKeyHex}`);
    // The key rule is one line at 200 columns; at 80 it is cut at the page's width and goes on, indented, below.
    if (cols === 200) expect(text).toContain('--key-file, else $PERPL_KEY_FILE, else PERPL_API_KEY + PERPL_API_SECRET');
    else expect(text).toMatch(/--key-file, else \$PERPL_KEY_FILE, e│\n│ {4}lse PERPL_API_KEY/);
  });

  it('detail-view-is-one-build-per-change: the key bound by the lines reads the build the page drew', () => {
    const store = keyPageStore();
    const drawn = detailView(store.getState(), 78);
    // A change the page does not read (a market tick) builds nothing new.
    const ticked = createTerminalStore({ ...store.getState(), trades: [{ key: 't', timeMs: 0, price: 1, size: 1, side: 1 }] });
    expect(detailView(ticked.getState(), 78)).toBe(drawn);
    expect(detailView(store.getState(), 198)?.lines.length).toBeLessThan(drawn?.lines.length ?? 0);
  });
});
