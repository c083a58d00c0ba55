// The client's funding and fee figures against the account ledger (issue 18 item 2): on the local exchange,
// whose position rows are shaped as live sends them (state row `fnd` "0", funding realized on the event rows
// `e[].fnd`, closing rows with `fee` = the closed size's entry fees + the close fee and `cfee` = the close fee),
// the funding the Positions tab shows is the ledger's funding (et 8), and the folded position history's fees
// and funding are the ledger's. On the rebate fee tier, maker fills (negative fees) and taker fills fold
// the same way: the trips' net is the balance change to the atom.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAccountEvents, loadFills, loadPositionHistory } from '../../src/client/history/loaders.js';
import { collect } from '../../src/client/history/source.js';
import { tradingBalanceChange } from '../../src/domain/ledger/balance-change.js';
import { buildRoundTrips } from '../../src/domain/ledger/build-round-trips.js';
import { fundingFromBoth, ledgerFillOf, realizedOfPositionRow } from '../../src/domain/ledger/ledger-inputs.js';
import { scalesOf } from '../../src/domain/trading/account-figures.js';
import { notionalAtoms } from '../../src/domain/trading/notional.js';
import { marketLabel } from '../../src/domain/market-label.js';
import { positionRow } from '../../src/domain/trading/rows.js';
import { AccountEventType, LiquiditySide, PositionStatus } from '../../src/protocol/enums.js';
import { REBATE_FEE_TIER } from '../../src/sim/markets.js';
import type { AccountEvent, Fill, Market, Position } from '../../src/protocol/frames.js';
import type { RoundTrip } from '../../src/domain/ledger/round-trip.js';
import { positionLedger } from '../helpers/position-ledger.js';
import { type SimHandle, type Trader, TraderPool, startTestSim, until } from './harness.js';

/** A funding interval every 10 blocks (half a second at 50 ms blocks), so a test sees several. */
const FUNDING_EVERY_BLOCKS = 10;

let h: SimHandle;
let eth: Market;
beforeAll(async () => {
  h = await startTestSim({ marketOverrides: { fundingIntervalBlocks: FUNDING_EVERY_BLOCKS } });
  eth = h.context.markets.find((m) => marketLabel(m) === 'ETH')!;
});
afterAll(async () => {
  await h?.stop();
});
const traders = new TraderPool();

const sum = (values: readonly string[]): bigint => values.reduce((s, v) => s + BigInt(v), 0n);

/**
 * The trader's history over REST folded into round trips, asserted to be the sessions' long of 5,000 then,
 * after the flip, a short of 4,000, both closed, with every funding payment placed in one of them.
 */
async function longThenShortTrips(t: Trader, fills: readonly Fill[]): Promise<{ events: AccountEvent[]; trips: RoundTrip[] }> {
  const events = await loadAccountEvents(t.rest);
  const rows = await collect(t.rest, 'position-history', {}, () => true);
  const { trips, unplacedFunding } = buildRoundTrips({
    fills: fills.map(ledgerFillOf).filter((f) => f !== null),
    funding: fundingFromBoth(events, rows),
    realized: rows.map(realizedOfPositionRow).filter((r) => r !== null),
    notionalScale: () => notionalAtoms(1, 1, scalesOf(eth)),
  });
  expect(trips.map((trip) => [trip.side, trip.maxSize, trip.closedAt !== null])).toEqual([
    ['long', 5_000, true],
    ['short', 4_000, true],
  ]);
  expect(unplacedFunding).toBe(0n);
  return { events, trips };
}

describe('funding and fees against the ledger', () => {
  it('funding-paid-and-history-fees-match-the-ledger: the Positions tab\'s funding, then the folded history, equal the account events', async () => {
    const t = await traders.start(h);
    try {
      const mine = (): Position | undefined => [...t.session.state.positions.values()].find((p) => p.mkt === eth.id);
      await t.commands.place({ marketId: eth.id, kind: 'market', side: 'long', size: 5_000, leverage: 500 }).outcome;
      const pos = await until(() => mine(), 'the ETH long');
      // Three funding intervals realized on the open position.
      const fundingEvents = () => h.sim.control.engine.accountHistory(t.accountId).filter((e) => e.et === AccountEventType.Funding && e.p === pos.pid);
      await until(() => fundingEvents().length >= 3, 'three funding events', 15_000);
      const shown = await until(() => {
        const now = mine();
        const row = now && positionRow(now, eth, { state: 'unknown', reason: 'not needed' });
        const ledger = sum(fundingEvents().map((e) => e.a));
        return row?.fundingPaid !== undefined && BigInt(row.fundingPaid) === ledger ? { row, ledger } : undefined;
      }, 'the shown funding to catch up with the ledger');
      expect(shown.ledger).not.toBe(0n);

      await t.commands.close(pos.pid, { kind: 'market', size: 2_000 }).outcome;
      await until(() => (mine()?.s === 3_000 ? true : undefined), 'the partial close');
      await t.commands.close(pos.pid, { kind: 'market' }).outcome;
      await until(() => (mine() === undefined ? true : undefined), 'the close');

      const [folded] = (await loadPositionHistory(t.rest, { marketId: eth.id })).filter((p) => p.positionId === pos.pid);
      const ledger = positionLedger(await loadAccountEvents(t.rest), h.sim.control.engine.positionHistory(t.accountId), pos.pid);
      const settlements = ledger.filter((e) => e.et === AccountEventType.Settlement);
      const funding = ledger.filter((e) => e.et === AccountEventType.Funding);
      expect(settlements).toHaveLength(3);
      expect(funding.length).toBeGreaterThanOrEqual(3);
      expect(folded).toMatchObject({ status: PositionStatus.Closed, maxSize: 5_000 });
      expect(BigInt(folded!.fees)).toBe(sum(settlements.map((e) => e.f)));
      expect(BigInt(folded!.funding)).toBe(sum(funding.map((e) => e.a)));
      // Closed: the margin came back less the funding taken from it, so what the settlements moved on the
      // balance is realized PnL + funding - fees (a funding event moves the position's collateral, not the balance).
      expect(BigInt(folded!.realizedPnl) + BigInt(folded!.funding) - BigInt(folded!.fees)).toBe(sum(settlements.map((e) => e.a)));
    } finally {
      await traders.stopAll();
    }
  });

  it('ledger-net-equals-balance-change-on-the-exchange: partial close, flip and funding; the trips\' net is what trading moved the balance by', async () => {
    const t = await traders.start(h);
    try {
      const mine = (): Position | undefined => [...t.session.state.positions.values()].find((p) => p.mkt === eth.id);
      const fundingSoFar = () => h.sim.control.engine.accountHistory(t.accountId).filter((e) => e.et === AccountEventType.Funding).length;
      await t.commands.place({ marketId: eth.id, kind: 'market', side: 'long', size: 5_000, leverage: 500 }).outcome;
      const long = await until(() => mine(), 'the ETH long');
      await until(() => fundingSoFar() >= 2, 'funding on the long', 15_000);
      await t.commands.close(long.pid, { kind: 'market', size: 2_000 }).outcome;
      await until(() => (mine()?.s === 3_000 ? true : undefined), 'the partial close');
      // A sell of 7,000 against a long of 3,000: closes it and opens a short of 4,000 in one fill.
      await t.commands.place({ marketId: eth.id, kind: 'market', side: 'short', size: 7_000, leverage: 500 }).outcome;
      const short = await until(() => (mine()?.sd === 2 ? mine() : undefined), 'the flip to short');
      await until(() => fundingSoFar() >= 4, 'funding on the short', 15_000);
      await t.commands.close(short.pid, { kind: 'market' }).outcome;
      await until(() => (mine() === undefined ? true : undefined), 'the close');

      const { events, trips } = await longThenShortTrips(t, await loadFills(t.rest));
      expect(trips.every((trip) => trip.funding !== 0n && trip.fees !== 0n)).toBe(true);
      const net = trips.reduce((s, trip) => s + trip.netPnl, 0n);
      expect(net).toBe(tradingBalanceChange(events, 0, Number.POSITIVE_INFINITY));
    } finally {
      await traders.stopAll();
    }
  });

  it('ledger-net-equals-balance-change-with-rebates: maker and taker fills on the rebate tier, partial close, flip, funding', async () => {
    const b = await traders.start(h);
    const t = await traders.start(h, { feeTier: REBATE_FEE_TIER });
    try {
      const mine = (): Position | undefined => [...t.session.state.positions.values()].find((p) => p.mkt === eth.id);
      const fundingSoFar = () => h.sim.control.engine.accountHistory(t.accountId).filter((e) => e.et === AccountEventType.Funding).length;
      const balance = () => BigInt(h.sim.control.engine.wallet(t.address).accounts.find((a) => a.id === t.accountId)!.b);
      const startBalance = balance();
      /**
       * The trader's order rests one tick inside the spread (`rest`), then `b` takes it with a market order:
       * a maker fill. The flow is paused meanwhile so no other order takes it or outbids it first.
       */
      const makerFill = async (inside: 'bid' | 'ask', rest: (price: number) => Promise<unknown>, take: 'long' | 'short', size: number, landed: () => true | undefined) => {
        h.sim.control.pauseFlow();
        try {
          const top = h.sim.control.engine.book(eth.id, 1);
          const price = inside === 'bid' ? top.bid[0]!.p + 1 : top.ask[0]!.p - 1;
          expect(top.bid[0]!.p + 1).toBeLessThan(top.ask[0]!.p);
          await rest(price);
          await b.commands.place({ marketId: eth.id, kind: 'market', side: take, size, leverage: 500 }).outcome;
          await until(landed, `the maker fill of ${size}`);
        } finally {
          h.sim.control.resumeFlow();
        }
      };

      await makerFill('bid', (price) => t.commands.place({ marketId: eth.id, kind: 'post-only', side: 'long', size: 5_000, price, leverage: 500 }).outcome, 'short', 5_000,
        () => (mine()?.s === 5_000 ? true : undefined));
      const long = mine()!;
      await until(() => fundingSoFar() >= 2, 'funding on the long', 15_000);
      await t.commands.close(long.pid, { kind: 'market', size: 2_000 }).outcome; // a taker fill
      await until(() => (mine()?.s === 3_000 ? true : undefined), 'the partial close');
      // A resting sell of 7,000 against a long of 3,000, taken whole: closes it and opens a short of 4,000.
      await makerFill('ask', (price) => t.commands.place({ marketId: eth.id, kind: 'post-only', side: 'short', size: 7_000, price, leverage: 500 }).outcome, 'long', 7_000,
        () => (mine()?.sd === 2 && mine()?.s === 4_000 ? true : undefined));
      const short = mine()!;
      await until(() => fundingSoFar() >= 4, 'funding on the short', 15_000);
      await makerFill('bid', (price) => t.commands.close(short.pid, { kind: 'limit', price }).outcome, 'short', 4_000, () => (mine() === undefined ? true : undefined));

      const fills = await loadFills(t.rest);
      const makerFees = fills.filter((f) => f.l === LiquiditySide.Maker).map((f) => BigInt(f.f));
      const takerFees = fills.filter((f) => f.l === LiquiditySide.Taker).map((f) => BigInt(f.f));
      expect(makerFees.length).toBeGreaterThanOrEqual(3);
      expect(makerFees.every((f) => f < 0n)).toBe(true);
      expect(takerFees.length).toBeGreaterThanOrEqual(1);
      expect(takerFees.every((f) => f > 0n)).toBe(true);

      const { events, trips } = await longThenShortTrips(t, fills);
      expect(trips.every((trip) => trip.funding !== 0n)).toBe(true);
      // The short opened and closed on maker fills only: its fees are the rebates, negative.
      expect(trips[1]!.fees).toBeLessThan(0n);
      const net = trips.reduce((s, trip) => s + trip.netPnl, 0n);
      // Flat to flat from a new account: the whole history is the window.
      expect(net).toBe(tradingBalanceChange(events, 0, Number.POSITIVE_INFINITY));
      expect(net).toBe(balance() - startBalance);
    } finally {
      await traders.stopAll();
    }
  });
});
