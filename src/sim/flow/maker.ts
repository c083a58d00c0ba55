// The internal market maker: keeps a ladder of levels per side around the oracle with random sizes and
// requotes a few levels per step (cancel + post-only replace), so a step touches O(requoted) levels.

import { OrderStatus, OrderType } from '../../protocol/enums.js';
import { remaining } from '../engine/book.js';
import type { EngineCore } from '../engine/core.js';
import type { OrderRecord } from '../engine/records.js';
import { orderFromRequest } from '../engine/requests.js';
import { rest, unrest } from '../engine/resting.js';
import type { Prng } from '../../lib/prng.js';

/** Leverage of maker quotes (hundredths): low, so inventory swings never liquidate the maker. */
const MAKER_LEVERAGE = 200;

export class MarketMaker {
  private readonly bids: (OrderRecord | undefined)[];
  private readonly asks: (OrderRecord | undefined)[];
  private seeded = false;

  constructor(
    private readonly core: EngineCore,
    private readonly accountId: number,
    private readonly marketId: number,
    private readonly levels: number,
    private readonly gap: number,
    private readonly baseSize: number,
  ) {
    this.bids = new Array<OrderRecord | undefined>(levels).fill(undefined);
    this.asks = new Array<OrderRecord | undefined>(levels).fill(undefined);
  }

  /** Requotes the innermost level of each side plus `count` random levels (all of them the first time). */
  step(count: number, rng: Prng): void {
    const oracle = this.core.market(this.marketId).oracle;
    if (!this.seeded) {
      this.seeded = true;
      for (let i = 0; i < this.levels; i++) {
        this.requote('buy', i, oracle, rng);
        this.requote('sell', i, oracle, rng);
      }
      return;
    }
    this.requote('buy', 0, oracle, rng);
    this.requote('sell', 0, oracle, rng);
    for (let k = 0; k < count; k++) {
      this.requote('buy', rng.int(this.levels), oracle, rng);
      this.requote('sell', rng.int(this.levels), oracle, rng);
    }
  }

  private requote(side: 'buy' | 'sell', index: number, oracle: number, rng: Prng): void {
    const slots = side === 'buy' ? this.bids : this.asks;
    const offset = this.gap * (index + 1);
    const price = side === 'buy' ? oracle - offset : oracle + offset;
    const current = slots[index];
    const live = current !== undefined && (current.st === OrderStatus.Open || current.st === OrderStatus.PartiallyFilled) && remaining(current) > 0;
    // Most requotes of an unchanged price only refresh the size; skip some to keep levels stable.
    if (live && current.price === price && rng.chance(0.5)) return;
    this.core.beginTx();
    if (live) {
      unrest(this.core, current);
      current.st = OrderStatus.Canceled;
    }
    slots[index] = undefined;
    if (price <= 0) return;
    const book = this.core.book(this.marketId);
    if (book.crosses(side, price)) return; // post-only: never take liquidity with a quote
    const size = Math.max(1, Math.round(this.baseSize * (0.2 + rng.next() * 2.8)));
    const order = orderFromRequest(
      this.core,
      { mt: 22, sn: 0, rq: 0, mkt: this.marketId, acc: this.accountId, t: side === 'buy' ? OrderType.OpenLong : OrderType.OpenShort, p: price, s: size, fl: 1, lv: MAKER_LEVERAGE, lb: 0 },
      true,
    );
    rest(this.core, order);
    order.st = OrderStatus.Open;
    slots[index] = order;
  }
}
