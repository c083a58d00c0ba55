// The order entry pane drawn from its view model inside the screen's providers, in the box the dock gives it
// (shell/entry-dock.ts, widened over the tape when the review cannot fit, as shell/App.tsx does) at 200x50
// and 80x24: the form with its size and price, then the review with its preview figures.

import { describe, expect, it } from 'vitest';
import { ENTER } from '../keys/press.fixtures.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { renderPane } from '../shell/render-pane.fixtures.js';
import type { TerminalStore } from '../../state/store.js';
import { OrderEntryPane } from './OrderEntryPane.js';
import { entryBox } from './entry-box.fixtures.js';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The pane's frame: its lines without colour codes. */
function drawn(store: TerminalStore, box: { width: number; height: number }) {
  const pane = renderPane(store, <OrderEntryPane width={box.width} height={box.height} />, box.width);
  return { lines: pane.lines, text: pane.frame, unmount: pane.unmount };
}

/** A 0.01 BTC limit buy at the best bid (66,995) typed into the form. */
function typedForm(cols: number, rows: number) {
  const t = tradingKeys({ viewport: { cols, rows } });
  t.press('b');
  t.type('0.01');
  return t;
}

describe('order entry pane', () => {
  it('form-and-review-at-200-columns: the docked column shows the size in both units, the price, and in review the preview figures', async () => {
    const t = typedForm(200, 50);
    const box = entryBox(t.store, 200, 50);
    expect(box.width).toBe(48);
    const pane = drawn(t.store, box);
    expect(pane.lines()[0]).toMatch(/^┌─ ▸ Order entry BTC +─+┐$/);
    expect(pane.text()).toContain('│▸size        0.01 BTC = 669.95 USD');
    expect(pane.text()).toContain('│ price       66995 ');
    expect(pane.text()).toContain('│ leverage    5x [###-------] max 15x');
    expect(pane.text()).toContain('Enter review');
    // No preview while the form is edited.
    expect(pane.text()).not.toContain('est 66,995');

    t.press(ENTER);
    await settle();
    expect(pane.lines()[0]).toContain('Order entry BTC — review');
    expect(pane.text()).toContain('│ est 66,995 liq 69,109.2 (3.1%) margin 133.99 │');
    expect(pane.text()).toContain('│ fee 0.03 slip -0.7bps');
    expect(pane.text()).toContain('y/Enter send   Esc edit');
    expect(pane.lines().every((l) => [...l].length === 48)).toBe(true);
    pane.unmount();
  });

  it('form-and-review-at-80-columns: the form widens over the tape to be read whole; the review keeps the chart\'s 26 columns, its figures wrapped, optional fields and long title words cut', async () => {
    const t = typedForm(80, 24);
    const form = entryBox(t.store, 80, 24);
    // The form's lines would not fit the chart's 26 columns in 18 rows: it takes the tape's columns too.
    expect(form).toEqual({ width: 52, height: 20 });
    const pane = drawn(t.store, form);
    expect(pane.lines().every((l) => [...l].length === 52)).toBe(true);
    expect(pane.text()).toContain('│▸size        0.01 BTC = 669.95 USD ');
    expect(pane.text()).toContain('│ price       66995 ');
    expect(pane.text()).toContain('│ expiry      default: the exchange\'s most, 20 ');
    pane.unmount();

    t.press(ENTER);
    const review = entryBox(t.store, 80, 24);
    expect(review).toEqual({ width: 26, height: 20 });
    const shown = drawn(t.store, review);
    const lines = shown.lines();
    expect(lines.every((l) => [...l].length === 26)).toBe(true);
    expect(lines).toHaveLength(20);
    // "Order entry" shortened so "— review" stays in the border.
    expect(lines[0]).toMatch(/^┌─ ▸ Order BTC — review ─┐$/);
    expect(lines).toContain('│ est 66,995             │');
    expect(lines).toContain('│ liq 69,109.2 (3.1%)    │');
    expect(lines).toContain('│ margin 133.99 fee 0.03 │');
    expect(lines).toContain('│ slip -0.7bps           │');
    expect(shown.text()).toContain('y/Enter send');
    // The review does without its optional fields at this height; the order's own stay.
    expect(shown.text()).not.toContain('expiry');
    expect(shown.text()).toMatch(/│ size {8}0\.01 BTC = │\n│ {3}669\.95 USD +│/);
    shown.unmount();
  });
});
