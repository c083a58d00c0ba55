// The Journal and the outcome words a trader reads speak in the market's units against the real local
// exchange: sizes and prices with the market's decimals and its name, plain outcomes, and the wire's status
// and reason names kept after a middle dot on the update line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus as S } from '../../src/protocol/enums.js';
import type { Market } from '../../src/protocol/frames.js';
import { formatScaledTrim, groupThousands } from '../../src/protocol/scaling.js';
import { marketLabel } from '../../src/domain/market-label.js';
import { type SimHandle, type Trader, live, market, startTestSim, startTrader, top, until } from './harness.js';

let h: SimHandle;
let t: Trader;
let btc: Market;
beforeAll(async () => {
  h = await startTestSim();
  t = startTrader(h);
  btc = market(h, 'BTC');
  await live(t);
});
afterAll(async () => {
  t?.stop();
  await h?.stop();
});

const px = (raw: number) => groupThousands(formatScaledTrim(raw, btc.config.price_decimals));
const sz = (raw: number) => formatScaledTrim(raw, btc.config.size_decimals);
const linesOf = (rq: number) => t.engine.journalEntries().filter((e) => e.rq === rq).map((e) => e.text);

describe('journal words', () => {
  it('journal-says-sizes-and-prices-not-wire-integers', async () => {
    const price = top(h, btc.id).bid - 2_000;
    const placed = await t.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 50, price, leverage: 500 }).outcome;
    const r = placed.results[0]!;
    expect(r).toMatchObject({ kind: 'definitive', st: S.Open });
    const lines = linesOf(r.rq);
    // The request as the trader asked it, never "limit long 50 @ <wire price> on <market id>".
    expect(lines).toContain(`rq ${r.rq} limit buy ${sz(50)} ${marketLabel(btc)} @ ${px(price)}`);
    expect(lines.join('\n')).not.toContain(`@ ${price} on ${btc.id}`);
    // Plain outcome first, the wire's status and reason still there after it.
    expect(lines).toContain(`rq ${r.rq} resting · Open: OrderPlaced (35)`);
    expect(r.message).toBe(`resting (rq ${r.rq})`);

    const cancelled = await t.commands.cancel(r.oid!).outcome;
    expect(cancelled.ok).toBe(true);
    const cancelRq = cancelled.results[0]!.rq;
    expect(linesOf(cancelRq)).toContain(`rq ${cancelRq} cancel ${marketLabel(btc)} order ${r.oid}`);
  });

  it('a market order that fills says filled, taker, with the raw reason kept', async () => {
    const out = await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome;
    const r = out.results[0]!;
    expect(r).toMatchObject({ kind: 'definitive', st: S.Filled });
    expect(r.message).toBe(`filled, taker (rq ${r.rq})`);
    const lines = linesOf(r.rq);
    expect(lines).toContain(`rq ${r.rq} market buy ${sz(100)} ${marketLabel(btc)} at market`);
    expect(lines).toContain(`rq ${r.rq} filled, taker · Filled: TakerOrderFilled (43)`);
    const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === btc.id), 'the position');

    const added = await t.commands.addCollateral(pos.pid, '100000000').outcome;
    expect(added.ok).toBe(true);
    expect(t.engine.journalEntries().some((e) => e.text === `rq ${added.results[0]!.rq} add 100.00 collateral to position ${pos.pid}`)).toBe(true);
  });
});
