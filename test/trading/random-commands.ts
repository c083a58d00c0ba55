// A reproducible stream of random trading commands for the chaos runs: market and resting orders,
// cancels, closes and price changes, in a fixed mix.

import type { CommandHandle } from '../../src/client/commands.js';
import { Prng } from '../../src/lib/prng.js';
import type { Market } from '../../src/protocol/frames.js';
import { type SimHandle, type Trader, top } from './harness.js';
import { marketLabel } from '../../src/domain/market-label.js';

/** Uniform draws in [0, 1) from the one seeded PRNG (lib/prng.ts), so a failing run can be replayed from its seed. */
export function prng(seed: number): () => number {
  const r = Prng.stream(seed, 'random-commands');
  return () => r.next();
}

/** One random command of `t` on one of `markets`, or null when the draw has nothing to act on. */
export function randomCommand(h: SimHandle, t: Trader, markets: readonly Market[], rand: () => number): CommandHandle | null {
  const m = markets[Math.floor(rand() * markets.length)]!;
  const unit = marketLabel(m) === 'BTC' ? 100 : 1_000;
  const side = rand() < 0.5 ? 'long' : 'short';
  const st = t.session.state;
  const r = rand();
  if (r < 0.35) return t.commands.place({ marketId: m.id, kind: 'market', side, size: unit * (1 + Math.floor(rand() * 3)), leverage: 500 });
  if (r < 0.6) {
    const book = top(h, m.id);
    const price = side === 'long' ? book.bid - 200 - Math.floor(rand() * 2_000) : book.ask + 200 + Math.floor(rand() * 2_000);
    if (price <= 0) return null;
    return t.commands.place({ marketId: m.id, kind: rand() < 0.5 ? 'limit' : 'post-only', side, size: unit, price, leverage: 500 });
  }
  if (r < 0.75) {
    const orders = [...st.orders.values()];
    const o = orders[Math.floor(rand() * orders.length)];
    return o ? t.commands.cancel(o.oid) : null;
  }
  if (r < 0.85) {
    const positions = [...st.positions.values()];
    const p = positions[Math.floor(rand() * positions.length)];
    return p ? t.commands.close(p.pid, { kind: 'market', bps: rand() < 0.5 ? 5_000 : 10_000 }) : null;
  }
  const orders = [...st.orders.values()].filter((o) => (o.tp ?? 0) === 0 && (o.p ?? 0) > 0);
  const o = orders[Math.floor(rand() * orders.length)];
  return o ? t.commands.change(o.oid, { price: (o.p ?? 0) + (o.t === 1 ? -10 : 10) }) : null;
}
