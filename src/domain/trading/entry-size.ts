// The size of a new order as typed: base units ("0.5"), quote currency ("$500") or a percentage of what is
// available ("25%"). Each becomes whole size units (the lot is one unit of size_decimals) with exact integer
// math, rounded DOWN, so an order never takes more than asked. What "available" means:
// - reduce-only: the position the order reduces (25% of a 0.4 long sells 0.1);
// - otherwise: the largest size the account's available balance pays for at the chosen leverage, margin
//   plus the taker fee, at the order's price (its limit, its trigger for a stop-market, else the mark).

import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { parseScaled } from '../../protocol/scaling.js';
import { WHOLE_POSITION_BPS, parseClosePercent } from './close-share.js';
import { divFloor, type Scales } from './notional.js';

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

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
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
 * The largest size `available` pays for: margin (notional x 100 / leverage) plus the taker fee
 * (notional x fee / 1e6) within the available balance, i.e. notional <= available x lev x 1e6 / (1e8 + fee x lev).
 */
export function maxBuyableUnits(availableAtoms: bigint, leverage: number, takerFeeMicros: number, price: bigint, scales: Scales): bigint {
  if (availableAtoms <= 0n || leverage <= 0 || price <= 0n) return 0n;
  const fee = BigInt(Math.max(0, takerFeeMicros));
  const lev = BigInt(leverage);
  const num = availableAtoms * lev * 1_000_000n * pow10(scales.priceDecimals + scales.sizeDecimals);
  const den = (100n * 1_000_000n + fee * lev) * price * pow10(COLLATERAL_DECIMALS);
  return divFloor(num, den);
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
  let units: bigint;
  if (typed.unit === 'base') {
    units = parseScaled(typed.number, scales.sizeDecimals, 'size');
    if (units <= 0n) throw new Error('size must be greater than 0');
    return units;
  }
  if (typed.unit === 'quote') {
    const atoms = parseScaled(typed.number, COLLATERAL_DECIMALS, 'quote amount');
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
