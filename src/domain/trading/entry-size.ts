// The size of a new order as typed: base units ("0.5"), quote currency ("$500") or a percentage of what is
// available ("25%"). Each becomes whole size units (the lot is one unit of size_decimals) with exact integer
// math, rounded DOWN, so an order never takes more than asked. What "available" means:
// - reduce-only: the position the order reduces (25% of a 0.4 long sells 0.1);
// - otherwise: the largest size the account's available balance pays for at the chosen leverage, margin
//   plus the taker fee, as the exchange's admission prices it (percentSizingPrice): each rounded up, plus its
//   allowance for per-fill rounding, at the dearest price the order may fill at (a market order's slippage
//   bound, not the mark; live prices with a small allowance for the market moving before the order
//   arrives), so 100% is never refused for a few atoms, for the slippage cap or for a tick of the mark.

import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { parseTypedScaled } from '../../protocol/scaling.js';
import { WHOLE_POSITION_BPS, parseClosePercent } from './close-share.js';
import { divCeil, divFloor, notionalAtoms, type Scales } from './notional.js';
import { pow10 } from '../../lib/bigint-math.js';
import { slippageLimitPrice } from './fill-estimate.js';

export type SizeUnit = 'base' | 'quote' | 'percent';

export interface TypedSize {
  unit: SizeUnit;
  /** The number without its "$" or "%". */
  number: string;
}

/** "$500" is quote, "25%" a percentage, anything else base units (or `fallback`, the form's unit toggle). */
export function typedSize(text: string, fallback: 'base' | 'quote' = 'base'): TypedSize {
  const t = text.trim();
  if (t.startsWith('$')) return { unit: 'quote', number: t.slice(1).trim() };
  if (t.endsWith('%')) return { unit: 'percent', number: t.slice(0, -1).trim() };
  return { unit: fallback, number: t };
}

/** Whole size units `atoms` of collateral buy at `price` (ticks): atoms x 10^(pd+sd) / (price x 10^6), floored. */
export function unitsOfQuote(atoms: bigint, price: bigint, scales: Scales): bigint {
  if (price <= 0n) throw new Error('no price to convert the quote amount');
  return divFloor(atoms * pow10(scales.priceDecimals + scales.sizeDecimals), price * pow10(COLLATERAL_DECIMALS));
}

export interface PercentBasis {
  /** Reduce-only: the size of the position it reduces (0 or null = nothing to reduce). */
  reduceOnly: boolean;
  positionSize: bigint | null;
  /** Otherwise: the available balance (atoms), the leverage (hundredths), the taker fee (micros) and the price (ticks). */
  availableAtoms: bigint | null;
  leverage: number | null;
  takerFeeMicros: number;
  price: bigint | null;
}

/**
 * Atoms the exchange keeps aside, beyond the margin and fee of the whole order, for rounding each fill's
 * margin and fee up (the local exchange's admission, src/sim/engine/trade.ts, adds the same).
 */
export const FILL_ROUNDING_ALLOWANCE_ATOMS = 16n;

/**
 * What the exchange requires of the available balance to open `units` at `price` (ticks) at `leverage`
 * (hundredths): the margin (notional x 100 / leverage) and the taker fee (notional x fee / 1e6, a rebate
 * counts as 0), each rounded up, plus the per-fill rounding allowance.
 */
export function openRequirementAtoms(units: bigint, price: bigint, leverage: number, takerFeeMicros: number, scales: Scales): bigint {
  const notional = notionalAtoms(price, units, scales);
  const margin = divCeil(notional * 100n, BigInt(leverage));
  const fee = takerFeeMicros > 0 ? divCeil(notional * BigInt(takerFeeMicros), 1_000_000n) : 0n;
  return margin + fee + FILL_ROUNDING_ALLOWANCE_ATOMS;
}

/**
 * The largest size whose opening requirement (openRequirementAtoms) fits `available`. Without rounding,
 * notional <= available x lev x 1e6 / (1e8 + fee x lev) bounds it from above; the rounding and the
 * allowance can only lower it, so it is searched for below that bound (the requirement grows with size).
 */
export function maxBuyableUnits(availableAtoms: bigint, leverage: number, takerFeeMicros: number, price: bigint, scales: Scales): bigint {
  if (availableAtoms <= 0n || leverage <= 0 || price <= 0n) return 0n;
  const fee = BigInt(Math.max(0, takerFeeMicros));
  const lev = BigInt(leverage);
  const num = availableAtoms * lev * 1_000_000n * pow10(scales.priceDecimals + scales.sizeDecimals);
  const den = (100n * 1_000_000n + fee * lev) * price * pow10(COLLATERAL_DECIMALS);
  const fits = (units: bigint): boolean => openRequirementAtoms(units, price, leverage, takerFeeMicros, scales) <= availableAtoms;
  let hi = divFloor(num, den);
  if (fits(hi)) return hi;
  let lo = 0n;
  if (!fits(lo)) return 0n;
  // Invariant: fits(lo), !fits(hi).
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** What a new order is, for the price its percentage size is reckoned at. */
export interface SizingOrder {
  side: 'long' | 'short';
  /** Limit price (ticks); null for a market or stop-market order. */
  limit: bigint | null;
  /** Trigger price of a stop (ticks), else null. */
  trigger: bigint | null;
  /** The mark (ticks), null when unknown. */
  mark: bigint | null;
  /** A market order's slippage cap in bps (the typed one, else the market's default). */
  slippageBps: number;
  /** The book's best bid (ticks), null when unknown. */
  bestBid: bigint | null;
}

/**
 * How far the market may move against a percentage size between the key press and the exchange's check
 * of the order (a block or two): the mark a market order's bound is taken from and the best bid a sell is
 * checked at are reckoned this much dearer, so a market that ticks up meanwhile does not turn 100% into a
 * refusal. Prices the trader typed (a limit) do not move.
 */
export const LIVE_PRICE_ALLOWANCE_BPS = 20;

const dearer = (price: bigint): bigint => divCeil(price * BigInt(10_000 + LIVE_PRICE_ALLOWANCE_BPS), 10_000n);

/**
 * The price a percentage size is reckoned at: where the exchange's admission (src/sim/engine/trade.ts)
 * values an opening order, a buy at its bound (its limit or, for a market order, the mark (a stop-market:
 * its trigger) moved up by the slippage cap), a sell at the dearer of its bound and the best bid. Live
 * prices are taken LIVE_PRICE_ALLOWANCE_BPS dearer; a sell is never valued under the mark or trigger its
 * bound comes from (the bid can rise to it before the order arrives); a stop's sell meets a book not known
 * yet, so it is valued at the dearer of its limit and its trigger. Null when there is nothing to price it at.
 */
export function percentSizingPrice(o: SizingOrder): bigint | null {
  const reference = o.trigger ?? o.mark;
  const live = reference === null ? null : dearer(reference);
  if (o.side === 'long') {
    if (o.limit !== null) return o.limit;
    return live === null ? null : slippageLimitPrice(live, o.slippageBps, true);
  }
  const bound = o.limit ?? (live === null ? null : slippageLimitPrice(live, o.slippageBps, false));
  if (bound === null) return null;
  const candidates = [bound, o.limit === null ? live : o.trigger === null ? null : dearer(o.trigger), o.trigger === null && o.bestBid !== null ? dearer(o.bestBid) : null];
  return candidates.reduce<bigint>((a, b) => (b !== null && b > a ? b : a), bound);
}

/** Basis points ("25%" = 2500) of what is available, in whole units rounded down; throws a clear reason. */
export function unitsOfPercent(bps: number, basis: PercentBasis, scales: Scales): bigint {
  let whole: bigint;
  if (basis.reduceOnly) {
    if (basis.positionSize === null || basis.positionSize <= 0n) throw new Error('no position to take a percentage of');
    whole = basis.positionSize;
  } else {
    if (basis.availableAtoms === null) throw new Error('the available balance is not known yet');
    if (basis.price === null) throw new Error('no price to size a percentage (enter a price or wait for the mark)');
    if (basis.leverage === null) throw new Error('enter a leverage to size a percentage');
    whole = maxBuyableUnits(basis.availableAtoms, basis.leverage, basis.takerFeeMicros, basis.price, scales);
  }
  return (whole * BigInt(bps)) / BigInt(WHOLE_POSITION_BPS);
}

export interface SizeInputs extends PercentBasis {
  /** The price a quote amount converts at (limit, trigger, else the mark). */
  quotePrice: bigint | null;
}

/** Whole size units of a typed size; throws the reason it has none (zero after rounding says so). */
export function sizeUnitsOf(typed: TypedSize, inputs: SizeInputs, scales: Scales): bigint {
  // A leading zero is refused once, by the parser of its kind (size, quote amount, percentage).
  let units: bigint;
  if (typed.unit === 'base') {
    units = parseTypedScaled(typed.number, scales.sizeDecimals, 'size');
    if (units <= 0n) throw new Error('size must be greater than 0');
    return units;
  }
  if (typed.unit === 'quote') {
    const atoms = parseTypedScaled(typed.number, COLLATERAL_DECIMALS, 'quote amount');
    if (atoms <= 0n) throw new Error('the quote amount must be greater than 0');
    if (inputs.quotePrice === null) throw new Error('no price to convert the quote amount (enter a price or wait for the mark)');
    units = unitsOfQuote(atoms, inputs.quotePrice, scales);
    if (units <= 0n) throw new Error(`$${typed.number} is less than one size unit at this price`);
    return units;
  }
  const share = parseClosePercent(`${typed.number}%`);
  if ('error' in share) throw new Error(share.error);
  units = unitsOfPercent(share.bps, inputs, scales);
  if (units <= 0n) throw new Error(`${typed.number}% of ${inputs.reduceOnly ? 'the position' : 'the available margin'} is less than one size unit`);
  return units;
}
