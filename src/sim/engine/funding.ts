// Funding every `funding_interval_blocks`: a rate from the premium of mark over oracle (plus a small
// base rate), paid from longs to shorts (or back) out of position collateral, through the pool.

import { AccountEventType } from '../../protocol/enums.js';
import type { FundingEvent } from '../../protocol/frames.js';
import { publishPosition, recordEvent } from './accounts.js';
import { blockTimeMs } from './block-time.js';
import type { EngineCore } from './core.js';
import { ceilDiv, MICROS, minBig, notional } from './money.js';

/** Base rate (micros per interval) when mark equals oracle, like a positive interest component. */
const BASE_RATE_MICROS = 10;
const MAX_RATE_MICROS = 2_000;
const FUNDING_HISTORY_KEEP = 5_000;

/** `div` of the market's funding events: 10^funding_sum_scaling_exp (wire.md 7.4). */
export function fundingDivider(spec: { fundingSumScalingExp?: number }): number {
  return 10 ** (spec.fundingSumScalingExp ?? 0);
}

export function fundingRate(mark: number, oracle: number): number {
  const premium = Math.trunc(((mark - oracle) * 1_000_000) / Math.max(oracle, 1));
  const rate = Math.trunc(premium / 4) + BASE_RATE_MICROS;
  return Math.max(-MAX_RATE_MICROS, Math.min(MAX_RATE_MICROS, rate));
}

/** How far ahead of the block time the first (estimated) publication of an interval is stamped (a block time too). */
const ESTIMATE_LEAD_MS = 1000;

/**
 * Applies funding for a market when its interval has elapsed at the current block. Like the live
 * feed, each interval is published twice with the same `feb`: first with an estimated time, then
 * (next block) with the final one, so clients must upsert by `feb`.
 */
export function maybeApplyFunding(core: EngineCore, marketId: number): void {
  const market = core.market(marketId);
  if (market.pendingFunding) {
    core.out.fundingEvent(marketId, market.pendingFunding);
    market.pendingFunding = undefined;
  }
  if (market.lastFundingBlock === undefined) {
    if (core.opts.backfillFunding === true) backfillFunding(core, marketId, core.block, core.timeMs);
    else market.lastFundingBlock = core.block;
    return;
  }
  if (core.block - market.lastFundingBlock < market.spec.fundingIntervalBlocks) return;
  market.lastFundingBlock = core.block;

  const rate = fundingRate(market.mark, market.oracle);
  const div = fundingDivider(market.spec);
  // Payment per lot in price units x `div` (funding_sum_scaling_exp): a cheap market keeps its precision.
  const ppl = Math.round((market.mark * rate * div) / 1_000_000);
  market.fundingSum += ppl;
  core.beginTx();
  for (const pos of [...market.positions]) {
    const value = notional(market.mark, pos.size, market.scale);
    // Longs pay a positive rate, shorts receive it; payers round up, receivers down (the pool keeps dust).
    const longPays = rate >= 0;
    const pays = (pos.sd === 1) === longPays;
    const magnitude = BigInt(Math.abs(rate));
    const account = core.account(pos.acc);
    let delta: bigint;
    if (pays) {
      delta = -minBig(ceilDiv(value * magnitude, MICROS), pos.collateral);
    } else {
      delta = (value * magnitude) / MICROS;
    }
    if (delta === 0n) continue;
    pos.collateral += delta;
    pos.funding += delta;
    core.protocol.pool -= delta;
    recordEvent(core, account, { et: AccountEventType.Funding, a: delta, f: 0n, m: marketId, p: pos.pid });
    publishPosition(core, pos, { st: 1, sr: 0, fnd: delta, event: { s: 0, c: delta, fee: 0n } });
  }
  const event: FundingEvent = {
    at: { b: core.block, t: core.timeMs },
    feb: core.block,
    rate,
    idx: market.oracle,
    ppl,
    sum: market.fundingSum,
    div,
  };
  market.fundingHistory.push(event);
  if (market.fundingHistory.length > FUNDING_HISTORY_KEEP) market.fundingHistory.shift();
  market.pendingFunding = event;
  core.out.fundingEvent(marketId, { ...event, at: { b: core.block, t: core.timeMs + ESTIMATE_LEAD_MS } });
}

/**
 * A context read before the first block already carries the latest funding event, as the live one does
 * (wire.md 6): the history is backfilled at the head the context is read at, not at the first block.
 */
export function ensureFundingHistory(core: EngineCore, marketId: number, block: number, timeMs: number): void {
  const market = core.market(marketId);
  if (market.lastFundingBlock === undefined && core.opts.backfillFunding === true) backfillFunding(core, marketId, block, timeMs);
}

/** How much funding history a started market already has. */
const BACKFILL_FUNDING_MS = 24 * 3_600_000;

/** A stable pseudo-random integer of (market, block): the backfill must not draw from the flow's PRNG. */
function mix(marketId: number, block: number): number {
  let z = (Math.imul(marketId, 0x9e3779b1) ^ block) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Past funding intervals up to the current block: the last one a random part of an interval ago, so the
 * next live event comes after the rest of that interval. Rates wander around the base rate; nothing is
 * paid (no positions existed).
 */
function backfillFunding(core: EngineCore, marketId: number, block: number, timeMs: number): void {
  const market = core.market(marketId);
  const interval = market.spec.fundingIntervalBlocks;
  const msPerBlock = (market.spec.fundingIntervalSec * 1_000) / interval;
  const count = Math.max(1, Math.floor(BACKFILL_FUNDING_MS / (market.spec.fundingIntervalSec * 1_000)));
  const lastFeb = block - (mix(marketId, block) % interval);
  let sum = 0;
  for (let k = count - 1; k >= 0; k--) {
    const feb = lastFeb - k * interval;
    if (feb <= 0) continue;
    const rate = BASE_RATE_MICROS + (mix(marketId, feb) % 41) - 20;
    const div = fundingDivider(market.spec);
    const ppl = Math.round((market.oracle * rate * div) / 1_000_000);
    sum += ppl;
    const t = blockTimeMs(Math.round(timeMs - (block - feb) * msPerBlock));
    market.fundingHistory.push({ at: { b: feb, t }, feb, rate, idx: market.oracle, ppl, sum, div });
  }
  market.fundingSum = sum;
  market.lastFundingBlock = lastFeb;
}
