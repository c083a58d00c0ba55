// The footer fits its hint line by length without drawing each candidate: the length it counts must be the
// drawn line's, or a line that fits is cut short (or one too long is drawn).

import { describe, expect, it } from 'vitest';
import { createKeymap } from './keymap.js';
import { tradingKeys } from './trading-keys.fixtures.js';
import { footerHints } from './footer-hints.js';

describe('footer hint line', () => {
  it('hint-line-that-fits-exactly-is-kept: a line given exactly its own length comes out whole, keys off and their reasons included', () => {
    const keymap = createKeymap(new Map(), [{ key: 'F1', text: 'buy 0.01 mkt', confirm: false }]);
    for (const keyScope of ['trade', 'read'] as const) {
      const t = tradingKeys({ keymap });
      t.store.setState({ keyScope });
      const state = t.store.getState();
      for (const pane of ['book', 'trading', 'chart'] as const) {
        const place = { mode: 'panes' as const, pane };
        for (let width = 0; width <= 300; width += 7) {
          const line = footerHints(keymap.bindings, place, width, state);
          expect(line.length, `${keyScope} ${pane} ${width}`).toBeLessThanOrEqual(width);
          expect(footerHints(keymap.bindings, place, line.length, state), `${keyScope} ${pane} at ${line.length}`).toBe(line);
        }
      }
    }
  });
});
