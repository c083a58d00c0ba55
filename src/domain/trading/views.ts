// Plain view types of the trading state, for the store and the UI. Prices and sizes stay scaled
// integers (exact formatting); Amounts are atom strings; figures that are only displayed may be numbers.

import type { MarkState } from '../marks.js';
import type { TradeEffect } from './fill-effect.js';

export interface AccountView {
  accountId: number;
  /** Free collateral `b`, atoms. */
  balance: string;
  /** Locked by resting orders `lb`, atoms. */
  locked: string;
  /** balance - locked, atoms. */
  available: string;
  /** balance + sum of position collateral + uPnL, atoms (null while a mark is unknown; at stale marks see `valuation`). */
  equity: string | null;
  /** Sum of position collateral (isolated margin), atoms. */
  marginUsed: string;
  /** Sum of uPnL, atoms (null while a mark is unknown). */
  unrealizedPnl: string | null;
  /** Position notional at mark / equity, hundredths (1000 = 10x); null when unknown or equity <= 0. */
  leverageHundredths: number | null;
  /** Maintenance margin / equity in basis points; null when unknown or equity <= 0. */
  marginRatioBps: number | null;
  /** The open position closest to liquidation (distance in percent of its mark). */
  nearestLiquidation: { marketId: number; distancePct: number } | null;
  /** 'live' when every open position is valued at a live mark; else the figures are stale or unknown. */
  valuation: MarkState;
  /** Why the valuation is not live (market, state, reason). */
  valuationNote: string | null;
  /** Order forwarding allowed: false blocks every order. */
  fw: boolean;
  frozen: boolean;
  feeTier: number;
  lfr: number;
  /** API key scope mask (1 read, 3 read+trade). */
  scope: number;
}

export interface PositionRowView {
  positionId: number;
  marketId: number;
  /** 1 Long, 2 Short. */
  side: number;
  size: number;
  entryPrice: number;
  /** The entry's fraction of a tick in 1/65536 (`epr`), absent when the exchange sent none: risk.ts positionMathOf. */
  entryResidue?: number;
  /** The mark the row is valued at (live or stale, see markState), null when none is known. */
  markPrice: number | null;
  /** domain/marks.ts: 'live' marks are current; a 'stale' one is the last seen, shown as stale. */
  markState: MarkState;
  /** Why the mark is not live, null when it is. */
  markNote: string | null;
  /** Isolated collateral, atoms. */
  collateral: string;
  /** The leverage of the order that opened or last changed it (`lv`, hundredths): not the position's leverage. */
  leverage: number;
  /** Notional / (collateral + uPnL) in hundredths at the mark, or at the entry while no mark is known (leverageBasis). */
  effectiveLeverage: number | null;
  leverageBasis: 'mark' | 'entry';
  /** Atoms, null without a mark. */
  unrealizedPnl: string | null;
  /** Fraction (0.1 = 10 %), null without a mark. */
  roe: number | null;
  /** Ticks, null when it cannot be liquidated by price. */
  liquidationPrice: number | null;
  /** Distance from mark to liquidation in percent of mark (display). */
  liquidationDistancePct: number | null;
  /**
   * Funding realized on the position since this session's snapshot: the `e[].fnd` of every update it received (live
   * snapshots carry `fnd` "0", so funding realized before sign-in is not in it), atoms, negative = paid.
   */
  fundingPaid?: string;
}

export interface OrderRowView {
  orderId: number;
  requestId: number;
  marketId: number;
  /** Order type t (1..7). */
  type: number;
  /** OrderStatus st. */
  status: number;
  /** Limit price, 0 for market. */
  price: number;
  originalSize: number;
  filledSize: number;
  flags: number;
  leverage: number;
  triggerPrice: number | null;
  triggerCondition: number | null;
  linkedPositionId: number | null;
  /** The request (`tr`) a bracket leg is linked to: it is armed when that order fills; null or absent for none. */
  linkedRequestId?: number | null;
  /** A bracket leg whose entry is still open (not filled yet): the entry's order id (ui/open-orders/rows.ts); absent otherwise. */
  waitsForEntry?: number | null;
  /** The order group (a scaled order's id) it was placed in, from the journal; absent for none. */
  group?: string;
  /** Last execution block, null when the server manages it (lb 0 / triggers). */
  lastBlock: number | null;
  /** lastBlock - head, null when unknown or server-managed. */
  blocksLeft: number | null;
  /** What it would do to the position in its market if it filled now (resting-order-effect.ts); absent = unknown. */
  effect?: TradeEffect | null;
  /** When the exchange created it (the order's `c.t`, ms), for its age; null or absent when not said. */
  placedMs?: number | null;
}

export interface FillRowView {
  key: string;
  timeMs: number | null;
  block: number | null;
  /** Its transaction and log position in the block: with the block, the fill's place in time. */
  tx?: number;
  log?: number;
  marketId: number;
  orderId: number;
  type: number;
  /** 1 Maker, 2 Taker. */
  liquidity: number;
  price: number | null;
  size: number;
  /** Fee atoms, negative = rebate. */
  fee: string;
  /** What it did to the position (fill-effect.ts); absent or null = not known (no position event of it seen). */
  effect?: TradeEffect | null;
  /** PnL it realized (atoms) when it reduced, closed or flipped. */
  realizedPnl?: string | null;
}

/** `report`: an order's execution report, shown above its `resolved` line (ui/journal/rows.ts). */
/** `algo`: an algo's own line (its start, state, moves, end), from the algo journal. */
export type JournalEntryKind = 'request' | 'sent' | 'ack' | 'update' | 'decision' | 'resolved' | 'note' | 'report' | 'algo';

export interface JournalEntryView {
  timeMs: number;
  kind: JournalEntryKind;
  /** Client-side id of the intent (stable across rq changes). */
  requestKey: string;
  rq: number | null;
  /** One line for humans, e.g. "rq 42 filled, taker · Filled: TakerOrderFilled (43)" (plain words, then the wire's names). */
  text: string;
  /**
   * The frame behind the line as compact JSON, terminal-safe (sanitize-text.ts terminalSafeJson): the mt 22
   * request sent, the mt 3 ack, the mt 24 order row. Absent for lines no frame stands behind (decisions, notes).
   */
  raw?: string;
}
