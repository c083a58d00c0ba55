// The bottom line drawn from its view at 80 and 200 columns, inside the real providers: the `:` line with
// what is typed and its keys, a refusal read whole (the typed text gives way from its start, the cursor end
// stays), and the toasts when no line or question is open.

import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalStore, type TerminalStore } from '../../state/store.js';
import { pushToast } from '../../state/trading-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { renderPane } from '../shell/render-pane.fixtures.js';
import { editCommandLine, openCommandLine, runCommandLine } from './flow.js';
import { TradingBar } from './TradingBar.js';

function frameOf(store: TerminalStore, cols: number): string {
  const pane = renderPane(store, <TradingBar width={cols} fallback={<Text>FOOTER</Text>} />, cols, { width: cols });
  const frame = pane.frame();
  pane.unmount();
  return frame;
}

function typed(text: string) {
  const store = createTerminalStore();
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {} };
  const actions = createTerminalActions(store, program);
  openCommandLine(store);
  editCommandLine(store, text);
  return { store, actions };
}

describe('the bottom line: the `:` line and the toasts', () => {
  it('command-line-shows-typed-text-and-its-keys: the line, its cursor and Enter / Tab / Esc after it', () => {
    const { store } = typed('buy 0.01 mkt');
    const wide = frameOf(store, 200);
    expect(wide).toMatch(/^:buy 0\.01 mkt█ {2,}Enter run/);
    expect(wide).toContain('Enter run');
    expect(wide).toContain('Tab complete');
    expect(wide).not.toContain('FOOTER');
    const narrow = frameOf(store, 80);
    expect(narrow).toBe(':buy 0.01 mkt█   Enter run  Esc close  Tab complete');
  });

  it('command-line-refusal-read-whole-at-80: the refusal of Enter is shown whole, the typed text cut from its start', () => {
    const line = 'buy 0.01 slip 30 tp 71000 sl 64000 lev 10 post';
    const { store, actions } = typed(line);
    runCommandLine(store, actions);
    const refusal = 'buy: say "@ PRICE" for a limit or "mkt" for a market order';
    expect(store.getState().tradingUi.commandError).toBe(refusal);
    // 200 columns: everything, the line then the refusal.
    expect(frameOf(store, 200)).toBe(`:${line}█  ✗ ${refusal}`);
    // 80: the refusal whole; the line keeps its cursor end behind "…".
    const narrow = frameOf(store, 80);
    expect(narrow).toBe(`:…000 lev 10 post█  ✗ ${refusal}`);
    expect(narrow.length).toBeLessThanOrEqual(80);
  });

  it('toasts-share-the-line-when-nothing-is-open: the outcome first, cut at the width; the footer otherwise', () => {
    const store = createTerminalStore();
    expect(frameOf(store, 80)).toBe('FOOTER');
    const now = Date.now();
    pushToast(store, 'bought 0.1 BTC @ 67,000, taker', 'good', now, { news: true });
    pushToast(store, 'market buy 5 BTC at market: partially filled 1.92355 of 5, 3.07645 cancelled at the 5 bps cap (rq 3)', 'good', now);
    const wide = frameOf(store, 200);
    expect(wide).toBe(' ● market buy 5 BTC at market: partially filled 1.92355 of 5, 3.07645 cancelled at the 5 bps cap (rq 3)  ● bought 0.1 BTC @ 67,000, taker');
    const narrow = frameOf(store, 80);
    expect(narrow.length).toBe(80);
    expect(narrow).toMatch(/^ ● market buy 5 BTC at market: partially filled 1\.92355 of 5, 3\.07645 cancelled/);
  });
});
