// A small driver for engine tests: one quiet market (no flow unless asked), wallets with accounts,
// requests with automatic rq, and block advancing that keeps every output for inspection.

import type { Order, OrderRequestFrame } from '../../protocol/frames.js';
import { selectMarkets } from '../markets.js';
import { createSimEngine } from './index.js';
import type { AdmissionResult, EngineOutput, SimEngine, SimMarketSpec } from './types.js';

export const T0 = 1_800_000_000_000;
/** BTC: price 1 decimal, size 5 decimals; 670000 = 67,000.0 and 100000 = 1 BTC. */
export const BTC = 1;
export const ONE_BTC = 100_000;
export const PX = 670_000;

export type RequestFields = Partial<Omit<OrderRequestFrame, 'mt' | 'sn' | 'acc' | 'mkt'>> & { mkt?: number };

export class EngineDriver {
  readonly engine: SimEngine;
  head = 100;
  timeMs = T0;
  readonly outputs: EngineOutput[] = [];
  private readonly rq = new Map<number, number>();
  private readonly owner = new Map<number, string>();
  private sn = 0;

  constructor(opts: { seed?: number; markets?: SimMarketSpec[]; maxTriggers?: number; lbPassedWithoutTx?: boolean; backfillFunding?: boolean } = {}) {
    this.engine = createSimEngine({
      chainId: 31337,
      seed: opts.seed ?? 1,
      markets: opts.markets ?? selectMarkets(['BTC']),
      startTimeMs: T0,
      maxAccountTriggerOrders: opts.maxTriggers ?? 16,
      flow: { backfillMinutes: 0 },
      ...(opts.lbPassedWithoutTx === true ? { lbPassedWithoutTx: true } : {}),
      ...(opts.backfillFunding === true ? { backfillFunding: true } : {}),
    });
  }

  /** A wallet with one account holding `balance` atoms (default 1,000,000 AUSD), on fee tier `feeTier`. */
  account(name: string, balance = '1000000000000', fw = true, feeTier = 0): number {
    const address = `0x${Buffer.from(name).toString('hex').padStart(40, '0')}`;
    const id = this.engine.createAccount(address, balance, { orderForwarding: fw, feeTier });
    this.owner.set(id, address);
    return id;
  }

  /** Admits a request for `acc` at the current head; rq defaults to the next one for that account. */
  send(acc: number, fields: RequestFields): AdmissionResult & { rq: number } {
    const rq = fields.rq ?? (this.rq.get(acc) ?? 0) + 1;
    this.rq.set(acc, Math.max(rq, this.rq.get(acc) ?? 0));
    const req: OrderRequestFrame = { mt: 22, sn: ++this.sn, mkt: BTC, acc, t: 1, s: 0, fl: 0, lv: 1000, lb: 0, ...fields, rq };
    const owner = this.owner.get(acc) ?? '0x0';
    return { ...this.engine.admit(owner, req, this.head), rq };
  }

  /** Executes the next block. */
  block(): EngineOutput {
    this.head += 1;
    this.timeMs += 300;
    const out = this.engine.advanceBlock(this.head, this.timeMs);
    this.outputs.push(out);
    return out;
  }

  /** Sends then executes at once; returns the order rows the account received in that block. */
  exec(acc: number, fields: RequestFields): Order[] {
    this.send(acc, fields);
    return this.block().accounts.get(acc)?.orders ?? [];
  }

  /** A resting limit order (GTC) from `acc`. */
  limit(acc: number, side: 'buy' | 'sell', price: number, size: number, extra: RequestFields = {}): Order {
    const rows = this.exec(acc, { t: side === 'buy' ? 1 : 2, p: price, s: size, ...extra });
    const last = rows[rows.length - 1];
    if (!last) throw new Error('no order row');
    return last;
  }

  /** Every order row the account received so far, in order. */
  orderRows(acc: number): Order[] {
    return this.outputs.flatMap((o) => o.accounts.get(acc)?.orders ?? []);
  }

  balance(acc: number): bigint {
    return BigInt(this.engine.ledger(acc).balance);
  }

  /** Checks that no money was created or destroyed. */
  conserved(): boolean {
    const m = this.engine.moneySupply();
    return m.total === m.deposits;
  }
}

/**
 * An account holding a long of 1000 at PX (bought from a maker), a resting bid of 200 below it and a
 * stop-loss trigger on the long: one of everything `perpl sim --state` saves.
 */
export function accountWithEverySavedKind(d: EngineDriver): number {
  const a = d.account('a');
  const mm = d.account('mm');
  d.limit(mm, 'sell', PX, 1000);
  d.exec(a, { t: 1, p: 0, s: 1000, fl: 4 });
  const pid = d.engine.openPositions(a)[0]!.pid;
  d.limit(a, 'buy', PX - 5_000, 200);
  d.exec(a, { t: 3, p: 0, s: 1000, tp: PX - 10_000, tpc: 4, lp: pid, fl: 4, lv: 0 });
  return a;
}
