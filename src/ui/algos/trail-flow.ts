// `:trail [SYMBOL] 1%|500 [last|mark] [step PRICE]`: a trailing stop on the position of a market (the one
// on screen unless named). The typed line made exact (bps or ticks), the stop the exchange holds on the
// position taken over (its soonest stop-loss, else the trail arms the first), refused with validateTrailSpec's
// words (the runner's own check: the distance, the first stop against the liquidation, a free trigger slot
// under max_account_trigger_orders) before anything is asked; then one confirm saying what it will do, and
// `y` starts it through TerminalActions.startTrail (the runner checks again against the price of that moment).

import { distanceText, distanceTicks } from '../../domain/algos/distance.js';
import { nextTrailLevel, startTrail, trailLevelAt, validateTrailSpec, type TrailSpec } from '../../domain/algos/trail.js';
import { marketLabel } from '../../domain/market-label.js';
import { marketWords, priceText, sizeText } from '../../domain/trading/order-words.js';
import { protectionOf } from '../../domain/trading/protection.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import type { Market } from '../../protocol/frames.js';
import { userMessage } from '../../protocol/errors.js';
import { parseTypedScaled, toWireInteger } from '../../protocol/scaling.js';
import { reviewMark } from '../../state/order-review.js';
import { marketsOf, type TerminalState, type TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { answerConfirmWith } from '../confirm/answers.js';
import type { TypedTrail } from '../command-line/parse.js';
import { currentMarket, disabledReason } from '../order-entry/flow.js';
import { algoDistanceOf } from './typed-distance.js';

/** Without `step`, a move must tighten the stop by a tenth of the distance: a move of less is not worth two orders. */
const DEFAULT_STEP_SHARE = 10;

/** The trigger source's price now (ticks): the live mark, or the last trade for `last`; null when none is known. */
function referenceOf(state: TerminalState, marketId: number, on: 'mark' | 'last'): number | null {
  if (on === 'mark') return reviewMark(state, marketId);
  return state.trading.marketPrices[marketId]?.lastTrade ?? null;
}

/** The typed line as exact integers against the position and the price now; throws the reason, naming the word. */
export function trailSpecOf(typed: TypedTrail, market: Market, position: PositionRowView, orders: TerminalState['trading']['orders'], reference: number): TrailSpec {
  const pd = market.config.price_decimals;
  const distance = algoDistanceOf(typed.distance, pd, 'distance');
  const step =
    typed.step !== undefined
      ? toWireInteger(parseTypedScaled(typed.step, pd, 'step'), 'step')
      : Math.max(1, Math.floor(distanceTicks(distance, reference, 'up') / DEFAULT_STEP_SHARE));
  const held = protectionOf(position, orders).stopLoss[0];
  return {
    marketId: market.id,
    position: { id: position.positionId, side: position.side === 1 ? 'long' : 'short', size: position.size },
    distance,
    on: typed.on ?? 'mark',
    minStepTicks: step,
    stop: held ? { price: held.price, orderId: held.orderId } : null,
  };
}

/** "3,330 (5.0%) from liquidation 63,000", or that there is none. */
function liquidationWords(level: number, liquidation: number | null, words: ReturnType<typeof marketWords>): string {
  if (liquidation === null) return 'no liquidation price';
  const gap = Math.abs(level - liquidation);
  // Display only: the percent is a float, never sent.
  return `${priceText(gap, words)} (${((gap / level) * 100).toFixed(1)}%) from liquidation ${priceText(liquidation, words)}`;
}

/** What the confirm says the trail will do: side, size covered, distance, the first stop level and its distance to liquidation. */
export function trailQuestion(spec: TrailSpec, market: Market, reference: number, liquidation: number | null): string {
  const words = marketWords(market, market.id);
  const long = spec.position.side === 'long';
  const source = spec.on === 'mark' ? 'mark' : 'last trade';
  const level = trailLevelAt(spec, reference);
  const moves = nextTrailLevel(startTrail(spec), reference, 0);
  const first =
    spec.stop === null
      ? `arms SL ${priceText(level, words)}`
      : moves === null
        ? `keeps SL ${priceText(spec.stop.price, words)} (#${spec.stop.orderId}) until the trail passes it`
        : `moves SL ${priceText(spec.stop.price, words)} (#${spec.stop.orderId}) to ${priceText(level, words)}`;
  const held = spec.stop !== null && moves === null ? spec.stop.price : level;
  return (
    `Trail ${long ? 'long' : 'short'} ${sizeText(spec.position.size, words)} (whole position) ${distanceText(spec.distance, words)} ` +
    `${long ? 'under' : 'over'} ${source} ${priceText(reference, words)}: ${first}, ${liquidationWords(held, liquidation, words)}; ` +
    `moves ${long ? 'up' : 'down'} only, by ${priceText(spec.minStepTicks, words)} or more; start?`
  );
}

/** Opens the confirm of a typed `:trail`; returns why it is refused (nothing asked, nothing sent), or null. */
export function openTrailConfirm(store: TerminalStore, typed: TypedTrail): string | null {
  const state = store.getState();
  const locked = disabledReason(state);
  if (locked) return `cannot trail: ${locked}`;
  const listing = typed.symbol === '' ? state.market : marketsOf(state).resolve(typed.symbol);
  if (!listing) return typed.symbol === '' ? 'trail: no market loaded' : `trail: no market "${typed.symbol}"`;
  const market = currentMarket(state, listing.id);
  if (!market) return `trail: market ${listing.symbol} has no config yet`;
  const label = marketLabel(market);
  const position = state.trading.positions.find((p) => p.marketId === market.id && p.size > 0);
  if (!position) return `trail: no position in ${label} to protect`;
  const on = typed.on ?? 'mark';
  const reference = referenceOf(state, market.id, on);
  if (reference === null) return `trail: no ${on === 'mark' ? 'live mark' : 'last trade'} price in ${label} yet`;
  let spec: TrailSpec;
  try {
    spec = trailSpecOf(typed, market, position, state.trading.orders, reference);
  } catch (e) {
    return `trail: ${userMessage(e)}`;
  }
  const refusal = validateTrailSpec(spec, market, {
    reference,
    liquidation: position.liquidationPrice,
    openTriggerOrders: state.trading.orders.filter((o) => (o.triggerPrice ?? 0) > 0).length,
    maxAccountTriggerOrders: state.trading.maxAccountTriggerOrders,
  });
  if (refusal) return `trail: ${refusal}`;
  askConfirm(store, { text: trailQuestion(spec, market, reference, position.liquidationPrice), action: { kind: 'trail', spec }, at: 'bar', yes: 'start trail' });
  return null;
}

answerConfirmWith('trail', {
  yes: ({ store, actions }, action) => {
    const spec = action.spec;
    const market = currentMarket(store.getState(), spec.marketId);
    actions.startTrail(spec, `trail ${market ? marketLabel(market) : `#${spec.marketId}`}`);
  },
});
