// The engine's shared state and the small helpers every part uses (clock stamps, ids, lookups).
// Parts (matching, positions, triggers, funding, ...) are functions over this one object.

import type { BlockTxLogTimestamp, OrderRequestFrame } from '../../protocol/frames.js';
import { blockTimeMs } from './block-time.js';
import { OrderBook } from './book.js';
import { CandleStore } from './candles.js';
import { notionalScale } from './money.js';
import { OutputCollector } from './output.js';
import type { AccountRecord, MarketRuntime, OrderRecord, PositionRecord } from './records.js';
import { MAINNET_INSTANCE } from '../instances.js';
import type { SimEngineOptions, SimInstanceSpec, SimMarketSpec } from './types.js';

/**
 * Order and position ids encode their block as live ones do (wire.md 15: `id >> 16` is the block the order
 * was created in, the position opened in): the block in the high bits, a count within the block in the low
 * 16, one count for orders and positions alike (live: an IOC open's oid ends ...0, its position ...1).
 */
const ID_BLOCK_SHIFT = 2 ** 16;

export class EngineCore {
  readonly markets = new Map<number, MarketRuntime>();
  readonly books = new Map<number, OrderBook>();
  readonly candles = new Map<number, CandleStore>();
  readonly accounts = new Map<number, AccountRecord>();
  readonly wallets = new Map<string, number[]>();
  /** Each wallet's transaction count (`n` of mt 19 / 20), by lower-case address. */
  readonly walletNonces = new Map<string, number>();
  readonly out = new OutputCollector();
  readonly protocol = { fees: 0n, pool: 0n, deposits: 0n };
  /** Positions closed, inverted or liquidated during the current action; their linked orders are cleaned up after it. */
  positionsGone: PositionRecord[] = [];
  /** Accounts whose request outcomes changed during the current action (for `tr`-linked triggers). */
  outcomesChanged = new Set<number>();
  /** Collateral increases credited whose own report (lfr, st 7 sr 32) is due at block `due` (collateral.ts). */
  topUpReports: { due: number; req: OrderRequestFrame }[] = [];
  /** Resting orders with a good-till block (`tif`), checked each block. */
  readonly expiring = new Set<OrderRecord>();
  readonly instance: SimInstanceSpec;
  readonly instanceId: number;
  readonly maxTriggerOrders: number;

  /** The last order or position id handed out (or restored): ids only grow. */
  lastId = 0;
  nextTx = 0;
  nextLog = 0;
  /** Clock of the work being done now (the block being executed, or the head during a flow step); whole seconds. */
  block = 0;
  timeMs = 0;
  /** Transaction being processed; its stamp (with txid) is built only when a row needs it. */
  private tx = 0;
  private txStamp: BlockTxLogTimestamp | undefined;

  constructor(readonly opts: SimEngineOptions) {
    this.instance = opts.instance ?? MAINNET_INSTANCE;
    this.instanceId = this.instance.id;
    this.maxTriggerOrders = opts.maxAccountTriggerOrders ?? 16;
    for (const spec of opts.markets) this.addMarket(spec);
  }

  private addMarket(spec: SimMarketSpec): void {
    if (this.markets.has(spec.id)) throw new RangeError(`duplicate market id ${spec.id}`);
    this.markets.set(spec.id, {
      spec,
      scale: notionalScale(spec),
      oracleExact: spec.startPrice,
      oracle: spec.startPrice,
      mark: spec.startPrice,
      last: spec.startPrice,
      nextScid: 1,
      triggers: [],
      positions: new Set(),
      openInterest: 0,
      fundingSum: 0,
      lastFundingBlock: undefined,
      fundingHistory: [],
      pendingFunding: undefined,
      recentTrades: [],
      volume: [],
    });
    this.books.set(spec.id, new OrderBook());
    this.candles.set(spec.id, new CandleStore());
  }

  setClock(block: number, timeMs: number): void {
    if (block !== this.block) {
      this.nextTx = 0;
      this.nextLog = 0;
    }
    this.block = block;
    this.timeMs = blockTimeMs(timeMs);
    this.txStamp = undefined;
  }

  market(id: number): MarketRuntime {
    const m = this.markets.get(id);
    if (!m) throw new RangeError(`unknown market ${id}`);
    return m;
  }
  book(id: number): OrderBook {
    const b = this.books.get(id);
    if (!b) throw new RangeError(`unknown market ${id}`);
    return b;
  }
  account(id: number): AccountRecord {
    const a = this.accounts.get(id);
    if (!a) throw new RangeError(`unknown account ${id}`);
    return a;
  }

  /** Starts a new transaction: each executed request or flow action is one "tx" of the current block. */
  beginTx(): void {
    this.tx = ++this.nextTx;
    this.txStamp = undefined;
  }

  /** Stamp of the transaction being processed; every row it produces carries it (with its own log index). */
  get stamp(): BlockTxLogTimestamp {
    if (!this.txStamp) {
      const txid = this.block.toString(16).padStart(16, '0') + this.tx.toString(16).padStart(48, '0');
      this.txStamp = { b: this.block, t: this.timeMs, tx: this.tx, txid, l: this.nextLog };
    }
    return this.txStamp;
  }

  /** The next log of the current transaction. */
  logStamp(): BlockTxLogTimestamp {
    return { ...this.stamp, l: ++this.nextLog };
  }

  /** Records how a request ended up (a fill wins over anything later), for `tr`-linked triggers. */
  noteOutcome(order: OrderRecord, outcome: 'filled' | 'failed' | 'open'): void {
    const account = this.accounts.get(order.acc);
    if (!account || account.internal || order.rq <= 0) return;
    const before = account.outcomes.get(order.rq);
    if (before === 'filled' || before === outcome) return;
    account.outcomes.set(order.rq, outcome);
    this.outcomesChanged.add(account.id);
  }

  /**
   * The next order or position id: the first free one of the current block. More than 65,536 in one block
   * (the flow running while blocks are paused) spill into the next block's range rather than repeat an id.
   */
  allocId(): number {
    this.lastId = Math.max(this.lastId + 1, this.block * ID_BLOCK_SHIFT);
    return this.lastId;
  }

  newestIdBlock(): number {
    return Math.floor(this.lastId / ID_BLOCK_SHIFT);
  }

  /** A restored order or position keeps its id: later ones come after it. */
  noteRestoredId(id: number): void {
    this.lastId = Math.max(this.lastId, id);
  }
}
