// What the position editors (`x` close, `a` collateral, `t` TP/SL) mean: typed text -> a request (scaled
// integers, parsed exactly with protocol/scaling, never through a float), plus the confirm question to ask first, its prices, sizes and
// amounts in the words the Journal uses for them (domain/trading/order-words.ts). Pure.

import { WHOLE_POSITION_BPS, closeSizeOfBps, formatClosePercent, isPercentText, parseClosePercent } from '../../domain/trading/close-share.js';
import { isLongSide, type PositionProtection } from '../../domain/trading/protection.js';
import { moneyText, priceText, refWords, sizeText } from '../../domain/trading/order-words.js';
import { stopLiquidationProblem } from '../../domain/trading/stop-liquidation.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import type { MarketRef } from '../../domain/views.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { parsePrice, parseScaled, parseSize } from '../../protocol/scaling.js';
import { userMessage } from '../../protocol/errors.js';
import { sideProblem, sideWord, type EditorResult } from '../tabs/editor.js';

/** `x`: "50%", "0.01", "50% @ 67000", "" (everything at market). Always confirmed (default Cancel). */
export function closeIntent(text: string, position: PositionRowView, market: MarketRef, slippageBps?: number): EditorResult {
  const [amountPart = '', pricePart, extra] = text.split('@').map((s) => s.trim());
  if (extra !== undefined) return { error: 'one "@" at most' };
  try {
    // A percentage crosses the command interface as basis points (the client resolves it against the
    // position it holds when it sends); the size shown here comes from the same integer rounding.
    const words = refWords(market);
    let share: { bps: number } | { size: number } = { bps: WHOLE_POSITION_BPS };
    let size = position.size;
    let percent: string | null = '100%';
    if (amountPart !== '') {
      if (isPercentText(amountPart)) {
        const parsed = parseClosePercent(amountPart);
        if ('error' in parsed) return parsed;
        share = parsed;
        size = closeSizeOfBps(position.size, parsed.bps);
        percent = formatClosePercent(parsed.bps);
      } else {
        size = parseSize(amountPart, market.sizeDecimals);
        share = { size };
        percent = null;
      }
    }
    if (size <= 0) return { error: 'that closes nothing (size rounds to 0)' };
    if (size > position.size) return { error: `the position holds only ${sizeText(position.size, words)}` };
    // "close 50% (0.001 BTC) of ...", or for a typed size "close 0.001 BTC of ...".
    const what = percent === null ? sizeText(size, words) : `${percent} (${sizeText(size, words)})`;
    const head = `close ${what} of ${sideWord(position.side)} ${market.symbol} #${position.positionId}`;
    if (pricePart !== undefined) {
      if (pricePart === '') return { error: 'type the limit price after "@"' };
      const price = parsePrice(pricePart, market.priceDecimals);
      if (price <= 0) return { error: 'price must be above 0' };
      return { intent: { kind: 'close', positionId: position.positionId, opts: { kind: 'limit', ...share, price } }, confirm: `${head} limit @ ${priceText(price, words)}?` };
    }
    const cap = slippageBps === undefined ? 'market default cap' : `slippage ≤ ${slippageBps} bps`;
    const opts = { kind: 'market' as const, ...share, ...(slippageBps !== undefined ? { slippageBps } : {}) };
    return { intent: { kind: 'close', positionId: position.positionId, opts }, confirm: `${head} at market, ${cap}?` };
  } catch (e) {
    return { error: userMessage(e) };
  }
}

/** `a`: an amount in collateral units -> atoms string. Confirmed (collateral never auto-retries). */
export function collateralIntent(text: string, position: PositionRowView, market: MarketRef): EditorResult {
  try {
    const atoms = parseScaled(text, COLLATERAL_DECIMALS, 'amount');
    if (atoms <= 0n) return { error: 'amount must be above 0' };
    return {
      intent: { kind: 'collateral', positionId: position.positionId, amount: atoms.toString() },
      confirm: `add ${moneyText(atoms)} collateral to ${sideWord(position.side)} ${market.symbol} #${position.positionId}?`,
    };
  } catch (e) {
    return { error: userMessage(e) };
  }
}

/**
 * `t`: "tp 69000 sl 65000 [last]". Take-profit must be on the profit side of the reference, stop on the loss
 * side (sideProblem), and the stop inside the position's liquidation price (stop-liquidation.ts). `lastTrade`: the market's last trade price when known (a `last` trigger is checked on it).
 */
export function protectIntent(text: string, position: PositionRowView, market: MarketRef, current?: PositionProtection, lastTrade?: number | null): EditorResult {
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
    return { error: userMessage(e) };
  }
  if (tp === undefined && sl === undefined) return { error: 'give tp PRICE, sl PRICE or both' };
  const long = isLongSide(position.side);
  const wrongSide = sideProblem(long, position, market, on, lastTrade, [
    ['take-profit', tp],
    ['stop-loss', sl],
  ]);
  if (wrongSide) return { error: wrongSide };
  const neverFires = sl === undefined ? null : stopLiquidationProblem({ name: 'SL', long, price: sl, liquidation: position.liquidationPrice }, refWords(market));
  if (neverFires) return { error: neverFires };
  const px = (raw: number) => priceText(raw, refWords(market));
  const parts = [tp !== undefined ? `TP ${px(tp)}` : null, sl !== undefined ? `SL ${px(sl)}` : null].filter(Boolean);
  // Say what the new triggers replace: the old ones of the same role are cancelled once the new are armed.
  const replaced = [
    ...(tp !== undefined ? (current?.takeProfit ?? []).map((t) => `TP ${px(t.price)}`) : []),
    ...(sl !== undefined ? (current?.stopLoss ?? []).map((t) => `SL ${px(t.price)}`) : []),
  ];
  return {
    intent: { kind: 'protect', positionId: position.positionId, on, ...(tp !== undefined ? { tp } : {}), ...(sl !== undefined ? { sl } : {}) },
    confirm: `attach ${parts.join(' and ')} (on ${on}) to ${sideWord(position.side)} ${market.symbol} #${position.positionId}${replaced.length > 0 ? `, replacing ${replaced.join(' and ')}` : ''}?`,
  };
}

