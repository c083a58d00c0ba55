// Order and position ids encode their block as live ones do (wire.md 15: `id >> 16` is the block).

import { describe, expect, it } from 'vitest';
import { selectMarkets } from '../markets.js';
import { EngineCore } from './core.js';
import { EngineDriver, ONE_BTC, PX } from './testkit.js';

describe('order and position ids', () => {
  it('ids-encode-their-block: a resting order, a fill and its position carry the block they were made in', () => {
    const d = new EngineDriver();
    const maker = d.account('maker');
    const taker = d.account('taker');
    const resting = d.limit(maker, 'sell', PX, ONE_BTC);
    expect(Math.floor(resting.oid / 65536)).toBe(d.head);
    d.block();
    d.block();
    const rows = d.exec(taker, { t: 1, p: 0, s: ONE_BTC, fl: 4 });
    expect(Math.floor(rows[0]!.oid / 65536)).toBe(d.head);
    const [pos] = d.engine.openPositions(taker);
    expect(Math.floor(pos!.pid / 65536)).toBe(d.head);
    expect(pos!.ots?.b).toBe(d.head);
  });

  it('ids-never-repeat-past-65536-a-block: more ids than a block holds spill into the next block range, and that block goes on after them', () => {
    const core = new EngineCore({ chainId: 31337, seed: 1, markets: selectMarkets(['BTC']) });
    core.setClock(5, 0);
    const first = core.allocId();
    expect(first).toBe(5 * 65536);
    let last = first;
    for (let i = 0; i < 65536; i++) last = core.allocId();
    expect(last).toBe(6 * 65536); // the 65,537th of block 5
    core.setClock(6, 1000);
    expect(core.allocId()).toBe(last + 1);
    core.setClock(9, 2000);
    expect(core.allocId()).toBe(9 * 65536);
  });
});
