import { describe, expect, it } from 'vitest';
import type { Trade } from '../protocol/frames.js';
import { volumeBetween } from './price-volume.js';
import { TradeTape } from './trades.js';

const trade = (b: number, tx: number, l: number, p = 100, sd = 1): Trade => ({
  at: { b, t: b * 1000, tx, l },
  p,
  s: 1,
  sd,
});

describe('TradeTape', () => {
  it('views newest first', () => {
    const tape = new TradeTape(10);
    tape.add([trade(1, 0, 0, 10), trade(2, 0, 0, 20)], 0);
    tape.add([trade(3, 0, 0, 30)], 0);
    expect(tape.view(10).map((t) => t.price)).toEqual([30, 20, 10]);
  });

  it('orders a batch by chain position even when it arrives newest first', () => {
    const tape = new TradeTape(10);
    tape.applySnapshot([trade(5, 1, 2, 3), trade(5, 1, 1, 2), trade(4, 9, 9, 1)], 0);
    expect(tape.view(3).map((t) => t.price)).toEqual([3, 2, 1]);
  });

  it('skips a trade seen before (a replayed or resent frame does not double the tape)', () => {
    const tape = new TradeTape(10);
    expect(tape.add([trade(1, 2, 3)], 0)).toBe(1);
    const v = tape.version;
    expect(tape.add([trade(1, 2, 3)], 0)).toBe(0);
    expect(tape.size).toBe(1);
    expect(tape.version).toBe(v);
  });

  it('keeps at most capacity trades and forgets the evicted keys', () => {
    const tape = new TradeTape(3);
    for (let i = 1; i <= 5; i++) tape.add([trade(i, 0, 0, i)], 0);
    expect(tape.size).toBe(3);
    expect(tape.view(10).map((t) => t.price)).toEqual([5, 4, 3]);
    // Trade 1 was evicted: its key no longer blocks it.
    expect(tape.add([trade(1, 0, 0, 1)], 0)).toBe(1);
  });

  it('keeps trades without a chain position, using arrival time when at.t is missing', () => {
    const tape = new TradeTape(5);
    const bare: Trade = { at: {}, p: 7, s: 2, sd: 2 };
    tape.add([bare, bare], 1234);
    const v = tape.view(5);
    expect(v).toHaveLength(2);
    expect(v[0]).toMatchObject({ timeMs: 1234, price: 7, side: 2 });
    expect(v[0]!.key).not.toBe(v[1]!.key);
  });

  it('a snapshot replaces the tape', () => {
    const tape = new TradeTape(5);
    tape.add([trade(1, 0, 0, 1)], 0);
    tape.applySnapshot([trade(9, 0, 0, 9)], 0);
    expect(tape.view(5).map((t) => t.price)).toEqual([9]);
  });

  it('ladder-volume-counts-every-trade-not-the-tape-shown: 500 trades at one price through a tape of 200 are 500 in the volume, a resent one is not', () => {
    const tape = new TradeTape(200);
    // One block a tenth of a second: the 500 trades span 50 s, well inside the window.
    const at = (b: number): Trade => ({ ...trade(b, 0, 0, 100), at: { b, t: b * 100, tx: 0, l: 0 } });
    for (let b = 1; b <= 500; b++) tape.add([at(b)], 0);
    tape.add([at(500)], 0);
    expect(tape.size).toBe(200);
    expect(volumeBetween(tape.volume.view(50_000), 100, 1)).toBe(500);
    tape.clear();
    expect(tape.volume.view(50_000).prices).toEqual([]);
  });
});
