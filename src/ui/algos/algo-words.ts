// The one grammar's words in an algo's line (`:twap`, `:scale`, `:chase`): a relative price ("@bid-10t")
// and a size in quote ("$500") or of what is available ("10%") made exact when the confirm opens, against
// the store as it is then, with the same resolvers a typed order uses (price-words.ts, entry-size.ts,
// typed-order.ts's references). Each resolution is said ("@bid-10t = 66,990.0"); an unresolved word throws
// its reason, which the flow says as its refusal.

import { maxBuyableUnits, sizeUnitsOf, typedSize } from '../../domain/trading/entry-size.js';
import { feeMicros } from '../../domain/trading/fees.js';
import { marketWords, priceText, sizeText } from '../../domain/trading/order-words.js';
import { parsePriceWord, resolvePriceWord } from '../../domain/trading/price-words.js';
import { InputError } from '../../protocol/errors.js';
import type { Market } from '../../protocol/frames.js';
import { parseTypedScaled } from '../../protocol/scaling.js';
import type { TerminalState } from '../../state/store.js';
import { referencesOf, roundingWords } from '../command-line/typed-order.js';

export interface Resolved {
  value: bigint;
  /** How a relative word resolved ("@bid-10t = 66,990.0"); null for a plain number. */
  note: string | null;
}

/** A price as typed (a number, or "@bid-10t") in ticks for an order on `side`; throws the reason it has none now. */
export function algoPrice(state: TerminalState, market: Market, side: 'long' | 'short', text: string, what: string): Resolved {
  if (!text.startsWith('@')) return { value: parseTypedScaled(text, market.config.price_decimals, what), note: null };
  const word = parsePriceWord(text.slice(1));
  if ('error' in word) throw new InputError(word.error);
  const resolved = resolvePriceWord(word, referencesOf(state, market.id), side);
  if ('error' in resolved) throw new InputError(`${what} ${resolved.error}`);
  return { value: resolved.ticks, note: `@${word.text} = ${priceText(resolved.ticks, marketWords(market, market.id))}${roundingWords(word, side === 'long')}` };
}

export interface SizeBasis {
  /** The price a quote amount converts at (ticks), as the order form's: the limit, else the mark. */
  quotePrice: bigint | null;
  /** The price a percentage of the available margin is reckoned at (ticks): entry-size.ts percentSizingPrice. */
  percentPrice: bigint | null;
  /** Hundredths. */
  leverage: number;
}

/** A size as typed (base units, "$500", "10%" of the available margin) in whole units, rounded down; throws the reason it has none now. */
export function algoSize(state: TerminalState, market: Market, text: string, basis: SizeBasis): Resolved {
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  const typed = typedSize(text);
  if (typed.unit === 'base') return { value: parseTypedScaled(text, scales.sizeDecimals, 'size'), note: null };
  const available = state.trading.account?.available;
  const availableAtoms = available !== undefined && /^-?\d+$/.test(available) ? BigInt(available) : null;
  const takerFeeMicros = feeMicros(market.config, 'taker', state.trading.account?.feeTier ?? 0);
  const inputs = { reduceOnly: false, positionSize: null, availableAtoms, leverage: basis.leverage, takerFeeMicros, price: basis.percentPrice, quotePrice: basis.quotePrice };
  const units = sizeUnitsOf(typed, inputs, scales);
  const words = marketWords(market, market.id);
  const at = typed.unit === 'quote' ? basis.quotePrice! : basis.percentPrice!;
  const of = typed.unit === 'percent' ? ` of ${sizeText(Number(maxBuyableUnits(availableAtoms!, basis.leverage, takerFeeMicros, at, scales)), words)}` : '';
  return { value: units, note: `${text}${of} = ${sizeText(Number(units), words)} at ${priceText(at, words)} (rounded down to the lot)` };
}

/** The notes said, joined for a confirm's text: " (@bid-10t = 66,990.0; $500 = 0.0074 ...)", or "" when every word was a number. */
export function notesText(resolved: readonly Resolved[]): string {
  const notes = resolved.map((r) => r.note).filter((n): n is string => n !== null);
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}
