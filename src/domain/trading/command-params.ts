// The parameters of the trading commands: what the screen builds (state/) and the command interface
// takes (client/). Declared in domain/ so both layers share one definition without importing each other.
// Every value is a scaled integer (price ticks, size units, leverage hundredths, atoms).

import type { ExecutionOrigin } from './execution-report.js';

export type PlaceKind = 'limit' | 'market' | 'post-only' | 'ioc' | 'fok';
export type { Side } from './side.js';
import type { Side } from './side.js';

export interface TriggerSpec {
  /** Trigger price, scaled. */
  price: number;
  /** Which price crosses it (default mark, like the web UI). */
  on?: 'mark' | 'last';
  /** Scaled size to close when it fires; default the whole position (it is clamped to the position anyway). */
  size?: number;
}

/** Which old triggers a replace cancels once the new ones are armed. */
export interface ReplaceOptions {
  /** Only these orders (e.g. the one trigger being moved); default every trigger of the same role linked to the position. */
  replacing?: readonly number[];
}

export interface PlaceParams {
  marketId: number;
  kind: PlaceKind;
  side: Side;
  /** Scaled size units. */
  size: number;
  /** Scaled limit price; required for limit / post-only, optional for ioc / fok (absent = market). */
  price?: number;
  /** Hundredths (1000 = 10x). */
  leverage: number;
  /** Market orders: cap in bps (default: the market's order_max_market_slippage_bps). */
  slippageBps?: number;
  /** Last execution block; default 0 (the server picks the window). */
  lastBlock?: number;
  /** Attached protective triggers, sent linked by `tr` once the order is live or filled. */
  tp?: TriggerSpec;
  sl?: TriggerSpec;
  /** The key press that sent it (monotonic time, the mark then, the review's estimate): it gets an execution report. */
  origin?: ExecutionOrigin;
  /**
   * A close (CloseLong / CloseShort, t 3 / 4): it only reduces the position of the other side, never opens
   * one. The interface has no reduce-only flag: close order types are how an order is reduce-only.
   */
  reduceOnly?: boolean;
  /**
   * A stand-alone stop: held by the exchange (st 8 Untriggered, lb 0) until the price crosses `trigger.price`
   * (a buy fires at or above it, a sell at or below), then runs as the order it is (market or limit).
   */
  trigger?: TriggerSpec;
  /**
   * The review's `r`: re-arm the TP/SL of the position this order grows for its size after the order. Only the
   * intent: once the order filled (any part of it) or rests, the client reads the position of the order's side
   * in its market, its size as the exchange reports it and its armed triggers (client/resize-with-order.ts).
   * Not with `tp` / `sl` (the order brings its own) nor `reduceOnly` (it grows nothing).
   */
  resizeProtection?: boolean;
  /**
   * The order group it is a leg of (a scaled order, domain/algos/scale.ts): journaled with its request, so
   * its Open orders row says the group and the group cancels as one after a restart too.
   */
  group?: string;
}

export interface CloseParams {
  kind: 'market' | 'limit';
  /**
   * Part of the position in basis points, an integer from 1 to 10_000 (100 %), resolved against the
   * position the client holds when it sends, to whole size units rounded down (close-share.ts).
   */
  bps?: number;
  /** Or an exact scaled size. Neither = the whole position. */
  size?: number;
  price?: number;
  slippageBps?: number;
}
