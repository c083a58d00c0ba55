// A percentage size never asks for more than the exchange accepts: checked against the local exchange's
// own admission rule (src/sim/engine/trade.ts: the margin and taker fee of the order valued at its dearest
// fill price, each rounded up, plus the slack for per-fill rounding, within balance - locked) over many
// balances, prices, leverages, fee tiers, markets and order shapes.

import { describe, expect, it } from 'vitest';
import { Prng } from '../../lib/prng.js';
import { CLASSIC_MARKETS, MAINNET_MARKETS, TESTNET_MARKETS } from '../../sim/markets.js';
import { notional, notionalScale, priceWithBps } from '../../sim/engine/money.js';
import { admissionPrice, openRequirement } from '../../sim/engine/trade.js';
import { LIVE_PRICE_ALLOWANCE_BPS, maxBuyableUnits, openRequirementAtoms, percentSizingPrice, unitsOfPercent } from './entry-size.js';

const MARKETS = [...MAINNET_MARKETS, ...TESTNET_MARKETS, ...CLASSIC_MARKETS];

/** A number spread over many magnitudes: 0 .. 10^digits. */
function magnitude(rng: Prng, digits: number): number {
  return rng.int(10 ** rng.range(0, digits) + 1);
}

interface Case {
  spec: (typeof MARKETS)[number];
  available: bigint;
  leverage: number;
  takerFee: number;
  side: 'long' | 'short';
  market: boolean;
  mark: number;
  limit: number | null;
  bestBid: number | null;
  slippageBps: number;
}

function drawCase(rng: Prng): Case {
  const spec = MARKETS[rng.int(MARKETS.length)]!;
  const mark = Math.max(1, Math.round(spec.startPrice * (0.05 + rng.next() * 3)));
  const market = rng.chance(0.6);
  const side = rng.chance(0.5) ? 'long' : 'short';
  // A limit on either side of the mark (crossing or resting); the best bid about the mark, now and then above it.
  const limit = market ? null : Math.max(1, Math.round(mark * (0.9 + rng.next() * 0.2)));
  const bestBid = rng.chance(0.8) ? Math.max(1, Math.round(mark * (0.98 + rng.next() * 0.03))) : null;
  const tiers = spec.takerFeeTiers ?? [spec.takerFeeMicros];
  return {
    spec,
    available: BigInt(magnitude(rng, 12)),
    leverage: rng.range(50, spec.initialMargin),
    takerFee: tiers[rng.int(tiers.length)]!,
    side,
    market,
    mark,
    limit,
    bestBid,
    slippageBps: rng.range(1, spec.maxMarketSlippageBps),
  };
}

/** A price moved by `bps` (signed), as the market may move between the sizing and the exchange's check. */
const drifted = (price: number, bps: number): number => Math.max(1, Math.floor((price * (10_000 + bps)) / 10_000));

/**
 * What the local exchange requires to admit `units` of the case's order (trade.ts, as executeTrade computes
 * it), its mark and best bid moved by `driftBps` since the size was reckoned.
 */
function simRequirement(c: Case, units: bigint, driftBps = 0): bigint {
  const mark = drifted(c.mark, driftBps);
  const bestBid = c.bestBid === null ? null : drifted(c.bestBid, driftBps);
  const bound = c.limit ?? priceWithBps(mark, c.side === 'long' ? c.slippageBps : -c.slippageBps);
  const dearest = admissionPrice(c.side === 'long' ? 'buy' : 'sell', bound, bestBid);
  return openRequirement(notional(dearest, Number(units), notionalScale(c.spec)), c.leverage, c.takerFee);
}

const scalesOf = (c: Case) => ({ priceDecimals: c.spec.priceDecimals, sizeDecimals: c.spec.sizeDecimals });

function percentUnits(c: Case, bps: number): bigint {
  const price = percentSizingPrice({
    side: c.side, limit: c.limit === null ? null : BigInt(c.limit), trigger: null, mark: BigInt(c.mark), bestBid: c.bestBid === null ? null : BigInt(c.bestBid), slippageBps: c.slippageBps,
  });
  return unitsOfPercent(bps, { reduceOnly: false, positionSize: null, availableAtoms: c.available, leverage: c.leverage, takerFeeMicros: c.takerFee, price }, scalesOf(c));
}

describe('percent-size-within-the-exchange-admission', () => {
  it('hundred-percent-never-over-available: the local exchange requires no more than is available for 100% (and 25%) of any case, the market moved up to the allowance since', () => {
    const rng = new Prng(19);
    let sized = 0;
    for (let i = 0; i < 4_000; i++) {
      const c = drawCase(rng);
      for (const bps of [10_000, 2_500]) {
        const units = percentUnits(c, bps);
        if (units === 0n) continue;
        sized++;
        // The market as sized, or moved up to the allowance either way before the exchange checks it.
        const drift = rng.range(-LIVE_PRICE_ALLOWANCE_BPS, LIVE_PRICE_ALLOWANCE_BPS);
        for (const d of [0, drift, LIVE_PRICE_ALLOWANCE_BPS]) {
          expect(simRequirement(c, units, d) <= c.available, `case ${i} ${bps / 100}% drift ${d}: ${JSON.stringify({ ...c, spec: c.spec.name, available: String(c.available), units: String(units) })}`).toBe(true);
        }
      }
    }
    // Most cases size something: the property is not met by sizing nothing.
    expect(sized).toBeGreaterThan(4_000);
  });

  it('hundred-percent-is-the-most-the-exchange-takes: at the price it is reckoned at, one lot more would be refused', () => {
    const rng = new Prng(7);
    for (let i = 0; i < 4_000; i++) {
      const c = drawCase(rng);
      const scales = scalesOf(c);
      const price = BigInt(c.limit ?? c.mark);
      const units = maxBuyableUnits(c.available, c.leverage, c.takerFee, price, scales);
      const atPrice = (u: bigint) => openRequirement(notional(Number(price), Number(u), notionalScale(c.spec)), c.leverage, c.takerFee);
      // The domain's requirement is the exchange's, atom for atom.
      expect(openRequirementAtoms(units + 1n, price, c.leverage, c.takerFee, scales)).toBe(atPrice(units + 1n));
      if (units > 0n) expect(atPrice(units) <= c.available, `case ${i}`).toBe(true);
      expect(atPrice(units + 1n) > c.available, `case ${i}: ${units} is not the most`).toBe(true);
    }
  });

  it('a market buy is valued at its slippage bound, a sell at the dearest of its bound, the mark and the best bid; live prices 20 bps dearer', () => {
    const order = { limit: null, trigger: null, mark: 670_000n, bestBid: 669_900n, slippageBps: 100 };
    // 67,000 + 20 bps = 67,134.0, + 100 bps (rounded toward it) = 67,805.3.
    expect(percentSizingPrice({ ...order, side: 'long' })).toBe(678_053n);
    expect(percentSizingPrice({ ...order, side: 'short' })).toBe(671_340n);
    expect(percentSizingPrice({ ...order, side: 'short', bestBid: 670_500n })).toBe(671_841n);
    // A limit buy at its limit (typed: it does not move); a limit sell under the best bid fills from the bid down.
    expect(percentSizingPrice({ ...order, side: 'long', limit: 660_000n })).toBe(660_000n);
    expect(percentSizingPrice({ ...order, side: 'short', limit: 660_000n })).toBe(671_240n);
    // A stop-market from its trigger; no mark and no trigger: nothing to price it at.
    expect(percentSizingPrice({ ...order, side: 'long', trigger: 680_000n })).toBe(688_173n);
    expect(percentSizingPrice({ ...order, side: 'long', mark: null })).toBeNull();
  });
});
