// place() and armReview() over the key thread's armed order: a review's confirm sends its order once,
// whichever thread gets the key first; an order of more than one frame is never armed.

import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlaceParams } from '../domain/trading/commands.js';
import { EngineCommands } from './commands.js';
import { armedSetUp } from './trading/armed-order.fixtures.js';
import { Journal } from './trading/journal.js';
import { ETH } from './trading/scripted-link.fixtures.js';

const dirs: string[] = [];
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const BUY_IOC: PlaceParams = { marketId: ETH.id, kind: 'ioc', side: 'long', size: 1_000, price: 250_000, leverage: 1_000 };

function setUp() {
  const t = armedSetUp(stops, dirs);
  const commands = new EngineCommands(t.engine, t.session, () => [ETH], { armed: t.armed });
  return { ...t, commands };
}

describe('EngineCommands with an armed review', () => {
  it('placeDraft is the draft place() sends', () => {
    const t = setUp();
    const made = t.commands.placeDraft(BUY_IOC);
    t.commands.place(BUY_IOC);
    expect('draft' in made && made.draft).toMatchObject({ mkt: t.link.sent[0]!.mkt, s: t.link.sent[0]!.s, p: t.link.sent[0]!.p, fl: t.link.sent[0]!.fl });
  });

  it('fired-review-then-main-confirm-sends-nothing-more: the key thread sent it, the confirm on the screen thread adopts it', () => {
    const t = setUp();
    t.commands.armReview(BUY_IOC);
    t.deliver();
    expect(t.y()).toBe(true);
    t.mainReads();
    const handle = t.commands.place(BUY_IOC);
    expect(t.link.sent).toEqual([]);
    expect(t.keyWire).toHaveLength(1);
    expect(handle.rqs()).toEqual(t.rqs(t.keyWire));
    expect(Journal.read(t.path).map((r) => r.k)).toEqual(['request', 'sent']);
  });

  it('confirm-before-the-key-thread-sends-the-staged-order-once: on its staged rq, and the key thread fires nothing after', () => {
    const t = setUp();
    t.commands.armReview(BUY_IOC);
    t.deliver();
    const handle = t.commands.place(BUY_IOC);
    expect(t.y()).toBe(false);
    expect(t.link.sent).toHaveLength(1);
    expect(t.keyWire).toEqual([]);
    expect(handle.rqs()).toEqual([t.link.sent[0]!.rq]);
    // One request line: the staged one, sent; no second request of the same order.
    expect(Journal.read(t.path).filter((r) => r.k === 'request')).toHaveLength(1);
  });

  it('other-order-placed-while-armed-disarms-first: the armed order never leaves after it', () => {
    const t = setUp();
    t.commands.armReview(BUY_IOC);
    t.deliver();
    t.commands.place({ ...BUY_IOC, price: 249_000 });
    expect(t.y()).toBe(false);
    expect(t.link.sent.map((f) => f.p)).toEqual([249_000]);
    expect(t.keyWire).toEqual([]);
  });

  it('order-of-more-than-one-frame-is-never-armed: a TP/SL bracket, a stop, a resize go from the screen thread', () => {
    const t = setUp();
    for (const p of [
      { ...BUY_IOC, tp: { price: 260_000 } },
      { ...BUY_IOC, trigger: { price: 260_000 } },
      { ...BUY_IOC, resizeProtection: true },
    ]) {
      t.commands.armReview(p);
      t.deliver();
      expect(t.y()).toBe(false);
    }
    expect(t.keyWire).toEqual([]);
    expect(Journal.read(t.path)).toEqual([]);
  });
});
