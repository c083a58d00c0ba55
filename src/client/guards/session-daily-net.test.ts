import { describe, expect, it } from 'vitest';
import type { HistoryPage, Position } from '../../protocol/frames.js';
import type { TradingSessionEvents } from '../trading/session.js';
import type { HistorySource } from '../history/source.js';
import { SessionDailyNet } from './session-daily-net.js';

const DAY = Date.UTC(2026, 10, 28, 0, 0);

/** A position event (e[] row): realized `dpnl`, funding `fnd`, fee rules of fold-positions (a close: `cfee`). */
function event(b: number, t: number, over: Partial<Position>): Position {
  return { at: { b, t, tx: 1, l: 1 }, mkt: 16, acc: 1, pid: 9, st: 1, sr: 13, sd: 1, c: '0', ep: 1, s: 1, fee: '0', cfee: '0', dpnl: '0', fnd: '0', lv: 100, ...over } as unknown as Position;
}

function setup(historyRows: Position[]) {
  const listeners = new Set<TradingSessionEvents>();
  const session = { synced: true, on: (e: TradingSessionEvents) => (listeners.add(e), () => listeners.delete(e)) };
  const history: HistorySource = {
    history: (async function* () {
      yield { d: historyRows } as unknown as HistoryPage<never>;
    }) as unknown as HistorySource['history'],
  };
  const clock = { now: DAY + 3_600_000 };
  const net = new SessionDailyNet({ session, dayStart: { minutes: 0, zone: 'UTC' }, history, now: () => clock.now });
  net.start();
  const emit = (f: (l: TradingSessionEvents) => void) => {
    for (const l of [...listeners]) f(l);
  };
  return { net, emit, clock };
}

describe("the session's day net", () => {
  it('daily-net-unknown-until-the-days-history-is-read', async () => {
    const s = setup([]);
    expect(s.net.realized()).toBeNull();
    await s.net.load();
    expect(s.net.realized()).toBe(0n);
  });

  it("sums the day's events once: realized pnl + funding - the ledger's fee; yesterday's left out", async () => {
    const close = event(10, DAY + 60_000, { dpnl: '-300000000', cfee: '2000000', fee: '3000000' });
    const yesterday = event(5, DAY - 60_000, { dpnl: '-900000000' });
    const s = setup([close, yesterday]);
    await s.net.load();
    expect(s.net.realized()).toBe(-302_000_000n);
    // The same event live again (and a funding row) counts once; the funding adds.
    const funding = event(11, DAY + 120_000, { sr: 0, fnd: '-1500000' });
    s.emit((l) => l.positionUpdates?.([{ ...close, e: [close, funding] }]));
    expect(s.net.realized()).toBe(-303_500_000n);
  });

  it('a-new-day-starts-at-zero', async () => {
    const s = setup([event(10, DAY + 60_000, { dpnl: '-300000000' })]);
    await s.net.load();
    s.clock.now += 86_400_000;
    expect(s.net.realized()).toBe(0n);
  });
});
