import { describe, expect, it } from 'vitest';
import type { FundingEvent, MarketState } from '../protocol/frames.js';
import {
  buildMarketHeader,
  change24hPct,
  fundingAprPct,
  fundingRatePct,
  newestFunding,
  nextFundingInMs,
  openInterestNotional,
  fundingIntervalOf,
  type HeaderMarketInfo,
} from './market-header.js';

// Worked numbers from the testnet BTC context capture in wire.md 6.1.
const btc: HeaderMarketInfo = {
  id: 16,
  priceDecimals: 1,
  sizeDecimals: 5,
  fundingIntervalSec: 2580,
  fundingIntervalBlocks: 8571,
};
const state: MarketState = {
  at: { b: 68446764, t: 1791217022000 },
  orl: 851246,
  mrk: 851189,
  lst: 851444,
  mid: 851363,
  bid: 851313,
  ask: 851413,
  prv: 852740,
  dv: 3694462,
  dva: '3177216465174',
  oi: 2235692,
  tvl: '402767061598',
};
const funding: FundingEvent = {
  at: { b: 68439435, t: 1791214806000 },
  feb: 68439435,
  rate: 40,
  idx: 853385,
  ppl: 34,
  sum: 121332,
  div: 1,
};

describe('market header numbers', () => {
  it('funding rate 40 micros is 0.004 % per interval', () => {
    expect(fundingRatePct(40)).toBeCloseTo(0.004, 12);
    expect(fundingRatePct(-25)).toBeCloseTo(-0.0025, 12);
  });

  it('annualises by the interval: 0.004 % every 2580 s is ~48.893 % a year', () => {
    // 0.004 × 31,536,000 / 2580 = 48.8930...
    expect(fundingAprPct(40, 2580)).toBeCloseTo(48.893, 3);
    expect(fundingAprPct(40, 3600)).toBeCloseTo(35.04, 6);
    expect(fundingAprPct(40, 0)).toBeNull();
  });

  it('24 h change is (mark − prev) / prev', () => {
    expect(change24hPct(101, 100)).toBeCloseTo(1, 12);
    expect(change24hPct(851189, 852740)).toBeCloseTo(-0.18188, 4);
    expect(change24hPct(5, 0)).toBeNull();
  });

  it('OI notional = oi / 10^sd × mark / 10^pd', () => {
    // 22.35692 BTC × 85,118.9 = 1,903,003.5...
    expect(openInterestNotional(2235692, 851189, 5, 1)).toBeCloseTo(22.35692 * 85118.9, 6);
  });

  it('counts down to feb + interval blocks at the measured block pace', () => {
    expect(nextFundingInMs(funding, 8571, 2580, funding.feb + 8000, 300, 0)).toBe(571 * 300);
    expect(nextFundingInMs(funding, 8571, 2580, funding.feb + 8571, 300, 0)).toBe(0);
  });

  it('wraps into the next interval when the head is past an unpublished event (never negative)', () => {
    expect(nextFundingInMs(funding, 8571, 2580, funding.feb + 8571 + 71, 300, 0)).toBe(8500 * 300);
  });

  it('falls back to wall time without a head block', () => {
    const now = (funding.at.t as number) + 1_000_000;
    expect(nextFundingInMs(funding, 8571, 2580, null, 300, now)).toBe(2_580_000 - 1_000_000);
    expect(nextFundingInMs({ ...funding, at: {} }, 8571, 2580, null, 300, now)).toBeNull();
  });

  it('oi-shows-its-unit: open interest in the market\'s base units (2235692 at 5 size decimals = 22.35692 BTC), beside the notional', () => {
    const h = buildMarketHeader({ market: btc, state, funding, headBlock: 68446764, nowMs: 0, msPerBlock: 300 });
    expect(h.openInterest).toBeCloseTo(22.35692, 9);
  });

  it('funding-says-last-or-next: an event at or behind the head is the last interval\'s; one published ahead of its block is the next\'s, counted down to it', () => {
    expect(fundingIntervalOf(funding, funding.feb + 10, 0)).toBe('last');
    expect(fundingIntervalOf(funding, funding.feb, 0)).toBe('last');
    expect(fundingIntervalOf(funding, funding.feb - 2, 0)).toBe('next');
    expect(nextFundingInMs(funding, 8571, 2580, funding.feb - 2, 300, 0)).toBe(2 * 300);
    // Without a head block, its time against the clock.
    expect(fundingIntervalOf(funding, null, (funding.at.t as number) + 1)).toBe('last');
    expect(fundingIntervalOf(funding, null, (funding.at.t as number) - 700)).toBe('next');
    expect(buildMarketHeader({ market: btc, state, funding, headBlock: 68446764, nowMs: 0, msPerBlock: 300 }).fundingInterval).toBe('last');
  });

  it('builds the whole header, with nulls for what is not known yet', () => {
    const h = buildMarketHeader({ market: btc, state, funding, headBlock: 68446764, nowMs: 0, msPerBlock: 300 });
    expect(h).toMatchObject({ marketId: 16, mark: 851189, last: 851444, oracle: 851246 });
    expect(h.volume24h).toBeCloseTo(3177216.465174, 6);
    expect(h.fundingRatePct).toBeCloseTo(0.004, 12);
    // 68439435 + 8571 - 68446764 = 1242 blocks
    expect(h.nextFundingInMs).toBe(1242 * 300);

    const empty = buildMarketHeader({ market: btc, state: undefined, funding: undefined, headBlock: null, nowMs: 0, msPerBlock: 300 });
    expect(empty).toEqual({
      marketId: 16,
      mark: null,
      last: null,
      oracle: null,
      change24hPct: null,
      volume24h: null,
      openInterestNotional: null,
      openInterest: null,
      fundingRatePct: null,
      fundingInterval: null,
      fundingAprPct: null,
      nextFundingInMs: null,
    });
  });
});

describe('the funding event the header shows', () => {
  const older: FundingEvent = { ...funding, feb: funding.feb - 8571, rate: 7 };
  const newer: FundingEvent = { ...funding, feb: funding.feb + 8571, rate: 55 };

  it('funding-from-the-context-before-any-stream-event: with no mt 10 yet the context event is shown, never nothing', () => {
    expect(newestFunding(undefined, funding)).toBe(funding);
    const header = buildMarketHeader({ market: btc, state: undefined, funding: newestFunding(undefined, funding), headBlock: null, nowMs: 1791214806000, msPerBlock: 300 });
    expect(header.fundingRatePct).toBeCloseTo(0.004, 12);
  });

  it('the stream replaces the context once it reports the same or a newer event; an older one does not', () => {
    expect(newestFunding(newer, funding)).toBe(newer);
    expect(newestFunding(older, funding)).toBe(funding);
    const same = { ...funding, rate: 41 };
    expect(newestFunding(same, funding)).toBe(same);
    expect(newestFunding(newer, undefined)).toBe(newer);
    expect(newestFunding(undefined, undefined)).toBeUndefined();
  });
});
