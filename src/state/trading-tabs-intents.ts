// What the trading tabs' editors mean: typed text -> a request (scaled integers, parsed exactly with
// protocol/scaling, never through a float), plus the confirm question to ask first. Pure.

import type { OrderRowView, PositionRowView } from '../domain/trading/views.js';
import type { MarketRef } from '../domain/views.js';
import { COLLATERAL_DECIMALS, PositionSide } from '../protocol/enums.js';
import { formatScaled, parsePrice, parseScaled, parseSize } from '../protocol/scaling.js';
import type { EditorMode, TabIntent } from './trading-tabs.js';

export type EditorResult = { intent: TabIntent; confirm: string | null } | { error: string };

/** The hint shown in each editor. */
export const EDITOR_HINTS: Record<EditorMode, string> = {
  amend: 'PRICE [SIZE]  (Enter reviews the change, y sends it; Esc cancels)',
  close: '25% 50% 75% 100% or SIZE; add "@ PRICE" for a limit close  (empty = 100% market)',
  collateral: 'AMOUNT to add, in collateral units',
  tpsl: 'tp PRICE  sl PRICE  [last]  (either or both; mark by default)',
};

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function sideWord(side: number): string {
  return side === PositionSide.Short ? '▼ SHORT' : '▲ LONG';
}

/** `e`: "PRICE [SIZE]" for an open order; the size is the new remaining size. */
export function amendIntent(text: string, order: OrderRowView, market: MarketRef): EditorResult {
  const [priceText, sizeText, extra] = text.trim().split(/\s+/);
  if (!priceText || extra !== undefined) return { error: 'type PRICE or PRICE SIZE' };
  try {
    const price = parsePrice(priceText, market.priceDecimals);
    const size = sizeText === undefined ? undefined : parseSize(sizeText, market.sizeDecimals);
    if (price <= 0) return { error: 'price must be above 0' };
    if (size !== undefined && size <= 0) return { error: 'size must be above 0' };
    if (price === order.price && (size === undefined || size === order.originalSize - order.filledSize)) {
      return { error: 'nothing changes' };
    }
    return { intent: { kind: 'change', orderId: order.orderId, price, ...(size !== undefined ? { size } : {}) }, confirm: null };
  } catch (e) {
    return { error: message(e) };
  }
}

/** `x`: "50%", "0.01", "50% @ 67000", "" (everything at market). Always confirmed (default Cancel). */
export function closeIntent(text: string, position: PositionRowView, market: MarketRef, slippageBps?: number): EditorResult {
  const [amountPart = '', pricePart, extra] = text.split('@').map((s) => s.trim());
  if (extra !== undefined) return { error: 'one "@" at most' };
  try {
    let size = position.size;
    let what = '100%';
    if (amountPart !== '') {
      const pct = /^(\d{1,3}(?:\.\d{1,2})?)\s*%$/.exec(amountPart);
      if (pct) {
        // Hundredths of a percent in integers, so 50% of 3 units is exactly 1 (rounded down).
        const bp = Number(parseScaled(pct[1] ?? '', 2, 'percent'));
        if (bp <= 0 || bp > 10_000) return { error: 'percent must be in (0, 100]' };
        size = Number((BigInt(position.size) * BigInt(bp)) / 10_000n);
        what = `${pct[1]}%`;
      } else {
        size = parseSize(amountPart, market.sizeDecimals);
        what = formatScaled(size, market.sizeDecimals);
      }
    }
    if (size <= 0) return { error: 'that closes nothing (size rounds to 0)' };
    if (size > position.size) return { error: `the position holds only ${formatScaled(position.size, market.sizeDecimals)}` };
    const sizeText = formatScaled(size, market.sizeDecimals);
    const head = `close ${what} (${sizeText}) of ${sideWord(position.side)} ${market.symbol} #${position.positionId}`;
    if (pricePart !== undefined) {
      if (pricePart === '') return { error: 'type the limit price after "@"' };
      const price = parsePrice(pricePart, market.priceDecimals);
      if (price <= 0) return { error: 'price must be above 0' };
      return { intent: { kind: 'close', positionId: position.positionId, opts: { kind: 'limit', size, price } }, confirm: `${head} limit @ ${formatScaled(price, market.priceDecimals)}?` };
    }
    const cap = slippageBps === undefined ? 'market default cap' : `slippage ≤ ${slippageBps} bps`;
    const opts = { kind: 'market' as const, size, ...(slippageBps !== undefined ? { slippageBps } : {}) };
    return { intent: { kind: 'close', positionId: position.positionId, opts }, confirm: `${head} at market, ${cap}?` };
  } catch (e) {
    return { error: message(e) };
  }
}

/** `a`: an amount in collateral units -> atoms string. Confirmed (collateral never auto-retries). */
export function collateralIntent(text: string, position: PositionRowView, market: MarketRef): EditorResult {
  try {
    const atoms = parseScaled(text, COLLATERAL_DECIMALS, 'amount');
    if (atoms <= 0n) return { error: 'amount must be above 0' };
    return {
      intent: { kind: 'collateral', positionId: position.positionId, amount: atoms.toString() },
      confirm: `add ${formatScaled(atoms, COLLATERAL_DECIMALS)} collateral to ${sideWord(position.side)} ${market.symbol} #${position.positionId}?`,
    };
  } catch (e) {
    return { error: message(e) };
  }
}

/** `t`: "tp 69000 sl 65000 [last]". Take-profit must be on the profit side of the mark, stop on the loss side. */
export function protectIntent(text: string, position: PositionRowView, market: MarketRef): EditorResult {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  let tp: number | undefined;
  let sl: number | undefined;
  let on: 'mark' | 'last' = 'mark';
  try {
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (w === 'last' || w === 'mark') on = w;
      else if (w === 'tp' || w === 'sl') {
        const value = words[++i];
        if (value === undefined) return { error: `a price after "${w}"` };
        const price = parsePrice(value, market.priceDecimals);
        if (price <= 0) return { error: 'price must be above 0' };
        if (w === 'tp') tp = price;
        else sl = price;
      } else return { error: `unknown word "${w}" (tp PRICE sl PRICE [last])` };
    }
  } catch (e) {
    return { error: message(e) };
  }
  if (tp === undefined && sl === undefined) return { error: 'give tp PRICE, sl PRICE or both' };
  const long = position.side !== PositionSide.Short;
  const ref = position.markPrice ?? position.entryPrice;
  if (tp !== undefined && (long ? tp <= ref : tp >= ref)) return { error: `take-profit must be ${long ? 'above' : 'below'} ${formatScaled(ref, market.priceDecimals)}` };
  if (sl !== undefined && (long ? sl >= ref : sl <= ref)) return { error: `stop-loss must be ${long ? 'below' : 'above'} ${formatScaled(ref, market.priceDecimals)}` };
  const parts = [tp !== undefined ? `TP ${formatScaled(tp, market.priceDecimals)}` : null, sl !== undefined ? `SL ${formatScaled(sl, market.priceDecimals)}` : null].filter(Boolean);
  return {
    intent: { kind: 'protect', positionId: position.positionId, on, ...(tp !== undefined ? { tp } : {}), ...(sl !== undefined ? { sl } : {}) },
    confirm: `attach ${parts.join(' and ')} (on ${on}) to ${sideWord(position.side)} ${market.symbol} #${position.positionId}?`,
  };
}
