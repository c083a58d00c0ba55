// `:chase buy|sell SIZE [max 20t|0.5%|PRICE] [for 60s] [leave|cancel] [lev X]` (and `:chase close [SIZE]`, a
// reduce-only chase closing the position on screen): a PostOnly limit at the top of the book on screen,
// re-priced as the best moves away, never past its bound, until filled, its bound or its deadline. The typed
// line made exact, refused with validateChaseSpec's words (the runner's own check: ticks, lots, minimum value
// at the start and at the bound) before anything is asked; one confirm saying the start price, the bound, the
// deadline and what happens at the bound; `y` starts it through TerminalActions.startChase.

import { chaseBoundPrice, chaseTopPrice, validateChaseSpec, type BookTop, type ChaseSpec } from '../../domain/algos/chase.js';
import { distanceText } from '../../domain/algos/distance.js';
import { marketLabel } from '../../domain/market-label.js';
import { marketWords, priceText, sizeText } from '../../domain/trading/order-words.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import type { Market } from '../../protocol/frames.js';
import { InputError, userMessage } from '../../protocol/errors.js';
import { parseLeverage, parseTypedScaled, toWireInteger } from '../../protocol/scaling.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { answerConfirmWith } from '../confirm/answers.js';
import type { TypedChase } from '../command-line/parse.js';
import { currentMarket, defaultLeverage, disabledReason } from '../order-entry/flow.js';
import { durationText } from './twap-flow.js';
import { algoDistanceOf } from './typed-distance.js';
import { algoSize, notesText } from './algo-words.js';

/** Without `max`: half a percent from the start price. */
const DEFAULT_MAX = { unit: 'pct', value: '0.5' } as const;
/** Without `for`: a minute. */
const DEFAULT_CHASE_MS = 60_000;

/** The best bid and ask of the book on screen when it is `marketId`'s; nulls otherwise. */
export function screenBookTop(state: TerminalState, marketId: number): BookTop {
  const book = state.book?.marketId === marketId ? state.book : null;
  return { bid: book?.bids[0]?.price ?? null, ask: book?.asks[0]?.price ?? null };
}

/**
 * The typed line as exact integers (a close: the side that reduces `position`, its whole size unless one is
 * typed, never more); throws the reason, naming the word.
 */
export function chaseSpecOf(typed: TypedChase, market: Market, leverageText: string, position: PositionRowView | null): ChaseSpec {
  const { price_decimals: pd, size_decimals: sd } = market.config;
  const words = marketWords(market, market.id);
  let side = typed.side;
  let size = typed.size === undefined ? null : toWireInteger(parseTypedScaled(typed.size, sd, 'size'), 'size');
  if (typed.close) {
    if (!position) throw new InputError(`no position in ${words.label} to close`);
    side = position.side === 1 ? 'short' : 'long';
    if (size !== null && size > position.size) throw new InputError(`size ${sizeText(size, words)} is more than the position ${sizeText(position.size, words)}`);
    size ??= position.size;
  }
  if (side === undefined || size === null) throw new InputError('say buy or sell and a size');
  return {
    marketId: market.id,
    side,
    size,
    leverage: typed.close ? 0 : parseLeverage(leverageText),
    ...(typed.close ? { reduceOnly: true } : {}),
    maxDistance: algoDistanceOf(typed.max ?? DEFAULT_MAX, pd, 'max'),
    durationMs: typed.durationMs ?? DEFAULT_CHASE_MS,
    atBound: typed.atBound ?? 'leave',
  };
}

/** What the confirm says the chase will do: the start price (top of book), the bound, the deadline and what happens at the bound. */
export function chaseQuestion(spec: ChaseSpec, market: Market, top: BookTop, said = ''): string {
  const words = marketWords(market, market.id);
  const buy = spec.side === 'long';
  const start = chaseTopPrice(spec.side, top) ?? 0;
  const bound = chaseBoundPrice(spec, start);
  const what = spec.reduceOnly ? `close ${buy ? 'short' : 'long'} by ${buy ? 'buying' : 'selling'}` : buy ? 'buy' : 'sell';
  // Short enough for the bottom line at 200 columns beside its keys.
  return (
    `Chase ${what} ${sizeText(spec.size, words)} PostOnly from ${buy ? 'bid' : 'ask'} ${priceText(start, words)} ${buy ? 'up' : 'down'} to ${priceText(bound, words)} ` +
    `(max ${distanceText(spec.maxDistance, words)}) for ${durationText(spec.durationMs)}; at the bound ${spec.atBound === 'leave' ? 'left resting' : 'cancelled'}, ` +
    `at the deadline cancelled${said}; start?`
  );
}

/** Opens the confirm of a typed `:chase`; returns why it is refused (nothing asked, nothing sent), or null. */
export function openChaseConfirm(store: TerminalStore, typed: TypedChase): string | null {
  const state = store.getState();
  const locked = disabledReason(state);
  if (locked) return `cannot chase: ${locked}`;
  const market = currentMarket(state);
  if (!market) return 'chase: no market loaded';
  const position = state.trading.positions.find((p) => p.marketId === market.id && p.size > 0) ?? null;
  let spec: ChaseSpec;
  let said = '';
  const top = screenBookTop(state, market.id);
  try {
    const leverage = typed.leverage ?? defaultLeverage(state, market);
    // A size in quote or percent is worth a number only at a price: the spec's bound first (one lot stands in).
    const worded = typed.size !== undefined && !typed.close && /^\$|%$/.test(typed.size);
    spec = chaseSpecOf(worded ? { ...typed, size: '1' } : typed, market, leverage, position);
    if (worded) {
      // "$500", "10%": at the dearest price the chase may rest at (its start or its bound), so it never costs more than asked.
      const start = chaseTopPrice(spec.side, top);
      const dearest = start === null ? null : BigInt(Math.max(start, chaseBoundPrice(spec, start)));
      const size = algoSize(state, market, typed.size!, { quotePrice: dearest, percentPrice: dearest, leverage: parseLeverage(leverage) });
      spec = { ...spec, size: toWireInteger(size.value, 'size') };
      said = notesText([size]);
    }
  } catch (e) {
    return `chase: ${userMessage(e)}`;
  }
  const refusal = validateChaseSpec(spec, market, top);
  if (refusal) return `chase: ${refusal}`;
  askConfirm(store, { text: chaseQuestion(spec, market, top, said), action: { kind: 'chase', spec }, at: 'bar', yes: 'start chase' });
  return null;
}

answerConfirmWith('chase', {
  yes: ({ store, actions }, action) => {
    const spec = action.spec;
    const market = currentMarket(store.getState(), spec.marketId);
    const what = spec.reduceOnly ? 'close' : spec.side === 'long' ? 'buy' : 'sell';
    actions.startChase(spec, `chase ${what} ${market ? marketLabel(market) : `#${spec.marketId}`}`);
  },
});
