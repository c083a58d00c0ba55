// `:scale buy 0.5 66000 65000 x10 [skew 2] [lev X] [post]`: the typed line made exact (ticks, lots, skew
// hundredths), checked against the market (domain/algos/scale.ts) and what the account has available,
// then one review in the order entry pane listing every leg and the group's figures once all filled; `y`
// places the legs as one group through TerminalActions (each a normal place: validation, locks, journal,
// execution report), and the outcome says how many were placed. `:cancel scale` cancels the newest group
// still resting as one (its membership is journaled with each leg, so it holds after a restart).

import { scaleLegs, scaleSummary, validateScaleSpec, type ScaleSpec } from '../../domain/algos/scale.js';
import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { marketLabel } from '../../domain/market-label.js';
import { userMessage } from '../../protocol/errors.js';
import { formatAtoms, formatScaled, parseLeverage, parseTypedScaled, toWireInteger } from '../../protocol/scaling.js';
import type { Market } from '../../protocol/frames.js';
import { percentSizingPrice } from '../../domain/trading/entry-size.js';
import { referencesOf } from '../command-line/typed-order.js';
import { algoPrice, algoSize, notesText } from './algo-words.js';
import { setNotice } from '../../state/actions.js';
import { positionMath } from '../../state/order-review.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm, showScaleReview } from '../../state/trading-actions.js';
import type { ScaleReview } from '../../state/trading-slice.js';
import { answerConfirmWith } from '../confirm/answers.js';
import type { TypedScale } from '../command-line/parse.js';
import { currentMarket, defaultLeverage, disabledReason } from '../order-entry/flow.js';
import { scaleYes } from './scale-review-lines.js';

/** A scaled order's group is this prefix and its start time (algo children have `algo <cid>`). */
const SCALE_GROUP_PREFIX = 'scale-';

/** The typed line as exact integers; throws the reason, naming the word. */
function specOf(typed: TypedScale, market: NonNullable<ReturnType<typeof currentMarket>>, leverageText: string): ScaleSpec {
  const { price_decimals: pd, size_decimals: sd } = market.config;
  const skew = parseTypedScaled(typed.skew ?? '1', 2, 'skew');
  return {
    marketId: market.id,
    side: typed.side,
    size: parseTypedScaled(typed.size, sd, 'size'),
    from: parseTypedScaled(typed.from, pd, 'from price'),
    to: parseTypedScaled(typed.to, pd, 'to price'),
    count: typed.count,
    skew: toWireInteger(skew, 'skew'),
    leverage: parseLeverage(leverageText),
    ...(typed.postOnly ? { postOnly: true } : {}),
  };
}

/**
 * The line's relative words in numbers, now: each end ("@bid-10t") against the book, mark and last; the size
 * ("$5000", "10%") at the dearer end, so the legs together never cost more than asked; and how each resolved.
 */
function resolveScaleWords(state: TerminalState, typed: TypedScale, market: Market, leverage: number): { typed: TypedScale; said: string } {
  const { price_decimals: pd, size_decimals: sd } = market.config;
  const from = algoPrice(state, market, typed.side, typed.from, 'from price');
  const to = algoPrice(state, market, typed.side, typed.to, 'to price');
  const dearer = from.value > to.value ? from.value : to.value;
  const refs = referencesOf(state, market.id);
  const percentPrice = percentSizingPrice({ side: typed.side, limit: dearer, trigger: null, mark: refs.mark, slippageBps: 0, bestBid: refs.bid });
  const size = algoSize(state, market, typed.size, { quotePrice: dearer, percentPrice, leverage });
  const exact: TypedScale = { ...typed, size: formatScaled(size.value, sd), from: formatScaled(from.value, pd), to: formatScaled(to.value, pd) };
  return { typed: exact, said: notesText([from, to, size]) };
}

/**
 * Opens the review of a typed `:scale`; returns why it is refused (nothing shown, nothing sent), or null.
 * `nowMs` names the group (unique per key press).
 */
export function openScaleReview(store: TerminalStore, typed: TypedScale, nowMs: number): string | null {
  const state = store.getState();
  const locked = disabledReason(state);
  if (locked) return `cannot scale: ${locked}`;
  const market = currentMarket(state);
  if (!market) return 'scale: no market loaded';
  let spec: ScaleSpec;
  let said: string;
  try {
    const leverage = typed.leverage ?? defaultLeverage(state, market);
    const words = resolveScaleWords(state, typed, market, parseLeverage(leverage));
    said = words.said;
    spec = specOf(words.typed, market, leverage);
  } catch (e) {
    return `scale: ${userMessage(e)}`;
  }
  const problem = validateScaleSpec(spec, market);
  if (problem) return `scale: ${problem.message}`;
  const legs = scaleLegs(spec);
  const summary = scaleSummary({ market, side: spec.side, leverage: spec.leverage, legs, position: positionMath(state, market.id), feeTier: state.trading.account?.feeTier ?? 0 });
  // As the order form's certain refusal: the margin and fee of every leg must fit what is available.
  const available = state.trading.account?.available;
  const needs = summary.marginAtoms + summary.feeAtoms;
  if (available !== undefined && summary.marginAtoms > 0n && needs > BigInt(available)) {
    return `scale: the margin and fee of all legs (${formatAtoms(needs)}) are more than the available ${formatAtoms(available)}`;
  }
  const review: ScaleReview = {
    group: `${SCALE_GROUP_PREFIX}${Math.floor(nowMs).toString(36)}`,
    marketId: market.id,
    side: spec.side,
    leverage: spec.leverage,
    postOnly: spec.postOnly ?? false,
    skew: spec.skew,
    legs: legs.map((l) => ({ price: Number(l.price), size: Number(l.size) })),
    averagePrice: Number(summary.averagePrice),
    notional: summary.notionalAtoms.toString(),
    margin: summary.marginAtoms.toString(),
    fee: summary.feeAtoms.toString(),
    liquidation: summary.liquidationPrice === null ? null : Number(summary.liquidationPrice),
  };
  showScaleReview(store, review);
  askConfirm(store, { text: `place ${legs.length} ${spec.side === 'long' ? 'buy' : 'sell'} limits on ${marketLabel(market)}${said}?`, action: { kind: 'scale' }, at: 'entry', yes: scaleYes(review) });
  return null;
}

/** `y` places every leg as one group (checked again for locks at send time by TerminalActions); any other key drops it. */
function answerScale(store: TerminalStore, actions: TerminalActions, yes: boolean): void {
  const review = store.getState().tradingUi.scale;
  showScaleReview(store, null);
  if (!review) return;
  if (!yes) {
    setNotice(store, `cancelled: ${review.legs.length} scaled limits not placed`);
    return;
  }
  const orders = review.legs.map((l) => ({
    marketId: review.marketId,
    kind: review.postOnly ? ('post-only' as const) : ('limit' as const),
    side: review.side,
    size: l.size,
    price: l.price,
    leverage: review.leverage,
    group: review.group,
  }));
  const group = {
    group: review.group, marketId: review.marketId, side: review.side, size: orders.reduce((a, o) => a + o.size, 0),
    from: review.legs[0]!.price, to: review.legs[review.legs.length - 1]!.price, count: review.legs.length, skew: review.skew, leverage: review.leverage,
    ...(review.postOnly ? { postOnly: true } : {}),
  };
  void actions.placeScale(group, orders, `scale ${review.side === 'long' ? 'buy' : 'sell'} ${review.legs.length} legs`);
}

answerConfirmWith('scale', {
  yes: ({ store, actions }) => answerScale(store, actions, true),
  no: ({ store, actions }) => answerScale(store, actions, false),
  // Another question (a quit) replaced the review's: answering it ends the review, nothing sent.
  otherAnswered: ({ store }) => {
    if (store.getState().tradingUi.scale) showScaleReview(store, null);
  },
});

/** The open orders of scaled order group `group`. */
export function groupOrders(orders: readonly OrderRowView[], group: string): OrderRowView[] {
  return orders.filter((o) => o.group === group);
}

/** The question before a scaled order's open legs are cancelled (`:cancel scale`, `X` on its Algos row). */
export function cancelScaleQuestion(openLegs: number): string {
  return `cancel the scaled order (${openLegs} open leg${openLegs === 1 ? '' : 's'})?`;
}

/** The newest scaled order's group with orders still open (the one with the highest request id), and its orders; null when none. */
export function newestGroup(orders: readonly OrderRowView[]): { group: string; orders: OrderRowView[] } | null {
  let newest: OrderRowView | undefined;
  // Only scaled orders' groups: an algo's children (group `algo <cid>`) are the algo's to cancel, not `:cancel scale`'s.
  for (const o of orders) if (o.group?.startsWith(SCALE_GROUP_PREFIX) && (!newest || o.requestId > newest.requestId)) newest = o;
  if (!newest) return null;
  const group = newest.group!;
  return { group, orders: groupOrders(orders, group) };
}
