// Pre-send validation of an order's own rules (interface.md 7.3 plus what the live service enforces, wire.md
// 4 and 8.9-8.10). One clear reason per failure, keyed by the field the user can fix. Whether the session
// can send at all (key, socket, account, journal, rate queue) is sessionLocks, apart.

import { OrderFlag, OrderType } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import { NOMINAL_MS_PER_BLOCK } from '../block-time.js';
import { notionalAtoms } from './notional.js';
import { type OrderDraft, isTriggerDraft } from './order-draft.js';
import { expiryLimitProblem, moneyText } from './order-words.js';
import { conditionDirection, firesAtOrBelow, roleOfCondition } from './protection.js';

export interface ValidationProblem {
  field: string;
  message: string;
}
export type ValidationResult = { ok: true } | { ok: false; problems: ValidationProblem[] };

export interface ValidationContext {
  /** The market of the order as the context lists it; undefined when it is not listed. */
  market: Market | undefined;
  /** Head block, null before the first heartbeat. */
  head: number | null;
  /** Resting trigger orders of the account (for the cap). */
  openTriggerOrders: number;
  maxAccountTriggerOrders: number | undefined;
  /** Price used to value market orders for the minimum-value check (mark), scaled. */
  referencePrice?: number;
  /** The block time measured, for an expiry's words (nominal when absent). */
  msPerBlock?: number;
}

const OPENS: ReadonlySet<number> = new Set([OrderType.OpenLong, OrderType.OpenShort]);
const CLOSES: ReadonlySet<number> = new Set([OrderType.CloseLong, OrderType.CloseShort]);
const FLAGS: ReadonlySet<number> = new Set(Object.values(OrderFlag));

function isPositiveInteger(n: number | undefined): n is number {
  return n !== undefined && Number.isSafeInteger(n) && n > 0;
}

function checkLastBlock(d: OrderDraft, market: Market, ctx: ValidationContext, out: ValidationProblem[]): void {
  const head = ctx.head;
  if (isTriggerDraft(d)) {
    if (d.lb !== 0) out.push({ field: 'lb', message: 'trigger orders must use lb = 0' });
    return;
  }
  if (d.lb === 0) return;
  if (!Number.isSafeInteger(d.lb) || d.lb < 0) {
    out.push({ field: 'lb', message: 'lb must be 0 or a block number' });
  } else if (head === null) {
    out.push({ field: 'lb', message: 'head block unknown: use lb = 0' });
  } else if (d.lb <= head) {
    out.push({ field: 'lb', message: `lb ${d.lb} is not after the head block ${head}` });
  } else if (d.lb > head + market.order_ttl_blocks) {
    out.push({ field: 'lb', message: expiryLimitProblem(market.order_ttl_blocks, ctx.msPerBlock ?? NOMINAL_MS_PER_BLOCK) });
  }
}

function checkTrigger(d: OrderDraft, ctx: ValidationContext, out: ValidationProblem[]): void {
  if (!isTriggerDraft(d)) {
    if (d.tpc !== undefined && d.tpc !== 0) out.push({ field: 'tp', message: 'a trigger condition needs a trigger price' });
    return;
  }
  // A protective trigger (a role) is a close; a stand-alone stop may open (interface.md 2.4: any OrderRequest with tp).
  if (d.triggerRole && !CLOSES.has(d.t)) out.push({ field: 't', message: 'take-profit / stop-loss triggers are closes (CloseLong / CloseShort)' });
  if (!OPENS.has(d.t) && !CLOSES.has(d.t)) out.push({ field: 't', message: 'only opens and closes can carry a trigger' });
  if (conditionDirection(d.tpc) === null) {
    out.push({ field: 'tpc', message: 'trigger condition must be 1..4 (GTE/LTE on last or mark)' });
  } else if (d.triggerRole && CLOSES.has(d.t)) {
    const long = d.t === OrderType.CloseLong;
    if (roleOfCondition(long, d.tpc) !== d.triggerRole) {
      out.push({ field: 'tpc', message: `${d.triggerRole} of this side needs ${firesAtOrBelow(long, d.triggerRole) ? 'an LTE' : 'a GTE'} condition` });
    }
  }
  const cap = ctx.maxAccountTriggerOrders;
  if (cap !== undefined && ctx.openTriggerOrders >= cap) {
    out.push({ field: 'tp', message: `the account already has ${ctx.openTriggerOrders} trigger orders (max ${cap})` });
  }
}

function checkMinimumValue(d: OrderDraft, ctx: ValidationContext, market: Market, out: ValidationProblem[]): void {
  if (d.fullClose) return;
  const resting = d.p !== undefined && d.p > 0 && (d.fl === OrderFlag.GoodTillCancel || d.fl === OrderFlag.PostOnly);
  const minimum = BigInt(resting ? market.config.min_posting_amount || '0' : market.config.min_settle_amount || '0');
  if (minimum <= 0n) return;
  const price = d.p && d.p > 0 ? d.p : ctx.referencePrice;
  // A size or price that is not a whole scaled integer has its own problem; it has no value to compare.
  if (price === undefined || !isPositiveInteger(d.s) || !Number.isSafeInteger(price)) return;
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  if (notionalAtoms(price, d.s, scales) < minimum) {
    out.push({ field: 'size', message: `order value is under the exchange minimum (${moneyText(minimum)})` });
  }
}

function checkPriced(d: OrderDraft, ctx: ValidationContext, market: Market, out: ValidationProblem[]): void {
  if (!isPositiveInteger(d.s)) out.push({ field: 'size', message: 'size must be a whole number of size units, > 0' });
  if (!FLAGS.has(d.fl)) out.push({ field: 'fl', message: `unknown flags ${d.fl}` });
  if (OPENS.has(d.t)) {
    if (!isPositiveInteger(d.lv)) out.push({ field: 'leverage', message: 'leverage must be > 0' });
    else if (d.lv > market.config.initial_margin) {
      out.push({ field: 'leverage', message: `leverage above the market maximum ${market.config.initial_margin / 100}x` });
    }
  }
  const market0 = (d.p ?? 0) === 0;
  if (!market0 && !isPositiveInteger(d.p)) out.push({ field: 'price', message: 'limit price must be a positive scaled integer' });
  if (market0 && !isTriggerDraft(d)) {
    if (d.fl === OrderFlag.PostOnly) out.push({ field: 'price', message: 'a post-only order needs a limit price' });
    if (!isPositiveInteger(d.ms)) out.push({ field: 'slippage', message: 'market orders need a slippage cap (ms > 0 bps)' });
  }
  checkLastBlock(d, market, ctx, out);
  checkTrigger(d, ctx, out);
  checkMinimumValue(d, ctx, market, out);
}

/**
 * A context for the order's own rules only (size and price steps, leverage, minimum value, expiry), with
 * no trigger cap. Whether the session can send at all is sessionLocks (session-locks.ts), judged apart.
 */
export function orderRulesContext(market: Market | undefined, head: number | null, referencePrice?: number | null): ValidationContext {
  return {
    market,
    head,
    openTriggerOrders: 0,
    maxAccountTriggerOrders: undefined,
    ...(referencePrice !== undefined && referencePrice !== null ? { referencePrice } : {}),
  };
}

export function validateOrder(d: OrderDraft, ctx: ValidationContext): ValidationResult {
  const out: ValidationProblem[] = [];
  const market = ctx.market;
  if (market === undefined) out.push({ field: 'market', message: `market ${d.mkt} is not in the context` });
  else if (!market.config.is_open && d.t !== OrderType.Cancel) out.push({ field: 'market', message: `market ${d.mkt} is closed` });
  if (market !== undefined) {
    switch (d.t) {
      case OrderType.Cancel:
        if (!isPositiveInteger(d.oid)) out.push({ field: 'oid', message: 'cancel needs the order id' });
        checkLastBlock(d, market, ctx, out);
        break;
      case OrderType.Change:
        if (!isPositiveInteger(d.oid)) out.push({ field: 'oid', message: 'change needs the order id' });
        if (!isPositiveInteger(d.p) && !isPositiveInteger(d.s)) out.push({ field: 'price', message: 'change needs a new price or size' });
        checkLastBlock(d, market, ctx, out);
        break;
      case OrderType.IncreasePositionCollateral:
        if (!isPositiveInteger(d.lp)) out.push({ field: 'lp', message: 'collateral increase needs the position id' });
        if (d.a === undefined || !/^\d+$/.test(d.a) || BigInt(d.a) <= 0n) out.push({ field: 'amount', message: 'amount must be > 0' });
        break;
      case OrderType.OpenLong:
      case OrderType.OpenShort:
      case OrderType.CloseLong:
      case OrderType.CloseShort:
        checkPriced(d, ctx, market, out);
        break;
      default:
        out.push({ field: 't', message: `unknown order type ${d.t}` });
    }
  }
  return out.length === 0 ? { ok: true } : { ok: false, problems: out };
}
