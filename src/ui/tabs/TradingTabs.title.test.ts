import { describe, expect, it } from 'vitest';
import { INITIAL_TRADING_TABS } from '../../state/trading-tabs.js';
import { tabsTitle } from './view.js';

describe('the trading tabs title', () => {
  it('open-orders-count-in-the-tab-title: Open orders says how many there are, from any tab; none says no count', () => {
    expect(tabsTitle(INITIAL_TRADING_TABS, 3)).toBe('[Positions] | Open orders (3) | Fills | Trades | History | Journal');
    expect(tabsTitle({ ...INITIAL_TRADING_TABS, tab: 'orders' }, 12)).toBe('Positions | [Open orders (12)] | Fills | Trades | History | Journal');
    expect(tabsTitle({ ...INITIAL_TRADING_TABS, tab: 'orders' }, 0)).toBe('Positions | [Open orders] | Fills | Trades | History | Journal');
  });
});
