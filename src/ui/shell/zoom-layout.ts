// `z`: one pane gets the whole body of the screen; the others get no room (and are not drawn). The account
// box stays beside the zoomed trading tabs (it is part of the trading area).
// Pure, so the zoomed sizes (and what the publisher is asked for) are tested without a terminal.

import type { PaneId } from '../../state/store.js';
import type { PaneBox, ScreenLayout } from './layout.js';

const BORDER = 2;
const NONE: PaneBox = { width: 0, height: 0 };

export function applyZoom(layout: ScreenLayout, zoomed: PaneId | null): ScreenLayout {
  if (!zoomed || layout.tooSmall) return layout;
  const body = layout.book.height + layout.trading.height;
  const full: PaneBox = { width: layout.cols, height: body };
  const top = zoomed === 'trading' ? 0 : body;
  return {
    ...layout,
    book: zoomed === 'book' ? full : { width: 0, height: top },
    chart: zoomed === 'chart' ? full : { width: 0, height: top },
    trades: zoomed === 'trades' ? full : { width: 0, height: top },
    trading: zoomed === 'trading' ? { width: layout.cols - layout.account.width, height: body } : NONE,
    account: zoomed === 'trading' && layout.account.width > 0 ? { width: layout.account.width, height: body } : NONE,
    depth: zoomed === 'book' ? Math.max(1, Math.floor((body - BORDER - 2) / 2)) : layout.depth,
    tradeRows: zoomed === 'trades' ? Math.max(1, body - BORDER - 1) : layout.tradeRows,
    candleColumns: zoomed === 'chart' ? Math.max(1, layout.cols - BORDER) : layout.candleColumns,
  };
}
