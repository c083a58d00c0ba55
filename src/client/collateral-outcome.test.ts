import { describe, expect, it } from 'vitest';
import { PositionSide } from '../protocol/enums.js';
import type { AccountEvent, Market, Position } from '../protocol/frames.js';
import { marketWords, priceText } from '../domain/trading/order-words.js';
import { positionRow } from '../domain/trading/rows.js';
import { liquidationPrice } from '../domain/trading/risk.js';
import { collateralOutcome } from './collateral-outcome.js';
import type { RequestResult } from './trading/tracked-request.js';

const eth: Market = {
  ver: 1, id: 20, instance_id: 1, perpetual_id: 20, symbol: 'ETH', name: 'ETH', size_units: 'ETH',
  funding_interval_sec: 2580, funding_interval_blocks: 8571, order_ttl_blocks: 20, order_max_market_slippage_bps: 100,
  config: { at: {}, is_open: true, price_decimals: 2, size_decimals: 3, min_posting_amount: '0', min_settle_amount: '0',
    initial_margin: 1200, maintenance_margin: 2000, maker_fee: 45, taker_fee: 345 },
};
const credit: AccountEvent = { at: { b: 10, tx: 1 }, in: 1, id: 1, et: 3, p: 9, a: '-100000000', b: '0', lb: '0', f: '0' };
const result: RequestResult = { kind: 'credited', rq: 5, message: 'credited' } as unknown as RequestResult;
const noResidue = (p: Position): bigint | null =>
  liquidationPrice({ side: p.sd, entry: BigInt(p.ep), size: BigInt(p.s), collateral: BigInt(p.c) }, eth.config.maintenance_margin, { priceDecimals: 2, sizeDecimals: 3 });

describe('collateralOutcome', () => {
  it('collateral-notice-liq-matches-the-row: the liq in the notice is the Positions row\'s, entry residue included', async () => {
    // A 3 ETH long whose entry carries a residue (epr) large enough to move the liquidation price a tick.
    const base: Position = { at: { b: 10, tx: 2 }, mkt: 20, acc: 1, pid: 9, st: 1, sr: 0, sd: PositionSide.Long, c: '900000000', ep: 268_798, s: 3_000, lv: 1000 };
    const pos = [65_535, 49_152, 32_768, 16_384].map((epr) => ({ ...base, epr })).find((p) => positionRow(p, eth, { state: 'unknown', reason: 'x' }).liquidationPrice !== Number(noResidue(p)))!;
    expect(pos).toBeDefined();
    const deps = {
      session: { state: { positions: new Map([[9, pos]]), collateralCredit: () => credit }, on: () => () => undefined },
      market: () => eth,
    } as unknown as Parameters<typeof collateralOutcome>[0];
    const out = await collateralOutcome(deps, 9, '100000000', result);
    const rowLiq = positionRow(pos, eth, { state: 'unknown', reason: 'x' }).liquidationPrice!;
    expect(out.message).toBe(`collateral +100.00 -> 900.00, liq ${priceText(rowLiq, marketWords(eth, eth.id))}`);
  });
});
