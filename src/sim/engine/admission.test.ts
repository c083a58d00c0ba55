import { describe, expect, it } from 'vitest';
import { SimProtocolError } from './types.js';
import { EngineDriver, PX } from './testkit.js';

describe('gateway admission (wire.md 8.9)', () => {
  it('closes the socket (throws) for an unknown market, a foreign account or a negative mnp', () => {
    const d = new EngineDriver();
    const alice = d.account('alice');
    const bob = d.account('bob');
    expect(() => d.send(alice, { mkt: 999, p: PX, s: 1 })).toThrow(SimProtocolError);
    const bobAddress = `0x${Buffer.from('bob').toString('hex').padStart(40, '0')}`;
    expect(() => d.engine.admit(bobAddress, { mt: 22, sn: 1, rq: 1, mkt: 1, acc: alice, t: 1, s: 1, fl: 0, lv: 100, lb: 0 }, d.head)).toThrow(
      SimProtocolError,
    );
    expect(() => d.send(bob, { p: PX, s: 1, mnp: -1 })).toThrow(SimProtocolError);
    expect(d.engine.pendingRequests()).toBe(0);
  });

  it('answers 400 with the live error texts, in the live order of checks', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    expect(d.send(a, { t: 0, p: PX, s: 1 })).toMatchObject({ code: 400, error: 'invalid order type' });
    expect(d.send(a, { t: 9, p: PX, s: 1 })).toMatchObject({ code: 400, error: 'invalid order type' });
    expect(d.send(a, { t: 3, s: 1, tp: PX })).toMatchObject({ code: 400, error: 'trigger price condition is not specified' });
    expect(d.send(a, { p: PX, s: 1, lb: d.head })).toMatchObject({ code: 400, error: 'last exec block already expired' });
    expect(d.send(a, { p: PX, s: 1, lb: d.head + 21 })).toMatchObject({ code: 400, error: 'last exec block too high' });
    expect(d.send(a, { p: PX, s: 1, tif: d.head })).toMatchObject({ code: 400, error: 'order already expired' });
    expect(d.send(a, { p: PX, s: 1, mnp: 65_536 })).toMatchObject({
      code: 400,
      error: 'max negative pnl collateralization out of range',
    });
    // An expired lb is reported before a bad tif (order of checks).
    expect(d.send(a, { p: PX, s: 1, lb: d.head, tif: d.head })).toMatchObject({ error: 'last exec block already expired' });
    expect(d.engine.pendingRequests()).toBe(0);
  });

  it('accepts lb = head + ttl, lb = 0, and a trigger whose lb is beyond the ceiling', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    expect(d.send(a, { p: PX, s: 1, lb: d.head + 20 }).code).toBe(0);
    expect(d.send(a, { p: PX, s: 1, lb: 0 }).code).toBe(0);
    expect(d.send(a, { t: 1, s: 1, tp: PX, tpc: 1, lb: d.head + 500 }).code).toBe(0);
    expect(d.engine.pendingRequests()).toBe(3);
  });

  it('queues accepted requests until the next block instead of executing them at once', () => {
    const d = new EngineDriver();
    const a = d.account('a');
    d.send(a, { p: PX, s: 1000 });
    expect(d.engine.openOrders(a)).toHaveLength(0);
    expect(d.engine.ledger(a).lfr).toBe(0);
    d.block();
    expect(d.engine.openOrders(a)).toHaveLength(1);
    expect(d.engine.ledger(a).lfr).toBe(1);
    expect(d.engine.pendingRequests()).toBe(0);
  });
});
