// `:amend`'s words in numbers against the store now: a price word ("@bid-2t", rounded to the order's passive
// side), a size in quote ("$500", at the order's new price) or a fraction of the order's open size ("1/2",
// rounded down to the lot). How each resolved is said in the change's question.

import { unitsOfQuote } from '../../domain/trading/entry-size.js';
import { isBuyType } from '../../domain/trading/resting-order-effect.js';
import { marketWords, sizeText } from '../../domain/trading/order-words.js';
import { fractionUnits, parseSizeWord } from '../../domain/trading/size-words.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { userMessage } from '../../protocol/errors.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaled, parseTypedScaled } from '../../protocol/scaling.js';
import type { TerminalState } from '../../state/store.js';
import { algoPrice, notesText, type Resolved } from '../algos/algo-words.js';
import type { TypedAmend } from './parse.js';

/** The amend with its price and size as plain numbers, and what was said of them (" (@bid = 66,990.0)"); or why not now. */
export function resolveAmendWords(state: TerminalState, amend: TypedAmend, order: OrderRowView, market: Market): { price?: string; size?: string; said: string } | { error: string } {
  const { price_decimals: pd, size_decimals: sd } = market.config;
  const side = isBuyType(order.type) ? 'long' : 'short';
  const notes: Resolved[] = [];
  try {
    let price = amend.price;
    if (price?.startsWith('@')) {
      const resolved = algoPrice(state, market, side, price, 'price');
      notes.push(resolved);
      price = formatScaled(resolved.value, pd);
    }
    let size = amend.size;
    const word = size === undefined ? null : parseSizeWord(size);
    const words = marketWords(market, market.id);
    if (word && !('error' in word) && word.kind === 'fraction') {
      const open = BigInt(order.originalSize - order.filledSize);
      const units = fractionUnits(open, word.numerator, word.denominator);
      if (units <= 0n) return { error: `amend: ${word.text} of the order's ${sizeText(Number(open), words)} is less than one lot` };
      notes.push({ value: units, note: `${word.text} of ${sizeText(Number(open), words)} = ${sizeText(Number(units), words)} (rounded down to the lot)` });
      size = formatScaled(units, sd);
    } else if (word && !('error' in word) && word.kind === 'quote') {
      const at = price !== undefined ? parseTypedScaled(price, pd, 'price') : BigInt(order.price);
      const units = unitsOfQuote(parseTypedScaled(word.number, COLLATERAL_DECIMALS, 'quote amount'), at, { priceDecimals: pd, sizeDecimals: sd });
      if (units <= 0n) return { error: `amend: ${size} is less than one lot at this price` };
      notes.push({ value: units, note: `${size} = ${sizeText(Number(units), words)} (rounded down to the lot)` });
      size = formatScaled(units, sd);
    }
    return { ...(price !== undefined ? { price } : {}), ...(size !== undefined ? { size } : {}), said: notesText(notes) };
  } catch (e) {
    return { error: `amend: ${userMessage(e)}` };
  }
}
