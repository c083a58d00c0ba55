// A typed order's relative words resolved at review time, against the store as it is now: `@bid-2t` (and
// @ask @mid @mark @last, offsets in ticks or percent) to exact ticks, `1/4` of the position to whole units,
// `risk 100 sl 65000` to the size a stop there loses at most 100 for (fees included), clamped to what the
// available margin buys. The order then goes to the one review as if typed in numbers, with notes that say
// how each number was found ("@bid-2t = 66,998.0"). The arithmetic is domain/trading's (price-words.ts,
// size-words.ts, risk-size.ts, entry-size.ts); this file only reads the store for it.

import { maxBuyableUnits, percentSizingPrice } from '../../domain/trading/entry-size.js';
import { feeMicros } from '../../domain/trading/fees.js';
import { slippageLimitPrice } from '../../domain/trading/fill-estimate.js';
import { marketWords, moneyText, priceText, sizeText } from '../../domain/trading/order-words.js';
import { parsePriceWord, resolvePriceWord, type PriceWord } from '../../domain/trading/price-words.js';
import { lossAtStopAtoms, riskSizeAtMarket, riskSizeUnits, riskStopProblem } from '../../domain/trading/risk-size.js';
import { fractionUnits, parseSizeWord } from '../../domain/trading/size-words.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { userMessage } from '../../protocol/errors.js';
import type { Market } from '../../protocol/frames.js';
import { formatScaled, formatScaledTrim, parseLeverage, parsePrice, parseTypedScaled } from '../../protocol/scaling.js';
import { maxLeverageHundredths, type EntryNote } from '../../state/order-entry.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { currentMarket, defaultLeverage, disabledReason, entryFromCommand, type SendContext } from '../order-entry/flow.js';
import type { TypedOrder } from './parse.js';

export interface ResolvedOrder {
  /** The order in numbers, as if typed so. */
  order: TypedOrder;
  /** How each relative word resolved, said in the review. */
  notes: EntryNote[];
}

const big = (v: number | null | undefined): bigint | null => (v === null || v === undefined ? null : BigInt(v));

/** The market's prices now (ticks): its book's best bid and ask, its mark and last trade, the ladder's cursor row. */
export function referencesOf(state: TerminalState, marketId: number) {
  const book = state.book?.marketId === marketId ? state.book : null;
  const header = state.header?.marketId === marketId ? state.header : null;
  // The ladder shows the book's market, so its cursor is a price of this market only then.
  const cursor = state.ladder.open && book !== null ? big(state.ladder.cursor) : null;
  return { bid: big(book?.bids[0]?.price), ask: big(book?.asks[0]?.price), mark: big(header?.mark), last: big(header?.last && header.last > 0 ? header.last : null), cursor };
}

/** Why a mid or a percentage was rounded, when it was: the passive side. */
export function roundingWords(word: PriceWord, buying: boolean): string {
  return word.reference === 'mid' || word.offset?.unit === 'percent' ? ` (rounded ${buying ? 'down' : 'up'}, the passive side of a ${buying ? 'buy' : 'sell'})` : '';
}

/**
 * One of the order's prices (`field`: its limit, its stop's trigger, its TP or SL) in numbers. A TP or SL
 * closes the position, so it is rounded as the closing side's price is; the limit and the trigger as the order's.
 */
function resolvePrice(state: TerminalState, order: TypedOrder, market: Market, notes: EntryNote[], field: 'price' | 'trigger' | 'tp' | 'sl' = 'price'): string | { error: string } | undefined {
  const typed = field === 'trigger' ? order.stop : order[field];
  if (typed === undefined || !typed.startsWith('@')) return typed;
  const word = parsePriceWord(typed.slice(1));
  if ('error' in word) return word;
  const closing = field === 'tp' || field === 'sl';
  const side = closing ? (order.side === 'long' ? 'short' : 'long') : order.side;
  const resolved = resolvePriceWord(word, referencesOf(state, market.id), side);
  const label = field === 'price' ? '' : `${field === 'trigger' ? 'stop' : field} `;
  if ('error' in resolved) return { error: `${order.side === 'long' ? 'buy' : 'sell'}: ${label}${resolved.error}` };
  const price = formatScaled(resolved.ticks, market.config.price_decimals);
  const words = marketWords(market, market.id);
  notes.push({ field, value: price, text: `${label}@${word.text} = ${priceText(resolved.ticks, words)}${roundingWords(word, side === 'long')}` });
  return price;
}

/** `1/4`: of the position this order reduces (a sell of a long, a buy of a short). */
function fractionSize(state: TerminalState, order: TypedOrder, market: Market, notes: EntryNote[]): string | { error: string } {
  const word = parseSizeWord(order.size);
  if ('error' in word || word.kind !== 'fraction') return order.size;
  const verb = order.side === 'long' ? 'buy' : 'sell';
  const position = state.trading.positions.find((p) => p.marketId === market.id && p.size > 0);
  if (!position) return { error: `${verb}: ${word.text} is a fraction of the position, and there is no ${market.symbol || market.name} position` };
  if ((order.side === 'long') === (position.side === 1)) return { error: `${verb}: ${word.text} of the position only reduces it: a ${verb} adds to a ${position.side === 1 ? 'long' : 'short'}` };
  const units = fractionUnits(BigInt(position.size), word.numerator, word.denominator);
  const words = marketWords(market, market.id);
  const lot = formatScaledTrim(1n, market.config.size_decimals);
  if (units <= 0n) return { error: `${verb}: ${word.text} of ${sizeText(position.size, words)} is less than one lot (${lot})` };
  const size = formatScaled(units, market.config.size_decimals);
  notes.push({ field: 'size', value: size, text: `${word.text} of the position ${sizeText(position.size, words)} = ${sizeText(Number(units), words)} (rounded down to the lot)` });
  return size;
}

function leverageOf(order: TypedOrder, leverage: string, market: Market): number {
  return Math.min(parseLeverage(order.leverage ?? leverage), maxLeverageHundredths(market));
}

/** `risk R sl S`: the size, the arithmetic said, and the clamp to what the available margin buys when it applies. */
function riskSize(state: TerminalState, order: TypedOrder, market: Market, price: string | undefined, leverage: string, notes: EntryNote[]): string | { error: string } {
  const verb = order.side === 'long' ? 'buy' : 'sell';
  const pd = market.config.price_decimals;
  const sd = market.config.size_decimals;
  const scales = { priceDecimals: pd, sizeDecimals: sd };
  const words = marketWords(market, market.id);
  const riskAtoms = parseTypedScaled(order.risk!, COLLATERAL_DECIMALS, 'risk');
  if (riskAtoms <= 0n) return { error: `${verb}: risk must be greater than 0` };
  const stop = BigInt(parsePrice(order.sl!, pd));
  const takerFeeMicros = feeMicros(market.config, 'taker', state.trading.account?.feeTier ?? 0);
  const refs = referencesOf(state, market.id);
  const slippageBps = order.slippage !== undefined ? Number(order.slippage) : market.order_max_market_slippage_bps;
  const base = { riskAtoms, side: order.side, stop, takerFeeMicros, scales };
  let entry: bigint;
  let units: bigint;
  let entryWords: string;
  if (price !== undefined) {
    entry = BigInt(parsePrice(price, pd));
    const wrong = riskStopProblem(order.side, entry, stop);
    if (wrong) return { error: `${verb}: ${wrong} (${priceText(entry, words)})` };
    units = riskSizeUnits({ ...base, entry });
    entryWords = priceText(entry, words);
  } else {
    if (refs.mark === null) return { error: `${verb}: no mark yet to bound a market order's entry for its risk` };
    const bound = slippageLimitPrice(refs.mark, slippageBps, order.side === 'long');
    const book = state.book?.marketId === market.id ? state.book : null;
    const levels = (order.side === 'long' ? book?.asks : book?.bids) ?? [];
    const touch = big(levels[0]?.price) ?? bound;
    const wrong = riskStopProblem(order.side, touch, stop);
    if (wrong) return { error: `${verb}: ${wrong} (${priceText(touch, words)})` };
    const sized = riskSizeAtMarket(base, levels, bound);
    ({ entry, units } = sized);
    entryWords = `${priceText(entry, words)} (${sized.atBound ? `the ${slippageBps} bps cap: the book does not hold it` : 'the worst level of the book it walks'})`;
  }
  const lot = formatScaledTrim(1n, sd);
  if (units <= 0n) return { error: `${verb}: risk ${order.risk} buys less than one lot (${lot})` };
  const fee = `${formatScaledTrim(BigInt(takerFeeMicros), 4)}%`;
  const loss = lossAtStopAtoms(units, { ...base, entry });
  notes.push({
    field: 'size',
    value: formatScaled(units, sd),
    text: `risk ${moneyText(riskAtoms)}: entry ${entryWords} to stop ${priceText(stop, words)}, taker ${fee} in and out: ${sizeText(Number(units), words)} loses ${moneyText(loss)} at the stop (rounded down to the lot)`,
  });
  const available = state.trading.account?.available;
  if (available === undefined || !/^-?\d+$/.test(available)) return { error: `${verb}: the available balance is not known yet` };
  const lev = leverageOf(order, leverage, market);
  const sizingPrice = percentSizingPrice({ side: order.side, limit: price === undefined ? null : entry, trigger: null, mark: refs.mark, slippageBps, bestBid: refs.bid });
  if (sizingPrice === null) return { error: `${verb}: no price to value the margin at` };
  const max = maxBuyableUnits(BigInt(available), lev, takerFeeMicros, sizingPrice, scales);
  if (units > max) {
    if (max <= 0n) return { error: `${verb}: the available margin ${moneyText(BigInt(available))} buys less than one lot (${lot}) at ${formatScaledTrim(lev, 2)}x` };
    units = max;
    notes.push({ field: 'size', value: '', text: `clamped to ${sizeText(Number(units), words)}: what the available ${moneyText(BigInt(available))} buys at ${formatScaledTrim(lev, 2)}x (fee incl.)` });
  }
  // Said while the size field holds what they came to (clamped or not).
  const size = formatScaled(units, sd);
  for (const note of notes) if (note.field === 'size') note.value = size;
  return size;
}

/**
 * The typed order with its relative words in numbers, or why not now (no bid, no mark, no position, a stop
 * on the wrong side, less than one lot): said in the `:` line, which stays open with the text.
 */
export function resolveTypedOrder(state: TerminalState, order: TypedOrder, market: Market, leverage: string): ResolvedOrder | { error: string } {
  const notes: EntryNote[] = [];
  try {
    const price = resolvePrice(state, order, market, notes);
    if (typeof price === 'object') return price;
    // The stop, TP and SL in numbers before the size: a risk size is measured to the SL.
    const triggers: Partial<Pick<TypedOrder, 'stop' | 'tp' | 'sl'>> = {};
    for (const [field, key] of [['trigger', 'stop'], ['tp', 'tp'], ['sl', 'sl']] as const) {
      const resolved = resolvePrice(state, order, market, notes, field);
      if (typeof resolved === 'object') return resolved;
      if (resolved !== undefined) triggers[key] = resolved;
    }
    const priced = { ...order, ...triggers };
    const size = order.risk !== undefined ? riskSize(state, priced, market, price, leverage, notes) : fractionSize(state, priced, market, notes);
    if (typeof size === 'object') return size;
    const { risk: _risk, ...rest } = priced;
    void _risk;
    return { order: { ...rest, size, ...(price !== undefined ? { price } : {}) }, notes };
  } catch (e) {
    return { error: `${order.side === 'long' ? 'buy' : 'sell'}: ${userMessage(e)}` };
  }
}

/**
 * A typed order (`:buy`, `:sell`, a preset's line) to the one review: its relative words resolved now, then
 * the same form and checks as any order. Returns why its review cannot open (the line stays open with it).
 */
export function reviewTypedOrder(store: TerminalStore, order: TypedOrder, send?: SendContext): string | null {
  const state = store.getState();
  const market = currentMarket(state);
  if (!market) return `orders disabled: ${disabledReason(state) ?? 'no market loaded yet'}`;
  const resolved = resolveTypedOrder(state, order, market, defaultLeverage(state, market));
  if ('error' in resolved) return resolved.error;
  return entryFromCommand(store, resolved.order, send, resolved.notes);
}
