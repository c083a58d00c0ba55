// Issue 28 item 8: a cancel of every order (`C` in the market, `A`, `:cancel all`) removed the position's TP/SL
// without a word; its confirm now names them.

import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { runCommandLine } from '../command-line/flow.js';
import { LONG, setupEntry } from '../order-entry/protection.fixtures.js';
import { askCancel } from '../open-orders/flow.js';

const trigger = (orderId: number, price: number, tpc: number): OrderRowView => ({
  orderId, requestId: orderId, marketId: 16, type: 3, status: 8, price: 0, originalSize: 1_000, filledSize: 0, flags: 4,
  leverage: 0, triggerPrice: price, triggerCondition: tpc, linkedPositionId: LONG.positionId, lastBlock: null, blocksLeft: null,
});

describe('a cancel of every order names the TP/SL it removes', () => {
  it('cancel-all-names-the-tpsl: C in the market, :cancel all and A say which stop and take-profit go', () => {
    const { store, actions } = setupEntry({}, [LONG], [trigger(9, 660_000, 4), trigger(11, 700_000, 3)]);
    store.setState({ tradingUi: { ...store.getState().tradingUi, entry: null } });
    askCancel(store, 'market');
    expect(store.getState().tradingUi.confirm?.text).toBe('cancel every order in BTC, including SL 66,000 and TP 70,000 of the BTC long?');
    store.setState({ tradingUi: { ...store.getState().tradingUi, confirm: null, commandLine: 'cancel all' } });
    runCommandLine(store, actions);
    expect(store.getState().tradingUi.confirm?.text).toBe('cancel all 2 open orders, including SL 66,000 and TP 70,000 of the BTC long?');
    // `A`: every market.
    store.setState({ tradingUi: { ...store.getState().tradingUi, confirm: null } });
    askCancel(store, 'all');
    expect(store.getState().tradingUi.confirm?.text).toBe('cancel every open order in every market, including SL 66,000 and TP 70,000 of the BTC long?');
  });
});
