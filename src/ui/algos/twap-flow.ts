// `:twap buy 0.5 10m [slices 20] [jitter 20%] [slip 30bps | limit 67000] [lev X]`: the typed line made
// exact (size units, ms, bps, ticks), refused with validateTwapSpec's words (the runner's own check)
// before anything is asked, then one confirm saying what it will do; `y` starts it through
// TerminalActions.startTwap (the runner checks again against the mark of that moment).

import { twapPriceBound, validateTwapSpec, type TwapSpec } from '../../domain/algos/twap.js';
import { marketLabel } from '../../domain/market-label.js';
import { marketWords, priceText, sizeText } from '../../domain/trading/order-words.js';
import type { Market } from '../../protocol/frames.js';
import { userMessage } from '../../protocol/errors.js';
import { formatScaled, parseLeverage, parseTypedScaled, toWireInteger } from '../../protocol/scaling.js';
import { percentSizingPrice } from '../../domain/trading/entry-size.js';
import { referencesOf } from '../command-line/typed-order.js';
import { algoPrice, algoSize, notesText } from './algo-words.js';
import { reviewMark } from '../../state/order-review.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { answerConfirmWith } from '../confirm/answers.js';
import type { TypedTwap } from '../command-line/parse.js';
import { currentMarket, defaultLeverage, disabledReason } from '../order-entry/flow.js';

/** Slices when none is typed: one every 30 s, at least one. */
const DEFAULT_SLICE_MS = 30_000;
/** The price bound when neither slip nor limit is typed. */
const DEFAULT_SLIP_BPS = 30;

/** The typed line as exact integers; throws the reason, naming the word. */
export function twapSpecOf(typed: TypedTwap, market: Market, leverageText: string): TwapSpec {
  const { price_decimals: pd, size_decimals: sd } = market.config;
  const slices = typed.slices ?? Math.max(1, Math.floor(typed.durationMs / DEFAULT_SLICE_MS));
  return {
    marketId: market.id,
    side: typed.side,
    size: toWireInteger(parseTypedScaled(typed.size, sd, 'size'), 'size'),
    durationMs: typed.durationMs,
    slices,
    // Percent with up to two decimals = bps of the interval.
    jitterBps: toWireInteger(parseTypedScaled(typed.jitter ?? '0', 2, 'jitter'), 'jitter'),
    bound:
      typed.limit !== undefined
        ? { kind: 'limit', price: toWireInteger(parseTypedScaled(typed.limit, pd, 'limit price'), 'limit price') }
        : { kind: 'slip', bps: toWireInteger(parseTypedScaled(typed.slip ?? String(DEFAULT_SLIP_BPS), 0, 'slippage'), 'slippage') },
    leverage: parseLeverage(leverageText),
  };
}

/** "45s", "10m", "2h5m": a duration as the confirms say it. */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.round(s / 60)}m`;
  return `${Math.floor(s / 3600)}h${Math.round((s % 3600) / 60)}m`;
}

/** What the confirm says the TWAP will do. */
export function twapQuestion(spec: TwapSpec, market: Market, mark: number, said = ''): string {
  const words = marketWords(market, market.id);
  const each = Math.floor(spec.size / spec.slices);
  const jitter = spec.jitterBps > 0 ? ` ±${spec.jitterBps / 100}%` : '';
  const bound = twapPriceBound(spec, mark);
  const how = spec.bound.kind === 'slip' ? `${spec.bound.bps} bps ${spec.side === 'long' ? 'over' : 'under'} mark ${priceText(mark, words)}` : 'limit';
  return (
    `TWAP ${spec.side === 'long' ? 'buy' : 'sell'} ${sizeText(spec.size, words)} over ${durationText(spec.durationMs)}: ` +
    `${spec.slices} IOC slice${spec.slices === 1 ? '' : 's'} of ~${sizeText(each, words)} every ${durationText(spec.durationMs / spec.slices)}${jitter}, ` +
    `${spec.side === 'long' ? 'at most' : 'at least'} ${priceText(bound, words)} (${how})${said}; start?`
  );
}

/**
 * The line's relative words in numbers, now: the limit ("@bid+2t") against the book, mark and last, the size
 * ("$500", "10%") at the limit or the mark's slippage bound, as a typed order's are; and how each resolved.
 */
function resolveTwapWords(state: TerminalState, typed: TypedTwap, market: Market, leverage: number, mark: number | null): { typed: TypedTwap; said: string } {
  const { price_decimals: pd, size_decimals: sd } = market.config;
  const limit = typed.limit === undefined ? null : algoPrice(state, market, typed.side, typed.limit, 'limit price');
  const markTicks = mark === null ? null : BigInt(mark);
  const slippageBps = Number(typed.slip ?? DEFAULT_SLIP_BPS);
  const refs = referencesOf(state, market.id);
  const percentPrice = percentSizingPrice({ side: typed.side, limit: limit?.value ?? null, trigger: null, mark: markTicks, slippageBps, bestBid: refs.bid });
  const size = algoSize(state, market, typed.size, { quotePrice: limit?.value ?? markTicks, percentPrice, leverage });
  const exact: TypedTwap = { ...typed, size: formatScaled(size.value, sd), ...(limit ? { limit: formatScaled(limit.value, pd) } : {}) };
  return { typed: exact, said: notesText([...(limit ? [limit] : []), size]) };
}

/** Opens the confirm of a typed `:twap`; returns why it is refused (nothing asked, nothing sent), or null. */
export function openTwapConfirm(store: TerminalStore, typed: TypedTwap): string | null {
  const state = store.getState();
  const locked = disabledReason(state);
  if (locked) return `cannot twap: ${locked}`;
  const market = currentMarket(state);
  if (!market) return 'twap: no market loaded';
  let spec: TwapSpec;
  let said: string;
  const mark = reviewMark(state, market.id) ?? undefined;
  try {
    const leverage = typed.leverage ?? defaultLeverage(state, market);
    const words = resolveTwapWords(state, typed, market, parseLeverage(leverage), mark ?? null);
    said = words.said;
    spec = twapSpecOf(words.typed, market, leverage);
  } catch (e) {
    return `twap: ${userMessage(e)}`;
  }
  const refusal = validateTwapSpec(spec, market, mark);
  if (refusal || mark === undefined) return `twap: ${refusal ?? 'no mark price yet'}`;
  askConfirm(store, { text: twapQuestion(spec, market, mark, said), action: { kind: 'twap', spec }, at: 'bar', yes: 'start TWAP' });
  return null;
}

answerConfirmWith('twap', {
  yes: ({ store, actions }, action) => {
    const spec = action.spec;
    const market = currentMarket(store.getState(), spec.marketId);
    actions.startTwap(spec, `twap ${spec.side === 'long' ? 'buy' : 'sell'} ${market ? marketLabel(market) : `#${spec.marketId}`}`);
  },
});
