// `perpl sim --like mainnet|testnet`: the local exchange lists the markets as that network's context does
// (wire.md 6.1), while its chain id stays the local one.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../src/sim/index.js';
import { startTestSim } from './sim-setup.js';

interface ListedMarket {
  id: number;
  symbol: string;
  name: string;
  size_units: string;
  order_max_market_slippage_bps: number;
  order_max_neg_pnl_collat_bps: number;
  config: {
    price_decimals: number;
    size_decimals: number;
    funding_sum_scaling_exp: number;
    initial_margin: number;
    maintenance_margin: number;
    maker_fee: number;
    taker_fee: number;
    maker_fees: number[];
    taker_fees: number[];
    recycle_fee: string;
  };
  funding?: { div: number };
}
interface Listing {
  chain: { chain_id: number };
  markets: ListedMarket[];
}

const LIVE_MAKER_TIERS = [45, 25, 15, 0, 0, 0, 0, 0];
const LIVE_TAKER_TIERS = [345, 300, 250, 210, 175, 150, 125, 0];

async function listing(sim: RunningSim): Promise<Listing> {
  return (await (await fetch(`${sim.rest}/v1/pub/context`)).json()) as Listing;
}
const byId = (l: Listing, id: number): ListedMarket => l.markets.find((m) => m.id === id)!;

let mainnet: RunningSim;
let byDefault: RunningSim;
let testnet: RunningSim;
beforeAll(async () => {
  [mainnet, byDefault, testnet] = await Promise.all([
    startTestSim({ like: 'mainnet', flowStepsPerSec: 0 }),
    // startTestSim pins the classic listing for the older tests; `like: undefined` is what `perpl sim` runs.
    startTestSim({ like: undefined, flowStepsPerSec: 0 }),
    startTestSim({ like: 'testnet', flowStepsPerSec: 0 }),
  ]);
});
afterAll(async () => {
  await Promise.all([mainnet?.stop(), byDefault?.stop(), testnet?.stop()]);
});

describe('markets as a network lists them', () => {
  it('mainnet-listing-as-live: ids, the empty BTC and MON symbols, decimals, funding scaling, margins, fees, bounds', async () => {
    const l = await listing(mainnet);
    expect(l.markets.map((m) => m.id)).toEqual([1, 10, 20, 31, 40, 50, 60, 70, 90, 100, 110]);
    expect(byId(l, 1)).toMatchObject({ symbol: '', name: 'BTC', size_units: 'BTC' });
    expect(byId(l, 10)).toMatchObject({ symbol: '', name: 'MON', size_units: 'MON' });
    expect(byId(l, 20).symbol).toBe('ETH');
    expect(byId(l, 31).symbol).toBe('SOL');
    expect(byId(l, 1).config).toMatchObject({ price_decimals: 1, size_decimals: 5, funding_sum_scaling_exp: 0, initial_margin: 1500, maintenance_margin: 2500 });
    expect(byId(l, 10).config).toMatchObject({ price_decimals: 6, size_decimals: 0, funding_sum_scaling_exp: 2, initial_margin: 1000, maintenance_margin: 2000 });
    expect(byId(l, 20).config).toMatchObject({ size_decimals: 3, initial_margin: 1200, maintenance_margin: 2000 });
    expect(byId(l, 31).config).toMatchObject({ size_decimals: 3, funding_sum_scaling_exp: 2, initial_margin: 1200, maintenance_margin: 2000 });
    expect(byId(l, 50).config).toMatchObject({ initial_margin: 1000, maintenance_margin: 1800 });
    for (const id of [60, 70]) expect(byId(l, id).config).toMatchObject({ initial_margin: 300, maintenance_margin: 1000 });
    for (const m of l.markets) {
      expect(m.order_max_market_slippage_bps).toBe(100);
      expect(m.order_max_neg_pnl_collat_bps).toBe(300);
      expect(m.config).toMatchObject({ maker_fee: 45, taker_fee: 345, recycle_fee: '0' });
      expect(m.config.maker_fees.slice(0, 8)).toEqual(LIVE_MAKER_TIERS);
      expect(m.config.taker_fees.slice(0, 8)).toEqual(LIVE_TAKER_TIERS);
      expect(m.config.price_decimals + m.config.size_decimals).toBeLessThanOrEqual(6);
    }
    // The funding events' divider is 10^funding_sum_scaling_exp (wire.md 7.4).
    expect(byId(l, 10).funding?.div).toBe(100);
    expect(byId(l, 1).funding?.div).toBe(1);
  });

  it('mainnet-is-the-default: a local exchange started without --like lists the mainnet markets', async () => {
    const [d, m] = await Promise.all([listing(byDefault), listing(mainnet)]);
    expect(byId(d, 1)).toMatchObject({ symbol: '', name: 'BTC' });
    expect(d.markets.map((x) => [x.id, x.symbol, x.name, x.config.price_decimals, x.config.size_decimals])).toEqual(
      m.markets.map((x) => [x.id, x.symbol, x.name, x.config.price_decimals, x.config.size_decimals]),
    );
  });

  it('testnet-listing-as-live: ids 16, 32, 48, 64..., names "BTC Perp", wide slippage on the majors, mnp 1000, recycle fee', async () => {
    const l = await listing(testnet);
    expect(l.markets.map((m) => m.id)).toEqual([16, 32, 48, 64, 256, 272, 320, 336]);
    expect(byId(l, 16)).toMatchObject({ symbol: 'BTC', name: 'BTC Perp', size_units: 'BTC' });
    expect(byId(l, 16).config).toMatchObject({ price_decimals: 1, size_decimals: 5, initial_margin: 1500, maintenance_margin: 2500 });
    expect(byId(l, 64).config).toMatchObject({ initial_margin: 300, maintenance_margin: 500 });
    for (const m of l.markets) {
      expect(m.name).toBe(`${m.symbol} Perp`);
      expect(m.order_max_neg_pnl_collat_bps).toBe(1000);
      expect(m.order_max_market_slippage_bps).toBe([16, 32, 48].includes(m.id) ? 1000 : 100);
      expect(m.config.recycle_fee).toBe([16, 32, 48, 64, 256].includes(m.id) ? '100000' : '0');
    }
  });

  it('chain-id-stays-local: neither profile takes a live chain id, so nothing signed for a live network is valid here', async () => {
    for (const sim of [mainnet, testnet]) {
      const l = await listing(sim);
      expect(l.chain.chain_id).toBe(sim.chainId);
      expect([143, 10143]).not.toContain(l.chain.chain_id);
    }
  });
});
