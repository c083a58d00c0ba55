// Prices relative to the market, as the `:` line, presets and algos type them: `@bid`, `@ask`, `@mid`,
// `@mark`, `@last`, `@cursor` (the DOM ladder's cursor row, so a preset can place where the trader points), each with an optional offset in ticks (`@bid-2t`, `@ask+3t`) or percent (`@mark+0.1%`).
// Pure: the word is read here, and resolved to exact ticks against the prices the caller hands in (the
// store's book, mark and last trade at review time). Whatever does not land on a tick is rounded toward
// the passive side: a buy's price down, a sell's up (a relative price never pays more than it says).

import { parseTypedScaled } from '../../protocol/scaling.js';
import { userMessage } from '../../protocol/errors.js';
import { divCeil, divFloor } from './notional.js';
import { pow10 } from '../../lib/bigint-math.js';

export const PRICE_REFERENCES = ['bid', 'ask', 'mid', 'mark', 'last', 'cursor'] as const;
export type PriceReference = (typeof PRICE_REFERENCES)[number];

export interface PriceOffset {
  unit: 'ticks' | 'percent';
  /** +1 above the reference, -1 below. */
  sign: 1 | -1;
  /** The number as typed, without its sign and unit. */
  amount: string;
}

export interface PriceWord {
  reference: PriceReference;
  offset: PriceOffset | null;
  /** As typed, without the "@" ("bid-2t"). */
  text: string;
}

/** Decimals a percent offset is read to (0.0001% steps). */
const PERCENT_DECIMALS = 4;

const WORD = /^([a-z]+)(?:([+-])(.*))?$/;

/** Whether `text` (after the "@") is meant as a relative price: a reference's name, alone or with a sign after it. */
export function isPriceWordText(text: string): boolean {
  const m = /^([a-z]+)([+-]|$)/i.exec(text.trim());
  return m !== null && (PRICE_REFERENCES as readonly string[]).includes(m[1]!.toLowerCase());
}

/** Reads "bid", "bid-2t", "mark+0.1%" (without the "@"); names what is wrong word by word. */
export function parsePriceWord(typed: string): PriceWord | { error: string } {
  const text = typed.trim().toLowerCase();
  const m = WORD.exec(text);
  const name = m?.[1] ?? text;
  if (!m || !(PRICE_REFERENCES as readonly string[]).includes(name)) {
    return { error: `"@${typed}" is not a price (a number, or @${PRICE_REFERENCES.join(' @')} with an offset like -2t or +0.1%)` };
  }
  const reference = name as PriceReference;
  if (m[2] === undefined) return { reference, offset: null, text };
  const sign = m[2] === '+' ? 1 : -1;
  const rest = m[3] ?? '';
  const unit = rest.endsWith('t') ? 'ticks' : rest.endsWith('%') ? 'percent' : null;
  if (unit === null) return { error: `offset "${m[2]}${rest}" of @${reference} needs a unit: ticks (${m[2]}2t) or percent (${m[2]}0.1%)` };
  const amount = rest.slice(0, -1);
  if (unit === 'ticks' && !/^\d+$/.test(amount)) return { error: `offset "${m[2]}${rest}" of @${reference}: ticks are a whole number (${m[2]}2t)` };
  if (unit === 'percent') {
    try {
      parseTypedScaled(amount, PERCENT_DECIMALS, 'percent offset');
    } catch (e) {
      return { error: `offset "${m[2]}${rest}" of @${reference}: ${userMessage(e)}` };
    }
  }
  return { reference, offset: { unit, sign, amount }, text };
}

/** The prices a word is resolved against (ticks), null when not known. */
export interface PriceReferences {
  bid: bigint | null;
  ask: bigint | null;
  mark: bigint | null;
  last: bigint | null;
  /** The ladder's cursor row: null while the ladder is closed or has no cursor. */
  cursor?: bigint | null;
}

export interface ResolvedPrice {
  ticks: bigint;
  /** The reference's own price (ticks): the mid before its offset, rounded as the price is. */
  reference: bigint;
}

/** Rounds num/den to a tick toward the passive side: down for a buy, up for a sell. */
function passive(num: bigint, den: bigint, buying: boolean): bigint {
  return buying ? divFloor(num, den) : divCeil(num, den);
}

function referencePrice(word: PriceWord, refs: PriceReferences, buying: boolean): bigint | string {
  switch (word.reference) {
    case 'bid':
      return refs.bid ?? 'no bid in the book';
    case 'ask':
      return refs.ask ?? 'no ask in the book';
    case 'mid':
      if (refs.bid === null || refs.ask === null) return `no ${refs.bid === null ? 'bid' : 'ask'} in the book for a mid`;
      // Between two ticks: a buy takes the lower, a sell the higher (the passive side).
      return passive(refs.bid + refs.ask, 2n, buying);
    case 'mark':
      return refs.mark ?? 'no mark yet';
    case 'last':
      return refs.last ?? 'no trade yet for a last price';
    case 'cursor':
      return refs.cursor ?? 'no ladder cursor (open the ladder with L and move its cursor with j / k)';
  }
}

/** The word as exact ticks for an order on `side`; the reason when its reference is not known or it lands at 0 or below. */
export function resolvePriceWord(word: PriceWord, refs: PriceReferences, side: 'long' | 'short'): ResolvedPrice | { error: string } {
  const buying = side === 'long';
  const reference = referencePrice(word, refs, buying);
  if (typeof reference === 'string') return { error: `@${word.text}: ${reference}` };
  let ticks = reference;
  const o = word.offset;
  if (o?.unit === 'ticks') ticks = reference + BigInt(o.sign) * BigInt(o.amount);
  else if (o?.unit === 'percent') {
    const scaled = parseTypedScaled(o.amount, PERCENT_DECIMALS, 'percent offset');
    const whole = 100n * pow10(PERCENT_DECIMALS);
    ticks = passive(reference * (whole + BigInt(o.sign) * scaled), whole, buying);
  }
  if (ticks <= 0n) return { error: `@${word.text} is at or below 0` };
  return { ticks, reference };
}
