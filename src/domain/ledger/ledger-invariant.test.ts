// The ledger's invariant over random sessions: the net PnL of the round trips equals what trading moved the
// balance by, to the atom, for any mix of partial closes, flips, fees, rebates, funding and top-ups, with
// the exchange's realized PnL or priced from the fills.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tradingBalanceChange } from './balance-change.js';
import { buildRoundTrips } from './build-round-trips.js';
import { fundingFromBoth, ledgerFillOf, realizedOfPositionRow } from './ledger-inputs.js';
import { LedgerModel } from './ledger-model.fixtures.js';

const MARKETS = [16, 32];
const scale = (mkt: number): bigint => (mkt === 16 ? 1n : 10n);

const step = fc.oneof(
  fc.record({ kind: fc.constant('fill' as const), mkt: fc.constantFrom(...MARKETS), buy: fc.boolean(), size: fc.integer({ min: 1, max: 40 }), price: fc.integer({ min: 900, max: 1_100 }), fee: fc.bigInt({ min: -30n, max: 200n }) }),
  fc.record({ kind: fc.constant('funding' as const), mkt: fc.constantFrom(...MARKETS), amount: fc.bigInt({ min: -50n, max: 50n }) }),
  fc.record({ kind: fc.constant('topUp' as const), mkt: fc.constantFrom(...MARKETS), amount: fc.bigInt({ min: 1n, max: 500n }), fromOutside: fc.boolean() }),
);

describe('ledger invariant', () => {
  it('sum-of-net-equals-trading-balance-change: random sessions flattened at the end', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), fc.boolean(), (steps, withRows) => {
        const m = new LedgerModel(scale);
        m.deposit(10n ** 12n);
        const from = m.nowMs;
        for (const s of steps) {
          if (s.kind === 'fill') m.fill(s.mkt, s.buy ? 1 : -1, s.size, s.price, s.fee);
          else if (s.kind === 'funding') m.funding(s.mkt, s.amount);
          else m.topUp(s.mkt, s.amount, s.fromOutside);
        }
        for (const mkt of MARKETS) {
          const open = m.openPosition(mkt);
          if (open) m.fill(mkt, open.sd === 1 ? -1 : 1, open.size, 1_000, 7n);
        }
        const fold = buildRoundTrips({
          fills: m.fills.map(ledgerFillOf).filter((f) => f !== null),
          funding: fundingFromBoth(m.events, m.rows),
          realized: withRows ? m.rows.map(realizedOfPositionRow).filter((r) => r !== null) : undefined,
          notionalScale: scale,
        });
        expect(fold.trips.every((t) => t.closedAt !== null)).toBe(true);
        expect(fold.unplacedFunding).toBe(0n);
        const net = fold.trips.reduce((sum, t) => sum + t.netPnl, 0n);
        expect(net).toBe(tradingBalanceChange(m.events, from, Number.POSITIVE_INFINITY));
      }),
      { numRuns: 200 },
    );
  });
});
