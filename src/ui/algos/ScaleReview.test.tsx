// A scaled order's review of 30 legs drawn in the box the dock gives the order entry at 80x24 (App.tsx's
// docking, widened over the tape as it is when the review cannot fit) and at 200x50: at 80x24 the legs
// between the first and last lines are a count, and the totals (average, notional, margin, liquidation)
// and the confirm's keys stay on screen; at 200x50 every leg is listed.

import { afterEach, describe, expect, it } from 'vitest';
import { ENTER } from '../keys/press.fixtures.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { OrderEntryPane } from '../order-entry/OrderEntryPane.js';
import { entryBox } from '../order-entry/entry-box.fixtures.js';

let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

/** `:scale` of 30 legs typed at `cols` x `rows`, its review drawn in the entry's box. */
function review30(cols: number, rows: number) {
  const t = tradingKeys({ viewport: { cols, rows } });
  t.press(':');
  t.type('scale buy 0.5 66000 65000 x30');
  t.press(ENTER);
  expect(t.store.getState().tradingUi.scale?.legs).toHaveLength(30);
  const box = entryBox(t.store, cols, rows);
  shown = renderPane(t.store, <OrderEntryPane width={box.width} height={box.height} />, box.width);
  return { lines: shown.lines(), box };
}

describe('scaled order review height', () => {
  it('scale-review-30-legs-80x24-keeps-totals-and-keys: first and last legs, the rest counted, then average, notional, margin, liquidation and y', () => {
    const { lines, box } = review30(80, 24);
    expect(lines).toHaveLength(box.height);
    const text = lines.join('\n');
    expect(text).toContain('│  1 66,000.0 × 0.01667');
    expect(text).toContain('│ … 8 more legs …');
    expect(text).toContain('30 65,000.0 × 0.01666');
    expect(text).toContain('│ avg 65,500.2 · notional 32,750.05');
    expect(text).toContain('│ margin 6,550.01 · fee 1.47');
    expect(text).toContain('│ liq 61,424.6 (all filled)');
    // The keys on the last row inside the border.
    expect(lines.at(-2)).toMatch(/^│ y place all 30 legs {3}any other key cancels +│$/);
  });

  it('scale-review-30-legs-200x50-lists-every-leg', () => {
    const { lines } = review30(200, 50);
    const text = lines.join('\n');
    for (let leg = 1; leg <= 30; leg++) expect(text).toMatch(new RegExp(`\\b${leg} 6[56],\\d{3}\\.\\d × 0\\.0166[67]`));
    expect(text).not.toContain('more legs');
    expect(text).toContain('liq 61,424.6 (all filled)');
    expect(text).toContain('y place all 30 legs');
  });
});
