// The trading area's container drawn from its view (ui/tabs/view.ts) where the layout puts it: at 200x50
// the tab strip over the body and a plain bottom border (the account has its box); at 80x24 the account's
// one line in the bottom border, cut to the pane, after its "as of" while trading is not live.

import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { INITIAL_CONNECTION } from '../../state/store.js';
import { selectTab } from '../../state/trading-tabs.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { TradingTabs } from './TradingTabs.js';

const RESTING: OrderRowView = {
  orderId: 41, requestId: 41, marketId: 1, type: 1, status: 2, price: 660_000, originalSize: 10_000, filledSize: 0, flags: 0, leverage: 500,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};

let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

function draw(cols: number, rows: number, opts: { down?: boolean } = {}) {
  const t = tradingKeys({ focus: 'trading', orders: [RESTING], viewport: { cols, rows } });
  const s = t.store.getState();
  t.store.setState({ trading: { ...s.trading, health: { ...INITIAL_CONNECTION, health: opts.down ? 'disconnected' : 'live', lastDataAt: null } } });
  const layout = computeLayout(cols, rows);
  const { width, height } = layout.trading;
  shown = renderPane(t.store, <TradingTabs width={width} height={height} accountLine={layout.accountLine} />, cols, { width, height });
  return { store: t.store, pane: shown, width, height, accountLine: layout.accountLine };
}

describe('the trading tabs container', () => {
  it('trading-tabs-200-columns-strip-over-the-body-and-a-plain-bottom-border', () => {
    const { pane, width, height, accountLine } = draw(200, 50);
    expect(accountLine).toBe(false);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ ▸ \[Positions\] \| Open orders \(1\) \| Fills \| Trades \| History \| Journal ─+┐$/);
    expect(lines[0]).toHaveLength(width);
    // The body is the Positions tab: its header and the long.
    expect(lines[1]).toMatch(/^│side\s+market\s+size\s+entry/);
    expect(lines[2]).toMatch(/^│▲ LONG\s+BTC\s+0\.40000\s+67,000\.0/);
    expect(lines[height - 1]).toMatch(/^└─+┘$/);
    expect(pane.frame()).not.toContain('equity');
  });

  it('trading-tabs-80-columns-account-line-in-the-bottom-border', () => {
    const { pane, width, height, accountLine } = draw(80, 24);
    expect(accountLine).toBe(true);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ ▸ \[Positions\] \| Open orders \(1\) \| Fills \| Trades \| History \| Journal ─+┐$/);
    const bottom = lines[height - 1] ?? '';
    expect(bottom).toMatch(/^└─ eq 100,000\.00  avail 100,000\.00  margin 0\.00  uPnL 0\.00  lev 0\.00x  liq — ─+┘$/);
    expect(bottom).toHaveLength(width);
    expect(bottom).not.toContain('as of');
  });

  it('trading-tabs-account-line-says-as-of-while-trading-is-down', () => {
    const { pane, height } = draw(80, 24, { down: true });
    // The marker takes the room of the figures that no longer fit (avail, margin, liq).
    expect(pane.lines()[height - 1]).toMatch(/^└─ as of never received \(trading down\) eq 100,000\.00  uPnL 0\.00  lev 0\.00x ─+┘$/);
  });

  it('trading-tabs-strip-follows-the-tab-switched-to: the memoised view rebuilds on the tabs slice', async () => {
    const { store, pane } = draw(200, 50);
    selectTab(store, 'orders');
    const frame = await pane.frameWith('[Open orders (1)]');
    expect(frame.split('\n')[0]).toMatch(/^┌─ ▸ Positions \| \[Open orders \(1\)\] \| Fills/);
    expect(frame).toMatch(/66,000\.0/);
  });
});
