// The synthetic market: per market an oracle walk, a market maker's ladder and an occasional taker.
// One `step` advances every market once; everything random comes from one seeded PRNG, so the same
// seed and the same call sequence give the same market.

import { OrderType } from '../../protocol/enums.js';
import { deposit, newAccount } from '../engine/accounts.js';
import type { EngineCore } from '../engine/core.js';
import { updateMark } from '../engine/market-data.js';
import { orderFromRequest } from '../engine/requests.js';
import { executeTrade } from '../engine/trade.js';
import type { SimEngineOptions } from '../engine/types.js';
import { backfillCandles } from './backfill.js';
import { MarketMaker } from './maker.js';
import { baseLevelSize, ladderStep, nextOracle } from './price-path.js';
import { Prng } from '../../lib/prng.js';

export const FLOW_MAKER_ACCOUNT_ID = 1;
export const FLOW_TAKER_ACCOUNT_ID = 2;
const FLOW_ADDRESS = '0x000000000000000000000000000000000000f10e';
/** Flow accounts are deep-pocketed (100M AUSD each) so they never run out of margin. */
const FLOW_BALANCE = 100_000_000_000_000n;
const TAKER_LEVERAGE = 200;

interface MarketFlowState {
  marketId: number;
  maker: MarketMaker;
  baseSize: number;
}

export class MarketFlow {
  private readonly rng: Prng;
  private readonly markets: MarketFlowState[] = [];
  private readonly requotePerStep: number;
  private readonly takerProbability: number;
  private readonly volatilityBps: number;
  private readonly backfillMinutes: number;
  private takerRq = 0;

  constructor(
    private readonly core: EngineCore,
    opts: SimEngineOptions,
  ) {
    this.rng = new Prng(opts.seed);
    const flow = opts.flow ?? {};
    const levels = flow.levels ?? 25;
    this.requotePerStep = flow.requotePerStep ?? 3;
    this.takerProbability = flow.takerProbability ?? 0.05;
    this.volatilityBps = flow.volatilityBps ?? 0.15;
    this.backfillMinutes = flow.backfillMinutes ?? 300;
    for (const id of [FLOW_MAKER_ACCOUNT_ID, FLOW_TAKER_ACCOUNT_ID]) {
      deposit(core, newAccount(core, id, FLOW_ADDRESS, true, true), FLOW_BALANCE);
    }
    for (const market of core.markets.values()) {
      const s = market.spec;
      const baseSize = baseLevelSize(s.startPrice, s.priceDecimals, s.sizeDecimals);
      const maker = new MarketMaker(core, FLOW_MAKER_ACCOUNT_ID, s.id, levels, ladderStep(s.startPrice), baseSize);
      this.markets.push({ marketId: s.id, maker, baseSize });
    }
  }

  backfill(endMs: number): void {
    for (const m of this.markets) backfillCandles(this.core, m.marketId, this.backfillMinutes, endMs, this.rng);
  }

  /** One step over every market; `afterEach` runs the engine's follow-ups after each action. */
  step(afterEach: () => void): void {
    for (const m of this.markets) {
      const market = this.core.market(m.marketId);
      market.oracleExact = nextOracle(market.oracleExact, market.spec.startPrice, this.volatilityBps, this.rng);
      const oracle = Math.round(market.oracleExact);
      if (oracle !== market.oracle) {
        market.oracle = oracle;
        this.core.out.marketChanged(m.marketId);
      }
      m.maker.step(this.requotePerStep, this.rng);
      afterEach();
      if (this.rng.chance(this.takerProbability)) {
        this.takerOrder(m);
        afterEach();
      }
      updateMark(this.core, m.marketId);
    }
  }

  /** A market order of random side and size; leans against the taker's own inventory so it stays bounded. */
  private takerOrder(m: MarketFlowState): void {
    const taker = this.core.account(FLOW_TAKER_ACCOUNT_ID);
    const pos = taker.positions.get(m.marketId);
    const inventory = pos ? (pos.sd === 1 ? pos.size : -pos.size) / (m.baseSize * 20) : 0;
    const buyChance = 0.5 - Math.max(-0.3, Math.min(0.3, inventory * 0.3));
    const buy = this.rng.chance(buyChance);
    const size = Math.max(1, Math.round(m.baseSize * (0.05 + this.rng.next() * 0.95)));
    this.core.beginTx();
    const order = orderFromRequest(
      this.core,
      { mt: 22, sn: 0, rq: ++this.takerRq, mkt: m.marketId, acc: FLOW_TAKER_ACCOUNT_ID, t: buy ? OrderType.OpenLong : OrderType.OpenShort, p: 0, s: size, fl: 4, lv: TAKER_LEVERAGE, lb: 0 },
      true,
    );
    executeTrade(this.core, order);
  }
}
