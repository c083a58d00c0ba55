// Builders of the trading view rows from wire records: exact integer math for money, numbers only for
// display ratios. Pure: the publisher calls them with the marks of domain/marks.ts and the head block.

import type { Account, Fill, Market, Order, Position } from '../../protocol/frames.js';
import type { MarkReading } from '../marks.js';
import { accountFigures, valuePosition } from './account-figures.js';
import type { FillEffect } from './fill-effect.js';
import { returnOnEquity } from './risk.js';
import type { AccountView, FillRowView, OrderRowView, PositionRowView } from './views.js';

export function positionRow(p: Position, market: Market | undefined, mark: MarkReading): PositionRowView {
  const v = valuePosition(p, market, mark);
  return {
    positionId: p.pid,
    marketId: p.mkt,
    side: p.sd,
    size: p.s,
    entryPrice: p.ep,
    ...(p.epr !== undefined ? { entryResidue: p.epr } : {}),
    markPrice: v.mark,
    markState: v.markState,
    markNote: v.markNote,
    collateral: p.c,
    leverage: p.lv,
    effectiveLeverage: v.effectiveLeverage === null ? null : Number(v.effectiveLeverage),
    leverageBasis: v.leverageBasis,
    unrealizedPnl: v.upnl === null ? null : v.upnl.toString(),
    roe: v.upnl === null ? null : returnOnEquity(v.upnl, BigInt(p.c)),
    liquidationPrice: v.liquidation === null ? null : Number(v.liquidation),
    liquidationDistancePct: v.liquidationDistancePct,
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
    linkedRequestId: o.tr !== undefined && o.tr > 0 ? o.tr : null,
    lastBlock: lb,
    blocksLeft: lb !== null && head !== null ? Math.max(0, lb - head) : null,
    placedMs: o.c?.t ?? null,
  };
}

function fillRow(f: Fill): FillRowView {
  return {
    key: `${f.oid}:${f.at.b ?? ''}:${f.at.tx ?? ''}:${f.at.l ?? ''}`,
    timeMs: f.at.t ?? null,
    block: f.at.b ?? null,
    ...(f.at.tx !== undefined ? { tx: f.at.tx } : {}),
    ...(f.at.l !== undefined ? { log: f.at.l } : {}),
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

/** The account and its figures at the marks of domain/marks.ts (account-figures.ts has the definitions). */
export function accountView(
  account: Account,
  positions: Iterable<Position>,
  markets: readonly Market[],
  markOf: (marketId: number) => MarkReading,
  scope: number,
): AccountView {
  const f = accountFigures(account, positions, markets, markOf);
  return {
    accountId: account.id,
    balance: account.b,
    locked: account.lb,
    available: f.available.toString(),
    equity: f.equity === null ? null : f.equity.toString(),
    marginUsed: f.marginUsed.toString(),
    unrealizedPnl: f.upnl === null ? null : f.upnl.toString(),
    leverageHundredths: f.leverageHundredths === null ? null : Number(f.leverageHundredths),
    marginRatioBps: f.marginRatioBps === null ? null : Number(f.marginRatioBps),
    nearestLiquidation: f.nearestLiquidation,
    valuation: f.valuation,
    valuationNote: f.valuationNote,
    fw: account.fw,
    frozen: account.fr,
    feeTier: account.ft ?? 0,
    lfr: account.lfr,
    scope,
  };
}
