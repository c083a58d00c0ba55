import { describe, expect, it } from 'vitest';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { createTerminalStore } from '../../state/store.js';
import { copyTextFor } from './copy-text.js';

const BTC = { id: 16, symbol: 'BTC', name: 'BTC', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };

describe('copy text', () => {
  it('copies the selected book level without thousands separators', () => {
    const store = createTerminalStore({
      markets: [BTC],
      market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
      book: { asks: [{ price: 670125, size: 50000, total: 50000 }], bids: [{ price: 670100, size: 12345, total: 12345 }] },
      bookCursor: { side: 'bid', level: 0 },
    } as never);
    expect(copyTextFor(store.getState())).toBe('BTC bid 67010.0 x 0.12345');
    store.setState({ bookCursor: null });
    expect(copyTextFor(store.getState())).toBeNull();
  });

  it('copies the selected open order with its id in the trading area', () => {
    const order = { orderId: 4242, requestId: 1, marketId: 16, type: 1, status: 1, price: 660000, originalSize: 100000, filledSize: 25000, flags: 0, leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null };
    const store = createTerminalStore({ markets: [BTC], focus: 'trading', trading: { ...EMPTY_TRADING, orders: [order] } });
    store.setState((s) => ({ tabs: { ...s.tabs, tab: 'orders' } }));
    expect(copyTextFor(store.getState())).toBe('BTC order 4242 0.75000 @ 66000.0');
  });
});
