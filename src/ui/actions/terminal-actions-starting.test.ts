// Trading starts after the first frame: an order typed before it signs in is told so, not "no API key".

import { describe, expect, it } from 'vitest';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { createTerminalStore } from '../../state/store.js';
import { tradingStarting } from '../../state/trading-actions.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { createTerminalActions } from './terminal-actions.js';

const market = btcTestMarket();
const order = { mkt: market.id, side: 'buy', type: 'limit', size: '0.001', price: '66500', tif: 'ioc' } as unknown as Parameters<ReturnType<typeof createTerminalActions>['place']>[0];

function setup() {
  const store = createTerminalStore({ keyScope: 'trade', trading: { ...EMPTY_TRADING, markets: [market] } });
  const services: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => null, algos: () => null };
  return { store, actions: createTerminalActions(store, services) };
}

describe('an order before the trading side is up', () => {
  it('order-typed-while-trading-starts-told-read-only: it is locked as starting, with the words to try again', async () => {
    const { store, actions } = setup();
    tradingStarting(store, true);
    const result = await actions.place(order, 'buy 0.001 BTC');
    expect(result.kind).toBe('locked');
    expect(result.kind === 'locked' && result.locks.map((l) => l.code)).toEqual(['starting']);
    expect(store.getState().notice).toContain('trading is starting');
    expect(store.getState().notice).not.toContain('no API key');
    // An algo asked for then is told the same.
    const algo = actions.pauseAlgo('twap-1');
    expect(algo.kind === 'locked' && algo.locks.map((l) => l.code)).toEqual(['starting']);
  });

  it('no-trading-side-and-none-starting-says-no-key: once the start gave up (no key found), the old words stand', async () => {
    const { store, actions } = setup();
    tradingStarting(store, true);
    tradingStarting(store, false);
    const result = await actions.place(order, 'buy 0.001 BTC');
    expect(result.kind === 'locked' && result.locks.map((l) => l.code)).toEqual(['no-key']);
    expect(store.getState().notice).toContain('read-only: no API key loaded');
  });
});
