// Builders of the trading view rows from wire records: exact integer math for money, numbers only for
// display ratios. Pure: the publisher calls them with the latest marks and head block.

import { PositionSide } from '../../protocol/enums.js';
import type { Account, Fill, Market, Order, Position } from '../../protocol/frames.js';
import type { FillEffect } from './fill-effect.js';
import { liquidationPrice, returnOnEquity, unrealizedPnl } from './risk.js';
import type { AccountView, FillRowView, OrderRowView, PositionRowView } from './views.js';

function scalesOf(market: Market): { priceDecimals: number; sizeDecimals: number } {
  return { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
}

export function positionRow(p: Position, market: Market | undefined, mark: number | null): PositionRowView {
  const math = { side: p.sd, entry: BigInt(p.ep), size: BigInt(p.s), collateral: BigInt(p.c) };
  const upnl = market && mark !== null ? unrealizedPnl(math, BigInt(mark), scalesOf(market)) : null;
  const liq = market ? liquidationPrice(math, market.config.maintenance_margin, scalesOf(market)) : null;
  const distance =
    liq !== null && mark !== null && mark > 0
      ? (p.sd === PositionSide.Short ? Number(liq) - mark : mark - Number(liq)) / mark * 100
      : null;
  return {
    positionId: p.pid,
    marketId: p.mkt,
    side: p.sd,
    size: p.s,
    entryPrice: p.ep,
    markPrice: mark,
    collateral: p.c,
    leverage: p.lv,
    unrealizedPnl: upnl === null ? null : upnl.toString(),
    roe: upnl === null ? null : returnOnEquity(upnl, math.collateral),
    liquidationPrice: liq === null ? null : Number(liq),
    liquidationDistancePct: distance,
    ...(p.fnd !== undefined ? { fundingPaid: p.fnd } : {}),
  };
}

/** `lastBlock`: the lb this client sent for the order's rq, when known (orders do not echo it). */
export function orderRow(o: Order, head: number | null, lastBlock?: number): OrderRowView {
  const lb = lastBlock !== undefined && lastBlock > 0 ? lastBlock : o.tif !== undefined && o.tif > 0 ? o.tif : null;
  return {
    orderId: o.oid,
    requestId: o.rq,
    marketId: o.mkt,
    type: o.t,
    status: o.st,
    price: o.p ?? 0,
    originalSize: o.os,
    filledSize: o.fs,
    flags: o.fl,
    leverage: o.lv,
    triggerPrice: o.tp !== undefined && o.tp > 0 ? o.tp : null,
    triggerCondition: o.tpc !== undefined && o.tpc > 0 ? o.tpc : null,
    linkedPositionId: o.lp !== undefined && o.lp > 0 ? o.lp : null,
    lastBlock: lb,
    blocksLeft: lb !== null && head !== null ? Math.max(0, lb - head) : null,
  };
}

export function fillRow(f: Fill): FillRowView {
  return {
    key: `${f.oid}:${f.at.b ?? ''}:${f.at.tx ?? ''}:${f.at.l ?? ''}`,
    timeMs: f.at.t ?? null,
    block: f.at.b ?? null,
    marketId: f.mkt,
    orderId: f.oid,
    type: f.t,
    liquidity: f.l,
    price: f.p ?? null,
    size: f.s,
    fee: f.f,
  };
}

/** A fill row with what the fill did to its position, when its position events were seen. */
export function fillRowWithEffect(f: Fill, effect: FillEffect | null): FillRowView {
  const row = fillRow(f);
  return effect ? { ...row, effect: effect.effect, realizedPnl: effect.realizedPnl } : row;
}

/**
 * Equity = balance + sum of position collateral + uPnL (wire.md 8.2: not a field). Null while a mark
 * of an open position is unknown (showing a partial sum would mislead).
 */
export function accountView(
  account: Account,
  positions: Iterable<Position>,
  markets: readonly Market[],
  markOf: (marketId: number) => number | null,
  scope: number,
): AccountView {
  const balance = BigInt(account.b);
  const locked = BigInt(account.lb);
  let equity: bigint | null = balance;
  for (const p of positions) {
    const market = markets.find((m) => m.id === p.mkt);
    const mark = markOf(p.mkt);
    if (equity === null || !market || mark === null) {
      equity = null;
      continue;
    }
    const math = { side: p.sd, entry: BigInt(p.ep), size: BigInt(p.s), collateral: BigInt(p.c) };
    equity += math.collateral + unrealizedPnl(math, BigInt(mark), scalesOf(market));
  }
  return {
    accountId: account.id,
    balance: account.b,
    locked: account.lb,
    available: (balance - locked).toString(),
    equity: equity === null ? null : equity.toString(),
    fw: account.fw,
    frozen: account.fr,
    feeTier: account.ft ?? 0,
    lfr: account.lfr,
    scope,
  };
}
