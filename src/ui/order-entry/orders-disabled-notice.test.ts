// "orders disabled: ..." in the footer is true when it is written; once the lock behind it is gone it would
// say the opposite of the truth, so it lapses by itself. A notice of any other kind stays until Esc.

import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { setNotice } from '../../state/actions.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { shownNotice } from '../../state/notice.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { openEntry } from './flow.js';

const CONNECTING = { ...LIVE_SESSION_FACTS, socketOpen: false, feedHealth: 'connecting' as const };

function storeWithTrading(lockFacts: typeof LIVE_SESSION_FACTS) {
  const market = btcTestMarket();
  return createTerminalStore({
    keyScope: 'trade',
    market: { id: market.id, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    connection: { ...INITIAL_CONNECTION, health: 'live' },
    trading: { ...EMPTY_TRADING, enabled: true, lockFacts, markets: [market] },
  });
}

describe('orders-disabled notice', () => {
  it('stale-orders-disabled-notice-lapses-once-trading-is-live', () => {
    const store = storeWithTrading(CONNECTING);
    openEntry(store, 'long');
    expect(shownNotice(store.getState())).toMatch(/^orders disabled: /);
    store.setState({ trading: { ...store.getState().trading, lockFacts: LIVE_SESSION_FACTS } });
    expect(shownNotice(store.getState())).toBeNull();
  });

  it('still-shown-while-the-lock-holds', () => {
    const store = storeWithTrading(CONNECTING);
    openEntry(store, 'long');
    store.setState({ trading: { ...store.getState().trading, lockFacts: { ...CONNECTING, feedHealth: 'disconnected' as const } } });
    expect(shownNotice(store.getState())).toMatch(/^orders disabled: /);
  });

  it('other-notices-do-not-lapse', () => {
    const store = storeWithTrading(LIVE_SESSION_FACTS);
    setNotice(store, 'market ETH selected');
    expect(shownNotice(store.getState())).toBe('market ETH selected');
  });
});
