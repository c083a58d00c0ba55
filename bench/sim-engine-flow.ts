// Benchmark of the local exchange's engine: cost of one flow step (all default markets) and of one
// block with resting user orders and positions. Prints one JSON line per measurement.
// Run: npx tsx bench/sim-engine-flow.ts

import { createSimEngine } from '../src/sim/engine/index.js';
import { selectMarkets } from '../src/sim/markets.js';

const T0 = 1_800_000_000_000;

function flowBench(steps: number, opts: { takerProbability?: number; requotePerStep?: number } = {}): void {
  const e = createSimEngine({ chainId: 31337, seed: 1, markets: selectMarkets(), startTimeMs: T0, flow: opts });
  e.flowStep(T0, 100); // lay the ladders
  let levelUpdates = 0;
  let trades = 0;
  const start = process.hrtime.bigint();
  for (let i = 1; i <= steps; i++) {
    const out = e.flowStep(T0 + i * 5, 100 + Math.floor(i / 60));
    for (const b of out.book.values()) levelUpdates += b.bid.length + b.ask.length;
    for (const t of out.trades.values()) trades += t.length;
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(
    JSON.stringify({
      bench: 'sim.flowStep',
      markets: 4,
      ...opts,
      steps,
      ms: Math.round(ms),
      stepsPerSec: Math.round((steps / ms) * 1000),
      usPerStep: Math.round((ms / steps) * 1000),
      levelUpdatesPerStep: +(levelUpdates / steps).toFixed(1),
      levelUpdatesPerSecAtMax: Math.round((levelUpdates / ms) * 1000),
      tradesPerStep: +(trades / steps).toFixed(3),
    }),
  );
}

function blockBench(users: number, blocks: number): void {
  const e = createSimEngine({ chainId: 31337, seed: 2, markets: selectMarkets(), startTimeMs: T0 });
  e.flowStep(T0, 100);
  const accs = Array.from({ length: users }, (_, i) => {
    const address = `0x${(i + 1).toString(16).padStart(40, '0')}`;
    return { address, acc: e.createAccount(address, '1000000000000'), rq: 0 };
  });
  let head = 100;
  let t = T0;
  const start = process.hrtime.bigint();
  for (let b = 0; b < blocks; b++) {
    for (const u of accs) {
      const buy = (b + u.acc) % 2 === 0;
      e.admit(u.address, { mt: 22, sn: b, rq: ++u.rq, mkt: 1, acc: u.acc, t: buy ? 1 : 2, p: 0, s: 500, fl: 4, lv: 500, lb: 0 }, head);
      e.admit(u.address, { mt: 22, sn: b, rq: ++u.rq, mkt: 20, acc: u.acc, t: buy ? 2 : 1, p: buy ? 360_000 : 340_000, s: 100, fl: 0, lv: 500, lb: 0, tif: head + 30 }, head);
    }
    for (let s = 0; s < 20; s++) e.flowStep((t += 15), head);
    e.advanceBlock(++head, (t += 1));
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(JSON.stringify({ bench: 'sim.block+20 flow steps', users, requestsPerBlock: users * 2, blocks, ms: Math.round(ms), msPerBlock: +(ms / blocks).toFixed(2) }));
}

flowBench(20_000);
flowBench(20_000, { takerProbability: 0.3, requotePerStep: 8 });
blockBench(20, 300);
