import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransientError } from '../protocol/errors.js';
import type { Context, Market } from '../protocol/frames.js';
import { createTerminalStore } from '../state/store.js';
import { chooseMarket, handedContextFirst, loadContextWithRetry, marketListings } from './context-loader.js';

function market(id: number, symbol: string, name = `${symbol} Perp`): Market {
  return {
    ver: 1,
    id,
    instance_id: 1,
    perpetual_id: id,
    symbol,
    name,
    size_units: symbol,
    funding_interval_sec: 2580,
    funding_interval_blocks: 8571,
    order_ttl_blocks: 20,
    order_max_market_slippage_bps: 1000,
    config: {
      at: { b: 1, t: 1 },
      is_open: true,
      price_decimals: 1,
      size_decimals: 5,
      min_posting_amount: '0',
      min_settle_amount: '0',
      initial_margin: 1500,
      maintenance_margin: 2500,
      maker_fee: 45,
      taker_fee: 345,
    },
  };
}

const CONTEXT = {
  chain: { ver: 1, chain_id: 31337 },
  instances: [],
  tokens: [],
  markets: [market(16, 'BTC'), market(20, '', 'MON Perp'), market(32, 'ETH')],
} as unknown as Context;

afterEach(() => {
  vi.useRealTimers();
});

describe('context loading', () => {
  it('no-network-is-a-state: shows disconnected with a retry countdown, then succeeds', async () => {
    vi.useFakeTimers();
    const store = createTerminalStore();
    let calls = 0;
    const source = {
      context: async () => {
        calls += 1;
        if (calls < 3) throw new TransientError('connection refused');
        return CONTEXT;
      },
    };
    const loading = loadContextWithRetry(source, store, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().connection).toMatchObject({ health: 'disconnected', retryInMs: 1_000, reason: 'connection refused' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().connection.retryInMs).toBe(2_000); // backs off
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(loading).resolves.toBe(CONTEXT);
    expect(calls).toBe(3);
  });

  it('bad-handed-context-falls-back-to-rest: a handed-over context that does not decode costs one retry, which asks REST', async () => {
    vi.useFakeTimers();
    const store = createTerminalStore();
    let restCalls = 0;
    const source = handedContextFirst('{"chain": "not a context"}', {
      context: async () => {
        restCalls += 1;
        return CONTEXT;
      },
    });
    const loading = loadContextWithRetry(source, store, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(restCalls).toBe(0);
    expect(store.getState().connection.health).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(loading).resolves.toBe(CONTEXT);
    expect(restCalls).toBe(1);
  });

  it('quit-while-offline: an abort ends the retry loop with null', async () => {
    const store = createTerminalStore();
    const abort = new AbortController();
    const loading = loadContextWithRetry({ context: () => Promise.reject(new Error('down')) }, store, abort.signal);
    await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    await expect(loading).resolves.toBeNull();
  });

  it('lists every market with its decimals, naming symbol-less markets by name', () => {
    const listings = marketListings(CONTEXT);
    expect(listings.map((m) => m.symbol)).toEqual(['BTC', 'MON Perp', 'ETH']);
    expect(listings[0]).toMatchObject({ id: 16, priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: 2580 });
  });

  it('opens --market by symbol, id or -PERP suffix, and says so when it is unknown', () => {
    const listings = marketListings(CONTEXT);
    expect(chooseMarket(listings, undefined).market?.id).toBe(16);
    expect(chooseMarket(listings, 'eth').market?.id).toBe(32);
    expect(chooseMarket(listings, 'ETH-PERP').market?.id).toBe(32);
    expect(chooseMarket(listings, '32').market?.id).toBe(32);
    expect(chooseMarket(listings, 'DOGE')).toEqual({ market: listings[0], unknown: true });
  });
});
