// The review's `r` run once its order went through: the TP/SL of the position the order grows re-armed for the
// position's size as the exchange reports it. The order carries only the intent; what is resized is read here,
// at the first live block after the order's outcome (a block's position rows come after its order rows): the
// position of the order's side in its market, its size then (plus what the order still rests for), and its
// armed triggers (domain/trading/protection-resize.ts). It runs whenever any part filled (a market order cut at
// its cap too, whether the exchange ends it Filled or Canceled) or the order rests; it goes through the replace
// path (replace-protection.ts: the new armed first, then the old cancelled; a stop its liquidation beats is
// refused there). The outcome says what was resized, or that nothing was and why.

import { OrderStatus, PositionSide } from '../protocol/enums.js';
import type { Position } from '../protocol/frames.js';
import type { CommandOutcome, RequestResult, Side } from '../domain/trading/commands.js';
import { marketWords, sizeText } from '../domain/trading/order-words.js';
import { protectionOf } from '../domain/trading/protection.js';
import { protectionResize } from '../domain/trading/protection-resize.js';
import { orderRow } from '../domain/trading/rows.js';
import { type BlockWaitOptions, nextLiveBlock } from './next-live-block.js';
import { type ReplaceProtectionDeps, replaceProtection } from './replace-protection.js';
import type { TradingSession } from './trading/session.js';

export interface ResizeWithOrderDeps extends BlockWaitOptions {
  session: TradingSession;
  /** The replace path's reads, and its sends stamped for the order's key press. */
  protection: ReplaceProtectionDeps;
}

/** The order as placed. */
export interface GrowingOrder {
  marketId: number;
  side: Side;
  size: number;
  /** A limit / post-only order may rest; a market, IOC or FOK order ends with its outcome. */
  canRest: boolean;
}

/** How much the order will still add to its position after its outcome, or why there is nothing to resize. */
export type OrderGrowth = { resting: number } | { none: string; ok: boolean };

const HELD: ReadonlySet<number> = new Set([OrderStatus.Untriggered, OrderStatus.Triggered]);
const RESTING: ReadonlySet<number> = new Set([OrderStatus.Open, OrderStatus.PartiallyFilled]);

/** Whether the order's result grew (or will grow) the position: any part filled, or it rests. Pure. */
export function orderGrowth(r: RequestResult, order: Pick<GrowingOrder, 'size' | 'canRest'>): OrderGrowth {
  if (r.kind === 'failed' || r.kind === 'rejected' || r.kind === 'invalid') return { none: 'the order did not go through', ok: true };
  if (r.kind !== 'definitive' || r.st === undefined) return { none: `the order's outcome is ${r.kind}: check the position's TP/SL`, ok: false };
  const filled = r.fs !== undefined ? r.fs : r.st === OrderStatus.Filled ? (r.os ?? order.size) : 0;
  // A stop is held until it fires; a limit rests; an IOC reported part filled has ended (outcome-words.ts).
  const rests = HELD.has(r.st) || (order.canRest && RESTING.has(r.st));
  const resting = rests ? Math.max(0, (r.os ?? order.size) - filled) : 0;
  if (filled <= 0 && resting <= 0) return { none: 'nothing filled', ok: true };
  return { resting };
}

function samePosition(deps: ResizeWithOrderDeps, order: GrowingOrder): Position | undefined {
  const side = order.side === 'long' ? PositionSide.Long : PositionSide.Short;
  return [...deps.session.state.positions.values()].find((x) => x.mkt === order.marketId && x.sd === side && x.s > 0);
}

/** The order's outcome `r` followed by the resize of its position's TP/SL, in one outcome. */
export async function resizeWithOrder(deps: ResizeWithOrderDeps, order: GrowingOrder, r: RequestResult): Promise<CommandOutcome> {
  const main: CommandOutcome = { ok: r.kind === 'definitive', results: [r], message: r.message };
  const notResized = (why: string, ok: boolean): CommandOutcome => ({ ...main, ok: main.ok && ok, message: `${main.message}; TP/SL not resized: ${why}` });
  const growth = orderGrowth(r, order);
  if ('none' in growth) return notResized(growth.none, growth.ok);
  if (!(await nextLiveBlock(deps.session, deps))) return notResized('no live block after the order to read the position by', false);
  const m = marketWords(deps.protection.market(order.marketId), order.marketId);
  const position = samePosition(deps, order);
  if (!position) return notResized(`no ${order.side} position in ${m.label} after the order`, false);
  const size = position.s + growth.resting;
  const orders = [...deps.protection.orders()].map((o) => orderRow(o, null));
  const need = protectionResize(protectionOf({ positionId: position.pid, side: position.sd }, orders), size);
  if (!need) return notResized(`they cover its ${sizeText(size, m)} already`, true);
  if ('refused' in need.plan) return notResized(need.plan.refused, false);
  const { replacing, ...roles } = need.plan;
  const resized = await replaceProtection(deps.protection, position.pid, roles, { replacing }).outcome;
  // Refused before anything was sent (a stop the liquidation after the fill beats): the old ones stay as they were.
  if (resized.results.every((x) => x.rq === 0)) return notResized(resized.message, false);
  return {
    ok: main.ok && resized.ok,
    results: [r, ...resized.results],
    message: `${main.message}; TP/SL resized: ${resized.message}`,
  };
}
