// The engine's internal records. Money is bigint atoms; prices and sizes are scaled integers (numbers).
// Wire shapes are produced from these by the *-wire helpers, never stored.

import type { AccountEvent, BlockTxLogTimestamp, FundingEvent, Order, Position, Fill, Trade } from '../../protocol/frames.js';
import type { SimMarketSpec } from './types.js';

export type Side = 'buy' | 'sell';

export interface AccountRecord {
  id: number;
  address: string;
  /** Flow accounts (market maker, taker): no history, no socket output. */
  internal: boolean;
  fw: boolean;
  /** Fee tier (`ft`): the index into each market's fee tiers. */
  ft: number;
  lfr: number;
  /** Free collateral; `locked` is the part reserved by resting opens (available = balance - locked). */
  balance: bigint;
  locked: bigint;
  executed: number[];
  /** Outcome of executed requests, for `tr`-linked triggers. */
  outcomes: Map<number, 'filled' | 'failed' | 'open'>;
  positions: Map<number, PositionRecord>;
  /** Resting book orders and untriggered triggers, by oid (insertion order = age). */
  openOrders: Map<number, OrderRecord>;
  stats: StatsRecord;
  history: HistoryRecord;
}

export interface StatsRecord {
  deposits: bigint;
  withdrawals: bigint;
  volume: bigint;
  fees: bigint;
  realizedPnl: bigint;
  closes: number;
  wins: number;
}

export interface HistoryRecord {
  fills: Fill[];
  orders: Order[];
  positions: Position[];
  events: AccountEvent[];
}

export interface OrderRecord {
  oid: number;
  rq: number;
  mkt: number;
  acc: number;
  t: number;
  side: Side;
  reduceOnly: boolean;
  /** Limit price; 0 = market. */
  price: number;
  size: number;
  filled: number;
  filledNotional: bigint;
  fee: bigint;
  fl: number;
  lv: number;
  tif: number;
  lb: number;
  mnp?: number;
  ms?: number;
  tp: number;
  tpc: number;
  tr: number;
  lp: number;
  scid: number;
  st: number;
  sr: number;
  fr?: number;
  /** Collateral reserved for the resting remainder (released pro rata as it fills). */
  locked: bigint;
  /** A trigger waiting for its `tr` parent request to fill. */
  waitingForParent: boolean;
  created: BlockTxLogTimestamp;
  internal: boolean;
}

export interface PositionRecord {
  pid: number;
  acc: number;
  mkt: number;
  /** 1 Long, 2 Short. */
  sd: 1 | 2;
  size: number;
  /** Exact sum of p*s*scale over the open size (the weighted average entry, without rounding). */
  entryNotional: bigint;
  collateral: bigint;
  lv: number;
  /** Entry fees of the open size (a reduce takes its share off): the state row's `fee`, as live. */
  entryFees: bigint;
  realizedPnl: bigint;
  funding: bigint;
  /** Funding sum at entry (last funding `sum` seen when opened). */
  efs: number;
  opened: BlockTxLogTimestamp;
}

/** One hour of traded size and notional value (atoms). */
export interface VolumeBucket {
  hour: number;
  size: number;
  value: bigint;
}

export interface MarketRuntime {
  spec: SimMarketSpec;
  scale: bigint;
  /** Oracle as a float internally (a random walk); the wire value is its rounding. */
  oracleExact: number;
  oracle: number;
  mark: number;
  last: number;
  nextScid: number;
  /** Untriggered trigger orders in arrival order. */
  triggers: OrderRecord[];
  positions: Set<PositionRecord>;
  openInterest: number;
  fundingSum: number;
  lastFundingBlock: number | undefined;
  fundingHistory: FundingEvent[];
  /** The latest interval, published first with an estimated time; re-published final the next block. */
  pendingFunding: FundingEvent | undefined;
  recentTrades: Trade[];
  /** Hourly volume buckets for the rolling 24 h `dv`/`dva`. */
  volume: VolumeBucket[];
}
