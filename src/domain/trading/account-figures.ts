// What a position and the whole account are worth at the marks of domain/marks.ts. Money in exact bigint
// atoms; ratios as integer hundredths / basis points (display only). The definitions, in one place:
//   uPnL               = side x (mark - entry) x size                      (per position, atoms)
//   effective leverage = size x price / (collateral + uPnL at that price)  price = the mark, or the entry
//                        while no mark is known (uPnL 0 then); the order's leverage `lv` is not it
//   margin used        = sum of position collateral `c` (isolated margin; what resting orders lock is `lb`)
//   equity             = balance `b` + margin used + sum of uPnL           (wire.md 8.2: not a field)
//   available          = b - lb
//   account leverage   = sum of size x mark / equity
//   maintenance        = sum of notional(entry, size) x 100 / maintenance_margin (the liquidation price's MMR)
//   margin ratio       = maintenance / equity (each position is isolated: the nearest liquidation distance
//                        is the figure that says how close a liquidation is)
// A stale mark still values the figures (flagged 'stale', shown as such); one unknown mark makes every
// figure that needs it unknown: never a partial sum shown as the whole.

import { PositionSide } from '../../protocol/enums.js';
import type { Account, Market, Position } from '../../protocol/frames.js';
import { marketLabel } from '../market-label.js';
import { lastKnownPrice, type MarkReading, type MarkState } from '../marks.js';
import { notionalAtoms, type Scales } from './notional.js';
import { liquidationPrice, maintenanceMarginAtoms, positionMathOf, unrealizedPnl, type PositionMath } from './risk.js';

export function scalesOf(market: Market): Scales {
  return { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
}

/** Effective leverage in hundredths: size x price / (collateral + uPnL at price); null when that is <= 0. */
export function effectiveLeverageHundredths(pos: PositionMath, price: bigint, scales: Scales): bigint | null {
  const equity = pos.collateral + unrealizedPnl(pos, price, scales);
  if (equity <= 0n) return null;
  return (notionalAtoms(price, pos.size, scales) * 100n) / equity;
}

/** One position valued at its market's mark. */
export interface PositionValue {
  /** The mark used (live or stale), null when unknown. */
  mark: number | null;
  markState: MarkState;
  /** Why the mark is not live, null when it is. */
  markNote: string | null;
  upnl: bigint | null;
  liquidation: bigint | null;
  /** Distance from the mark to liquidation in percent of the mark (display). */
  liquidationDistancePct: number | null;
  effectiveLeverage: bigint | null;
  /** What the effective leverage is priced at. */
  leverageBasis: 'mark' | 'entry';
}

export function valuePosition(p: Position, market: Market | undefined, reading: MarkReading): PositionValue {
  const math = positionMathOf(p);
  const mark = lastKnownPrice(reading);
  const scales = market ? scalesOf(market) : null;
  const upnl = scales && mark !== null ? unrealizedPnl(math, BigInt(mark), scales) : null;
  const liq = market && scales ? liquidationPrice(math, market.config.maintenance_margin, scales) : null;
  const distance =
    liq !== null && mark !== null && mark > 0 ? ((p.sd === PositionSide.Short ? Number(liq) - mark : mark - Number(liq)) / mark) * 100 : null;
  return {
    mark,
    markState: reading.state,
    markNote: reading.state === 'live' ? null : reading.reason,
    upnl,
    liquidation: liq,
    liquidationDistancePct: distance,
    effectiveLeverage: scales ? effectiveLeverageHundredths(math, mark !== null ? BigInt(mark) : math.entry, scales) : null,
    leverageBasis: mark !== null ? 'mark' : 'entry',
  };
}

export interface AccountFigures {
  balance: bigint;
  locked: bigint;
  available: bigint;
  marginUsed: bigint;
  /** Null while a mark of an open position is unknown (as is everything below that needs it). */
  upnl: bigint | null;
  equity: bigint | null;
  notional: bigint | null;
  maintenance: bigint;
  leverageHundredths: bigint | null;
  marginRatioBps: bigint | null;
  /** The open position closest to liquidation (percent of its mark). */
  nearestLiquidation: { marketId: number; distancePct: number } | null;
  /** 'live' when every open position's mark is live (or none is open). */
  valuation: MarkState;
  /** Why the valuation is not live: the first market whose mark is not, with the reason. */
  valuationNote: string | null;
}

const WORSE: Record<MarkState, number> = { live: 0, stale: 1, unknown: 2 };

export function accountFigures(
  account: Account,
  positions: Iterable<Position>,
  markets: readonly Market[],
  markOf: (marketId: number) => MarkReading,
): AccountFigures {
  const balance = BigInt(account.b);
  const locked = BigInt(account.lb);
  let marginUsed = 0n;
  let upnl: bigint | null = 0n;
  let notional: bigint | null = 0n;
  let maintenance = 0n;
  let valuation: MarkState = 'live';
  let valuationNote: string | null = null;
  let nearest: AccountFigures['nearestLiquidation'] = null;
  for (const p of positions) {
    const market = markets.find((m) => m.id === p.mkt);
    const v = valuePosition(p, market, markOf(p.mkt));
    const math = positionMathOf(p);
    marginUsed += math.collateral;
    if (market) maintenance += maintenanceMarginAtoms(math, market.config.maintenance_margin, scalesOf(market));
    const state: MarkState = market ? v.markState : 'unknown';
    if (WORSE[state] > WORSE[valuation]) valuation = state;
    if (state !== 'live' && valuationNote === null) {
      const name = market ? marketLabel(market) : `market ${p.mkt}`;
      valuationNote = market ? `${name} mark ${state}: ${v.markNote ?? ''}` : `${name} is not in the context`;
    }
    if (market && v.upnl !== null && v.mark !== null && upnl !== null && notional !== null) {
      upnl += v.upnl;
      notional += notionalAtoms(v.mark, math.size, scalesOf(market));
    } else {
      upnl = null;
      notional = null;
    }
    if (v.liquidationDistancePct !== null && (nearest === null || v.liquidationDistancePct < nearest.distancePct)) {
      nearest = { marketId: p.mkt, distancePct: v.liquidationDistancePct };
    }
  }
  const equity = upnl === null ? null : balance + marginUsed + upnl;
  const positive = equity !== null && equity > 0n ? equity : null;
  return {
    balance,
    locked,
    available: balance - locked,
    marginUsed,
    upnl,
    equity,
    notional,
    maintenance,
    leverageHundredths: positive !== null && notional !== null ? (notional * 100n) / positive : null,
    // Rounded to the nearest bps (half up), not truncated: 234.88 bps reads 2.35 %, not 2.34 %.
    marginRatioBps: positive !== null ? (maintenance * 20_000n + positive) / (2n * positive) : null,
    nearestLiquidation: nearest,
    valuation,
    valuationNote,
  };
}
