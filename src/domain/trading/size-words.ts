// Sizes as the `:` line, presets and algos type them: base units ("0.1"), the quote currency ("$500"), a
// percentage of what is available ("10%": entry-size.ts), and a fraction of the position ("1/4", for closes
// and reductions). Pure: the word's shape is read here; a fraction resolves against the position's size in
// whole units rounded down, so it never takes more than asked.

const NUMBER = /^[0-9][0-9_,]*(\.[0-9]*)?$|^\.[0-9]+$/;
const FRACTION = /^(\d+)\/(\d+)$/;

export type SizeWord =
  | { kind: 'base'; number: string }
  | { kind: 'quote'; number: string }
  | { kind: 'percent'; number: string }
  | { kind: 'fraction'; numerator: bigint; denominator: bigint; text: string };

/** Whether `text` is meant as a fraction of the position ("1/4"). */
export function isFractionText(text: string): boolean {
  return text.includes('/');
}

/** Reads "1/4": a whole numerator and denominator, at least one part and at most the whole. */
export function parseFraction(text: string): { numerator: bigint; denominator: bigint } | { error: string } {
  const m = FRACTION.exec(text.trim());
  if (!m) return { error: `"${text}" is not a fraction of the position (like 1/4)` };
  const numerator = BigInt(m[1]!);
  const denominator = BigInt(m[2]!);
  if (denominator === 0n) return { error: `"${text}": a fraction cannot divide by 0` };
  if (numerator === 0n) return { error: `"${text}" is none of the position` };
  if (numerator > denominator) return { error: `"${text}" is more than the whole position` };
  return { numerator, denominator };
}

/** Reads a size word's shape; the reason names the word. Its worth (units, lots) is the order's to say. */
export function parseSizeWord(text: string): SizeWord | { error: string } {
  const t = text.trim();
  if (isFractionText(t)) {
    const f = parseFraction(t);
    return 'error' in f ? f : { kind: 'fraction', ...f, text: t };
  }
  const kind = t.startsWith('$') ? 'quote' : t.endsWith('%') ? 'percent' : 'base';
  const number = kind === 'quote' ? t.slice(1) : kind === 'percent' ? t.slice(0, -1) : t;
  if (!NUMBER.test(number)) return { error: `size "${t}" is not a number (a size, $QUOTE, PCT% or a fraction of the position like 1/4)` };
  return { kind, number };
}

/** Whole units `numerator/denominator` of a position of `positionSize` units is, rounded down. */
export function fractionUnits(positionSize: bigint, numerator: bigint, denominator: bigint): bigint {
  return (positionSize * numerator) / denominator;
}
