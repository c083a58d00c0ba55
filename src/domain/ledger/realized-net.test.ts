import { describe, expect, it } from 'vitest';
import { buildRoundTrips } from './build-round-trips.js';
import { fundingFromBoth, ledgerFillOf } from './ledger-inputs.js';
import { LedgerModel } from './ledger-model.fixtures.js';
import { closedNetBetween, dayRealizedNet } from './realized-net.js';

const ETH = 32;

describe('dayRealizedNet', () => {
  it('day-net-counts-trips-closed-today-and-what-open-ones-realized: yesterday\'s close is out, today\'s fees and funding are in', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 2, 1_000, 10n);
    m.fill(ETH, -1, 2, 1_100, 10n); // closed "yesterday": +180
    m.advance(10);
    const dayStart = m.nowMs;
    m.fill(ETH, -1, 4, 1_000, 8n);
    m.fill(ETH, 1, 4, 1_050, 8n); // closed today: -216
    m.fill(ETH, 1, 3, 1_000, 6n); // open: partial close below
    m.fill(ETH, -1, 1, 990, 2n);
    m.funding(ETH, -3n);
    const { trips } = buildRoundTrips({ fills: m.fills.map(ledgerFillOf).filter((f) => f !== null), funding: fundingFromBoth(m.events, m.rows), notionalScale: () => 1n });
    expect(closedNetBetween(trips, 0, dayStart)).toBe(180n);
    expect(dayRealizedNet(trips, dayStart)).toBe(-216n + (-10n - 6n - 2n - 3n));
  });
});
