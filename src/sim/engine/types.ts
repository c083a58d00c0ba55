// Contract between the local exchange's engine (matching, accounts, positions, funding, flow)
// and its server (HTTP, WebSocket, auth, streams, faults). The engine is pure and deterministic
// for a seed: no timers, no sockets. The server owns the clock and calls it.

import type {
  Account,
  AccountEvent,
  AccountStats,
  Candle,
  Context,
  Fill,
  FundingEvent,
  L2Level,
  MarketState,
  Order,
  OrderRequestFrame,
  Position,
  Trade,
} from '../../protocol/frames.js';

/** One market as the sim lists it in the context. */
export interface SimMarketSpec {
  id: number;
  symbol: string;
  name: string;
  sizeUnits: string;
  priceDecimals: number;
  sizeDecimals: number;
  /** Hundredths: max leverage = initialMargin / 100. */
  initialMargin: number;
  /** Hundredths: maintenance fraction = 100 / maintenanceMargin. */
  maintenanceMargin: number;
  /** Base fees (fee tier 0), Micros of notional; negative = rebate. */
  makerFeeMicros: number;
  takerFeeMicros: number;
  /** Fees per fee tier (index = the account's `ft`, entry 0 = the base); a missing entry falls back to the base. */
  makerFeeTiers?: readonly number[];
  takerFeeTiers?: readonly number[];
  orderTtlBlocks: number;
  fundingIntervalBlocks: number;
  fundingIntervalSec: number;
  maxMarketSlippageBps: number;
  /** `order_max_neg_pnl_collat_bps`: the `mnp` of a request without one (default 300, mainnet's). */
  maxNegPnlCollatBps?: number;
  /** `funding_sum_scaling_exp`: funding `ppl` and `sum` (and positions' `efs`/`xfs`) are in price x 10^exp (default 0). */
  fundingSumScalingExp?: number;
  /** `recycle_fee` as listed (an Amount); listed only, never charged (engine/README.md, "Not modelled"). */
  recycleFee?: string;
  /** Starting mark/oracle price, scaled. */
  startPrice: number;
  isOpen: boolean;
  /** Minimum order value for resting / immediately filled orders, in 6-dp atoms (0 = none). */
  minPostingAmount?: string;
  minSettleAmount?: string;
}

/** The protocol instance as the context lists it (`instances[0]`); Amounts are 6-dp atom strings. */
export interface SimInstanceSpec {
  id: number;
  minAccountOpenAmount: string;
  minDepositAmount: string;
  minWithdrawAmount: string;
  /** Listed only when set (mainnet lists one, testnet none). */
  maxAccountEquity?: string;
}

export interface SimEngineOptions {
  chainId: number;
  seed: number;
  markets: SimMarketSpec[];
  /** The protocol instance (default: mainnet's, sim/instances.ts). */
  instance?: SimInstanceSpec;
  /** Trigger orders an account may hold (16 on both networks). */
  maxAccountTriggerOrders?: number;
  /** Wall-clock ms the candle backfill ends at; default: the first time the server passes in. */
  startTimeMs?: number;
  /** Tuning of the synthetic market flow (makers, takers, price path). */
  flow?: SimFlowOptions;
  /**
   * A request whose lb passed fails sr 14 WITHOUT a transaction (wire.md: "can occur with no tx"): lfr stays
   * and the rq is not consumed. Default false: it reaches the contract, fails there, and lfr advances.
   */
  lbPassedWithoutTx?: boolean;
  /**
   * Funding history before the start (a day of past intervals ending at a random point of the current one),
   * so a client sees a rate and a countdown at once, as on a live market. Default false: the first interval
   * starts at the first block (engine tests count intervals from there).
   */
  backfillFunding?: boolean;
}

export interface SimFlowOptions {
  /** Ladder depth per side kept by the internal market maker (default 25). */
  levels?: number;
  /** Maker levels requoted per side per step (default 3). */
  requotePerStep?: number;
  /** Chance per market per step that the internal taker sends a market order (default 0.05). */
  takerProbability?: number;
  /** Oracle volatility per step in basis points (default 0.15: about 1.5 bps/s at 100 steps/s). */
  volatilityBps?: number;
  /** Minutes of 1-minute candles generated before the start time so charts are not empty (default 300). */
  backfillMinutes?: number;
}

/** Money held by one account, for equality checks after chaos runs. */
export interface SimLedger {
  balance: string;
  locked: string;
  lfr: number;
  /** Resting and untriggered orders, oldest first. */
  orders: Order[];
  positions: Position[];
}

/** Where all collateral sits; `total` must always equal `deposits` (money is never created or destroyed). */
export interface SimMoneySupply {
  deposits: string;
  balances: string;
  collateral: string;
  fees: string;
  /** Insurance/settlement pool: the counterparty of realised PnL, funding and liquidations. */
  pool: string;
  total: string;
}

/** Result of handing one OrderRequest to the engine at admission time (the mt 3 ack). */
export interface AdmissionResult {
  /** 0 accepted for forwarding; 400/403 rejected (no mt 24 will follow). */
  code: number;
  error?: string;
}

/** Everything the engine produced while processing one block or one flow step. */
export interface EngineOutput {
  /** Changed book levels per market (o = 0 removes), best first per side. */
  book: Map<number, { bid: L2Level[]; ask: L2Level[] }>;
  trades: Map<number, Trade[]>;
  /** Only markets whose state changed. */
  marketState: Map<number, MarketState>;
  funding: Map<number, FundingEvent>;
  /** Per market and resolution: the candles that changed (just-closed + current). */
  candles: Map<number, Map<number, Candle[]>>;
  /** Per account id: what the trading socket of its wallet must receive, in the wire order 21 -> 28 -> 24 -> 25 -> 27. */
  accounts: Map<number, AccountOutput>;
}

/** The wallet header (mt 19 without its accounts; mt 20 sends it when it changes). */
export interface WalletHeader {
  addr: string;
  /** The wallet's transaction count: each on-chain action of the wallet (deposit, forwarding switch) adds one. */
  n: number;
  /** Fee level of the wallet. */
  fl: number;
}

export interface AccountOutput {
  /** The wallet moved (its nonce `n` or fee level): its sockets are sent an mt 20 WalletUpdate first. */
  wallet?: WalletHeader;
  /** Present when balance, locked balance, lfr, fw or ft moved; `h` holds new account events. */
  account?: Account;
  stats?: AccountStats;
  orders: Order[];
  fills: Fill[];
  positions: Position[];
}

/** The engine's surface as the server uses it. */
export interface SimEngine {
  readonly chainId: number;
  context(headBlock: number, nowMs: number): Context;

  /** Creates a wallet with one exchange account holding `balance` atoms; returns the account id. */
  /** `feeTier` is the account's `ft` (default 0), the index into each market's fee tiers. */
  createAccount(address: string, balance: string, opts?: { orderForwarding?: boolean; feeTier?: number }): number;
  /** Account ids owned by a wallet address (lower-case compare); empty when it has no exchange account. */
  accountsOf(address: string): number[];
  setOrderForwarding(accountId: number, allowed: boolean): void;
  /** One account's balance, positions and open orders as plain JSON (`perpl sim --state`). */
  snapshotAccount(accountId: number): AccountSnapshot;
  /** Creates an account from a snapshot (decoded strictly; throws SnapshotError naming the bad field); returns its id. */
  restoreAccount(snapshot: unknown): number;

  /**
   * Admission of an mt 22 frame from `address` at head block `head` (the gateway checks of wire.md 8.9).
   * Accepted requests are queued and executed in the next `advanceBlock`.
   * Throws `SimProtocolError` for unknown market or an account the wallet does not own (socket closes 1011).
   */
  admit(address: string, req: OrderRequestFrame, head: number): AdmissionResult;

  /** Executes queued requests, triggers, funding, liquidations for block `block` at `timeMs`. */
  advanceBlock(block: number, timeMs: number): EngineOutput;
  /** One step of the synthetic market flow (makers requote, takers hit); the server calls it at a set rate. */
  flowStep(timeMs: number, head: number): EngineOutput;

  // Snapshots (trading socket sign-in, REST wallet/orders/positions)
  wallet(address: string): WalletHeader & { accounts: Account[]; stats: AccountStats[] };
  openOrders(accountId: number): Order[];
  openPositions(accountId: number): Position[];

  // Market data snapshots
  book(marketId: number, levels: number): { bid: L2Level[]; ask: L2Level[] };
  recentTrades(marketId: number, count: number): Trade[];
  marketState(marketId: number): MarketState | undefined;
  latestFunding(marketId: number): FundingEvent | undefined;
  fundingHistory(marketId: number, fromMs: number, toMs: number): FundingEvent[];
  candles(marketId: number, resolution: number, fromMs: number, toMs: number): Candle[];

  // History, newest first (REST pages are cut from these)
  fillHistory(accountId: number): Fill[];
  orderHistory(accountId: number): Order[];
  positionHistory(accountId: number): Position[];
  accountHistory(accountId: number): AccountEvent[];

  // Test hooks (tests and the server's fault/chaos tooling)
  /** Moves oracle and mark of a market at once, so a test can fire mark triggers and liquidations. */
  setOraclePrice(marketId: number, price: number): void;
  /** Balance, locked balance, lfr, open orders and positions of one account. */
  ledger(accountId: number): SimLedger;
  /** rq values that reached the contract for an account, in execution order (for "no rq executed twice"). */
  executedRequests(accountId: number): number[];
  /** Credits `amount` atoms to an account's balance (deposit, et 1). */
  deposit(accountId: number, amount: string): void;
  /** Totals across all accounts and the protocol, for conservation checks. */
  moneySupply(): SimMoneySupply;
  /** Requests admitted and not yet executed (the server may report it in diagnostics). */
  pendingRequests(): number;
  /** The block the newest order or position id encodes (`id >> 16`; 0 before any): a restored account's ids. */
  newestIdBlock(): number;
}

/** A frame the gateway cannot process at all: the socket is closed with 1011 and no mt 3 is sent. */
export class SimProtocolError extends Error {}

/** One account's trading state as plain JSON (account-snapshot.ts writes and restores it): what `perpl sim --state FILE` keeps. */
export interface AccountSnapshot {
  v: 1;
  address: string;
  fw: boolean;
  ft: number;
  lfr: number;
  balance: string;
  locked: string;
  executed: number[];
  positions: Record<string, unknown>[];
  orders: Record<string, unknown>[];
}
