import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { AlgoLines } from './algo-lines.js';
import type { AlgoRecord } from './algo-record.js';

const market = btcTestMarket();
const words = () => new AlgoLines(() => market);

describe('AlgoLines', () => {
  it('trail-move-says-from-and-to: each move reads "stop 66,700 → 66,750" from the stop it held', () => {
    const l = words();
    const spec = { marketId: 16, position: { id: 4, side: 'long' as const, size: 100 }, distance: { unit: 'bps' as const, bps: 100 }, on: 'mark' as const, minStepTicks: 10, stop: { price: 667_000, orderId: 7 } };
    const records: AlgoRecord[] = [
      { t: 1, id: 'tr1', k: 'start', kind: 'trail', spec },
      { t: 2, id: 'tr1', k: 'trail', event: { kind: 'sent', plan: { arm: 667_500, thenCancel: 7 }, block: 3 } },
      { t: 3, id: 'tr1', k: 'state', status: 'held', reason: 'feed stale' },
      { t: 4, id: 'tr1', k: 'state', status: 'running', reason: 'trade lock lifted' },
      { t: 5, id: 'tr1', k: 'trail', event: { kind: 'sent', plan: { arm: 668_000, thenCancel: 9 }, block: 5 } },
    ];
    expect(records.map((r) => l.add(r)?.text)).toEqual([
      'algo tr1 BTC trail long 0.001 BTC (position 4) 1% behind mark, step 10 ticks, takes over stop 66,700',
      'algo tr1 stop 66,700 → 66,750',
      'algo tr1 held: feed stale',
      'algo tr1 running: trade lock lifted',
      'algo tr1 stop 66,750 → 66,800',
    ]);
  });

  it('chase-reprice-says-from-and-to: a Change reads the price it left and the one it goes to', () => {
    const l = words();
    const spec = { marketId: 16, side: 'long' as const, size: 10, leverage: 500, maxDistance: { unit: 'ticks' as const, ticks: 20 }, durationMs: 60_000, atBound: 'cancel' as const };
    l.add({ t: 1, id: 'ch1', k: 'start', kind: 'chase', spec, startPrice: 669_950, boundPrice: 669_970, deadlineMs: 60_001 });
    expect(l.add({ t: 2, id: 'ch1', k: 'chase', event: { kind: 'sent', decision: { kind: 'place', price: 669_950, size: 10 } } })?.text).toBe('algo ch1 places 0.0001 BTC at 66,995');
    l.add({ t: 3, id: 'ch1', k: 'chase', event: { kind: 'placed', orderId: 5, price: 669_950, size: 10 } });
    expect(l.add({ t: 4, id: 'ch1', k: 'chase', event: { kind: 'sent', decision: { kind: 'change', orderId: 5, price: 669_960 } } })?.text).toBe('algo ch1 re-prices 66,995 → 66,996');
    expect(l.add({ t: 5, id: 'ch1', k: 'end', complete: false, reason: 'deadline: filled 0 of 10' })?.text).toBe('algo ch1 ended: deadline: filled 0 of 10');
  });
});
