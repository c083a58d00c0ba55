// Exact conversions between human decimal strings and scaled integers.
// Nothing here takes a JS float: a human value is a string, a wire value an integer (number or bigint).

import { COLLATERAL_DECIMALS, LEVERAGE_DECIMALS } from './enums.js';
import { InputError } from './errors.js';

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;
const THOUSANDS_GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;
/** Largest integer a wire number may hold without losing precision. */
export const MAX_WIRE_INTEGER = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Parses a human decimal string into an integer scaled by 10^decimals.
 * Refuses (InputError) rather than rounds when the string has more decimals than the scale allows.
 * Accepts `_` anywhere and `,` in thousands groups as digit-group separators ("67,012.5", "1_000").
 */
export function parseScaled(text: string, decimals: number, what = 'value'): bigint {
  const trimmed = text.trim();
  // "1,5" is a decimal comma in many locales: reading it as 15 would be a silent 10x error, so a comma
  // is accepted only in proper thousands groups of the whole part ("67,012.5").
  if (trimmed.includes(',') && !THOUSANDS_GROUPED.test(trimmed)) {
    throw new InputError(`${what} "${text}" has a misplaced comma (use "." for decimals)`);
  }
  const cleaned = trimmed.replace(/[_,]/g, '');
  const m = DECIMAL.exec(cleaned);
  if (!m || cleaned === '' || cleaned === '.' || /^[+-]\.?$/.test(cleaned)) {
    throw new InputError(`${what} "${text}" is not a number`);
  }
  const [, sign, whole = '', frac = ''] = m;
  if (whole === '' && frac === '') throw new InputError(`${what} "${text}" is not a number`);
  const significantFrac = frac.replace(/0+$/, '');
  if (significantFrac.length > decimals) {
    throw new InputError(`${what} "${text}" has more than ${decimals} decimal${decimals === 1 ? '' : 's'}`);
  }
  const digits = (whole || '0') + significantFrac.padEnd(decimals, '0');
  const value = BigInt(digits);
  return sign === '-' ? -value : value;
}

/** Formats a scaled integer as a plain decimal string with exactly `decimals` places. */
export function formatScaled(value: bigint | number, decimals: number): string {
  const v = typeof value === 'bigint' ? value : toBigIntExact(value);
  const negative = v < 0n;
  const abs = (negative ? -v : v).toString().padStart(decimals + 1, '0');
  const whole = abs.slice(0, abs.length - decimals);
  const frac = abs.slice(abs.length - decimals);
  return (negative ? '-' : '') + (decimals > 0 ? `${whole}.${frac}` : whole);
}

/** Like formatScaled but drops trailing zeros of the fraction (and the dot when none remain). */
export function formatScaledTrim(value: bigint | number, decimals: number): string {
  const s = formatScaled(value, decimals);
  return decimals > 0 ? s.replace(/\.?0+$/, '') : s;
}

function toBigIntExact(n: number): bigint {
  if (!Number.isSafeInteger(n)) throw new InputError(`${n} is not a safe integer`);
  return BigInt(n);
}

/** Converts a scaled bigint to a wire number, refusing values a JS number cannot hold exactly. */
export function toWireInteger(v: bigint, what = 'value'): number {
  if (v > MAX_WIRE_INTEGER || v < -MAX_WIRE_INTEGER) throw new InputError(`${what} is too large`);
  return Number(v);
}

/** Human price string -> scaled wire price. Must be > 0. */
export function parsePrice(text: string, priceDecimals: number): number {
  const v = parseScaled(text, priceDecimals, 'price');
  if (v <= 0n) throw new InputError('price must be greater than 0');
  return toWireInteger(v, 'price');
}

/**
 * Why a typed size ("001", "01.5", the number of "$0500" or "050%") is refused: zeros in front of its whole
 * part are a slip (a digit typed onto a prefilled "0", a point left out) more often than a size, and reading
 * "001" as 1 would send what nobody checked. Null for "0.01", "0.5", ".5", "10". The one rule for every size
 * typed: the order form, the `:` line and the tabs' prompts.
 */
export function leadingZeroProblem(text: string, what = 'size'): string | null {
  const typed = text.trim();
  const body = typed.replace(/^[+-]/, '');
  if (!/^0[_,]?\d/.test(body)) return null;
  const without = body.replace(/^[0_,]+(?=\d)/, '');
  const fraction = body.includes('.') ? '' : `, or 0.${body.slice(1).replace(/^[_,]/, '')} for a fraction`;
  return `${what} "${typed}" starts with a zero: type ${without}${fraction}`;
}

/**
 * parseScaled for an amount a person typed (a size, a quote amount): a leading zero is refused with what to
 * type, in the words of `what` (leadingZeroProblem). The one place a typed size is checked for it.
 */
export function parseTypedScaled(text: string, decimals: number, what: string): bigint {
  const zeros = leadingZeroProblem(text, what);
  if (zeros) throw new InputError(zeros);
  return parseScaled(text, decimals, what);
}

/** Human size string -> scaled wire size. Must be > 0; refused with a leading zero (leadingZeroProblem). */
export function parseSize(text: string, sizeDecimals: number): number {
  const v = parseTypedScaled(text, sizeDecimals, 'size');
  if (v <= 0n) throw new InputError('size must be greater than 0');
  return toWireInteger(v, 'size');
}

/** Human leverage ("5", "2.5x") -> hundredths. Must be > 0. */
export function parseLeverage(text: string): number {
  const v = parseScaled(text.trim().replace(/x$/i, ''), LEVERAGE_DECIMALS, 'leverage');
  if (v <= 0n) throw new InputError('leverage must be greater than 0');
  return toWireInteger(v, 'leverage');
}

/** Human collateral amount ("12.5") -> Amount string in 6-dp atoms. Must be > 0. */
export function parseAmount(text: string): string {
  const v = parseScaled(text, COLLATERAL_DECIMALS, 'amount');
  if (v <= 0n) throw new InputError('amount must be greater than 0');
  return v.toString();
}

/** Atoms string -> bigint, where absent or not an integer string counts as 0 (an optional wire field). */
export function atomsOrZero(atoms: string | undefined): bigint {
  return atoms !== undefined && /^-?\d+$/.test(atoms) ? BigInt(atoms) : 0n;
}

/** Amount string (atoms) -> bigint; throws InputError on anything but an integer string. */
export function amountToBigInt(amount: string): bigint {
  if (!/^-?\d+$/.test(amount)) throw new InputError(`amount "${amount}" is not an integer string`);
  return BigInt(amount);
}

export function formatLeverage(hundredths: number): string {
  return formatScaledTrim(hundredths, LEVERAGE_DECIMALS);
}
/** Amount string or bigint in atoms -> human decimal with 6 places. */
export function formatAmount(amount: string | bigint): string {
  return formatScaled(typeof amount === 'bigint' ? amount : amountToBigInt(amount), COLLATERAL_DECIMALS);
}

/** "-67012.5" -> "-67,012.5". Leaves the fraction alone. */
export function groupThousands(decimalText: string): string {
  const negative = decimalText.startsWith('-');
  const body = negative ? decimalText.slice(1) : decimalText;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (negative ? '-' : '') + grouped + frac;
}

/** A scaled integer as a grouped decimal with exactly `decimals` places: 670125, 1 -> "67,012.5". */
export function formatScaledGrouped(raw: number | bigint, decimals: number): string {
  return groupThousands(formatScaled(raw, decimals));
}

/** Atoms (6 decimals) as a grouped decimal rounded half away from zero to `digits` places: "-1,234.57". */
export function formatAtoms(atoms: string | bigint | null | undefined, digits = 2): string {
  if (atoms === null || atoms === undefined) return '—';
  if (typeof atoms === 'string' && !/^-?\d+$/.test(atoms)) return '—';
  const value = BigInt(atoms);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const drop = 10n ** BigInt(COLLATERAL_DECIMALS - digits);
  const rounded = (abs + drop / 2n) / drop;
  const unit = 10n ** BigInt(digits);
  const whole = (rounded / unit).toString();
  const frac = digits > 0 ? `.${(rounded % unit).toString().padStart(digits, '0')}` : '';
  return `${negative && rounded > 0n ? '-' : ''}${groupThousands(whole)}${frac}`;
}
