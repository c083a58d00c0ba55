// The words a person reads for a request and its outcome, in the market's own units: sizes and prices with
// the market's decimals ("buy 0.02 BTC @ 66,900.0"), the market's name (marketLabel), plain outcomes
// ("filled, taker", "resting"). The wire names stay reachable through rawStatus, which the Journal keeps
// after the plain words. Pure: used by the trading commands (request labels, outcomes) and the Journal.

import { COLLATERAL_DECIMALS, OrderStatus, OrderStatusName, OrderStatusReason, OrderStatusReasonName, enumName } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import { formatAtoms, formatScaledTrim, groupThousands } from '../../protocol/scaling.js';
import { blocksWithTime, roughDuration } from '../block-time.js';
import { marketLabel } from '../market-label.js';
import { reasonName } from './status.js';

/** What the words need of a market; an unlisted one is named by its id and shown in wire units. */
export interface MarketWords {
  label: string;
  priceDecimals: number;
  sizeDecimals: number;
}

export function marketWords(market: Market | undefined, marketId: number): MarketWords {
  if (!market) return { label: `market #${marketId}`, priceDecimals: 0, sizeDecimals: 0 };
  return { label: marketLabel(market), priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
}

/** The words of a market as the context lists it (MarketRef: its label is already `symbol || name`). */
export function refWords(ref: { symbol: string; priceDecimals: number; sizeDecimals: number }): MarketWords {
  return { label: ref.symbol, priceDecimals: ref.priceDecimals, sizeDecimals: ref.sizeDecimals };
}

/** A price scaled integer as the trader types it, grouped: 669000 (1 decimal) -> "66,900". */
export function priceText(price: number | bigint, m: MarketWords): string {
  return groupThousands(formatScaledTrim(price, m.priceDecimals));
}

/** A size as a bare figure in the market's decimals: 192355 (5 decimals) -> "1.92355". */
export function sizeFigure(size: number, m: Pick<MarketWords, 'sizeDecimals'>): string {
  return formatScaledTrim(size, m.sizeDecimals);
}

/** A size with the market's name: 2000 (5 decimals) -> "0.02 BTC". */
export function sizeText(size: number, m: MarketWords): string {
  return `${sizeFigure(size, m)} ${m.label}`;
}

/**
 * A collateral amount in atoms as the account panel reads money: grouped, 2 decimals ("1,234.50"). An amount
 * finer than a cent keeps its own digits ("0.005"): a confirm must never round what is about to be sent.
 */
export function moneyText(atoms: bigint | string): string {
  const value = typeof atoms === 'bigint' ? atoms : /^-?\d+$/.test(atoms) ? BigInt(atoms) : null;
  if (value === null) return formatAtoms(null);
  const cent = 10n ** BigInt(COLLATERAL_DECIMALS - 2);
  return value % cent === 0n ? formatAtoms(value) : groupThousands(formatScaledTrim(value, COLLATERAL_DECIMALS));
}

const at = (price: number | null, m: MarketWords): string => (price === null ? ' at market' : ` @ ${priceText(price, m)}`);

/** "limit buy 0.02 BTC @ 66,900", "market sell 0.5 ETH at market". */
export function placeWords(kind: string, side: 'long' | 'short', size: number, price: number | null, m: MarketWords): string {
  return `${kind} ${side === 'long' ? 'buy' : 'sell'} ${sizeText(size, m)}${at(price, m)}`;
}

/** "cancel BTC order 12". */
export function cancelWords(orderId: number, m: MarketWords): string {
  return `cancel ${m.label} order ${orderId}`;
}

/** "change BTC order 12: price 66,950, size 0.01 BTC" (only what changes). */
export function changeWords(orderId: number, change: { price?: number; size?: number }, m: MarketWords): string {
  const parts = [change.price ? `price ${priceText(change.price, m)}` : '', change.size ? `size ${sizeText(change.size, m)}` : ''].filter(Boolean);
  return `change ${m.label} order ${orderId}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

/** "close 0.02 BTC of position 7 at market". */
export function closeWords(positionId: number, size: number, price: number | null, m: MarketWords): string {
  return `close ${sizeText(size, m)} of position ${positionId}${at(price, m)}`;
}

/** "add 100.00 collateral to position 7" (`amount` in atoms). */
export function collateralWords(positionId: number, amount: string): string {
  return `add ${/^\d+$/.test(amount) ? moneyText(amount) : formatAtoms(null)} collateral to position ${positionId}`;
}

/** "take-profit @ 70,000 BTC for position 7" / "... for rq 3". */
export function triggerWords(role: string, price: number, m: MarketWords, target: string, on: 'mark' | 'last' = 'mark'): string {
  // The mark is the default (and the web UI's): only a trigger on the last trade says which price fires it.
  return `${role} @ ${priceText(price, m)} ${m.label}${on === 'last' ? ' on last' : ''} for ${target}`;
}

/** The wire's own words for a status: "Filled: TakerOrderFilled (43)". */
export function rawStatus(st: number, sr: number | undefined): string {
  const reason = reasonName(sr);
  return `${enumName(OrderStatusName, st)}${reason ? `: ${reason}` : ''}`;
}

/** A status as a person says it: "filled, taker", "resting", "cancelled", "failed: AccountFrozen". */
export function statusWords(st: number, sr: number | undefined): string {
  const liquidity = sr === OrderStatusReason.TakerOrderFilled ? ', taker' : sr === OrderStatusReason.MakerOrderFilled ? ', maker' : '';
  switch (st) {
    case OrderStatus.Pending:
      return 'pending';
    case OrderStatus.Open:
      return 'resting';
    case OrderStatus.PartiallyFilled:
      return `partly filled${liquidity}, rest resting`;
    case OrderStatus.Filled:
      return `filled${liquidity}`;
    case OrderStatus.Canceled:
      return 'cancelled';
    case OrderStatus.Expired:
      return 'expired';
    case OrderStatus.Failed:
      return `failed${sr !== undefined ? `: ${enumName(OrderStatusReasonName, sr)}` : ''}`;
    case OrderStatus.Untriggered:
      return 'armed, waits for its trigger';
    case OrderStatus.Triggered:
      return 'triggered';
    case OrderStatus.Executed:
      return 'done';
    default:
      return `status ${st}`;
  }
}

/** A fill as news: "bought 0.02 BTC @ 66,900, taker" (`liquidity` 1 maker, 2 taker; price null = not known). */
export function fillWords(bought: boolean, size: number, price: number | null, liquidity: number, m: MarketWords): string {
  const side = liquidity === 1 ? ', maker' : liquidity === 2 ? ', taker' : '';
  return `${bought ? 'bought' : 'sold'} ${sizeText(size, m)} @ ${price === null ? 'market' : priceText(price, m)}${side}`;
}

/**
 * An order's expiry as the form and its review say it: the blocks typed with their time, and the exchange's
 * limit (the market's order_ttl_blocks) in words: "5 blocks ≈ 1.5 s (the exchange allows at most 20 ≈ 6.0 s)";
 * none typed: "default: the exchange's most, 20 blocks ≈ 6.0 s".
 */
export function expiryText(blocks: number | null, ttlBlocks: number, msPerBlock: number): string {
  if (blocks === null) return `default: the exchange's most, ${blocksWithTime(ttlBlocks, msPerBlock)}`;
  return `${blocksWithTime(blocks, msPerBlock)} (the exchange allows at most ${ttlBlocks} ≈ ${roughDuration(ttlBlocks * msPerBlock)})`;
}

/** Why an expiry past the exchange's limit is refused, in words (not "lb … beyond head + order_ttl_blocks"). */
export function expiryLimitProblem(ttlBlocks: number, msPerBlock: number): string {
  return `at most ${blocksWithTime(ttlBlocks, msPerBlock)}: the exchange refuses a later expiry`;
}
