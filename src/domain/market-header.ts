// The header line of one market: prices, 24 h change and volume, open interest, funding and the
// countdown to the next funding event. Display numbers only; nothing here goes back on the wire.

import type { FundingEvent, MarketState } from '../protocol/frames.js';
import type { MarketHeaderView } from './views.js';

const SECONDS_PER_YEAR = 365 * 86_400;
/** Funding rates are Micros (10^-6) per interval: 40 = 0.004 %. */
const MICROS_PER_PERCENT = 1e4;
const COLLATERAL_ATOMS = 1e6;

/** The parts of a market's context entry the header needs. */
export interface HeaderMarketInfo {
  id: number;
  priceDecimals: number;
  sizeDecimals: number;
  fundingIntervalSec: number;
  fundingIntervalBlocks: number;
}

export interface MarketHeaderInput {
  market: HeaderMarketInfo;
  state: MarketState | undefined;
  funding: FundingEvent | undefined;
  headBlock: number | null;
  nowMs: number;
  /** Measured block pace (BlockTimeEstimator). */
  msPerBlock: number;
}

/** (mark − price 24 h ago) / price 24 h ago, in percent; null without a reference price. */
export function change24hPct(mark: number, previous: number): number | null {
  return previous > 0 ? ((mark - previous) / previous) * 100 : null;
}

/** Open interest (one side, scaled size) × mark, in collateral units. */
export function openInterestNotional(oi: number, mark: number, sizeDecimals: number, priceDecimals: number): number {
  return (oi / 10 ** sizeDecimals) * (mark / 10 ** priceDecimals);
}

/** Open interest (one side, scaled size) in base units: 41230000 at 5 size decimals -> 412.3. */
export function openInterestBase(oi: number, sizeDecimals: number): number {
  return oi / 10 ** sizeDecimals;
}

/**
 * Whose funding rate the event is: one whose block (`feb`) the chain has not reached yet was published ahead
 * (the next interval's); one at or behind the head settled (the last interval's). Without a head block, its
 * time against the clock decides; null when neither is known.
 */
export function fundingIntervalOf(funding: FundingEvent, headBlock: number | null, nowMs: number): 'last' | 'next' | null {
  if (headBlock !== null) return funding.feb > headBlock ? 'next' : 'last';
  if (funding.at.t !== undefined) return funding.at.t > nowMs ? 'next' : 'last';
  return null;
}

/** Rate per interval in percent: micros / 10^4. */
export function fundingRatePct(rateMicros: number): number {
  return rateMicros / MICROS_PER_PERCENT;
}

/** Simple (not compounded) annualised rate in percent. */
export function fundingAprPct(rateMicros: number, intervalSec: number): number | null {
  if (!(intervalSec > 0)) return null;
  return fundingRatePct(rateMicros) * (SECONDS_PER_YEAR / intervalSec);
}

/**
 * Ms until the next funding event: the event after `feb` is `feb + intervalBlocks`; when the head is
 * already past it (the event is not published yet) the countdown wraps into the following interval.
 * Without a head block, falls back to the event's wall time plus the interval in seconds.
 */
export function nextFundingInMs(
  funding: FundingEvent,
  intervalBlocks: number,
  intervalSec: number,
  headBlock: number | null,
  msPerBlock: number,
  nowMs: number,
): number | null {
  if (headBlock !== null && intervalBlocks > 0) {
    // An event published ahead of its block is the next one: the countdown runs to it.
    if (funding.feb > headBlock) return (funding.feb - headBlock) * msPerBlock;
    const left = funding.feb + intervalBlocks - headBlock;
    const wrapped = left >= 0 ? left : ((left % intervalBlocks) + intervalBlocks) % intervalBlocks;
    return wrapped * msPerBlock;
  }
  if (funding.at.t !== undefined && intervalSec > 0) {
    const periodMs = intervalSec * 1000;
    const left = funding.at.t + periodMs - nowMs;
    return left >= 0 ? left : ((left % periodMs) + periodMs) % periodMs;
  }
  return null;
}

/**
 * The newer of two funding events (by `feb`; on a tie the first, the live one): the header shows the
 * context's latest event from the first frame and the stream's once it reports the same or a newer one.
 */
export function newestFunding(live: FundingEvent | undefined, context: FundingEvent | undefined): FundingEvent | undefined {
  if (!live) return context;
  if (!context) return live;
  return context.feb > live.feb ? context : live;
}

export function buildMarketHeader(input: MarketHeaderInput): MarketHeaderView {
  const { market, state, funding } = input;
  return {
    marketId: market.id,
    mark: state?.mrk ?? null,
    last: state?.lst ?? null,
    oracle: state?.orl ?? null,
    change24hPct: state ? change24hPct(state.mrk, state.prv) : null,
    volume24h: state ? Number(state.dva) / COLLATERAL_ATOMS : null,
    openInterestNotional: state
      ? openInterestNotional(state.oi, state.mrk, market.sizeDecimals, market.priceDecimals)
      : null,
    openInterest: state ? openInterestBase(state.oi, market.sizeDecimals) : null,
    fundingRatePct: funding ? fundingRatePct(funding.rate) : null,
    fundingInterval: funding ? fundingIntervalOf(funding, input.headBlock, input.nowMs) : null,
    fundingAprPct: funding ? fundingAprPct(funding.rate, market.fundingIntervalSec) : null,
    nextFundingInMs: funding
      ? nextFundingInMs(
          funding,
          market.fundingIntervalBlocks,
          market.fundingIntervalSec,
          input.headBlock,
          input.msPerBlock,
          input.nowMs,
        )
      : null,
  };
}
