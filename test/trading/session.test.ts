// The trading session's connection rules against the local exchange: resync on a heartbeat gap,
// a fresh sign-in after close 3401, pongs never counted as heartbeats, snapshots replace stale state.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/protocol/frames.js';
import { type SimHandle, type Trader, type TraderOptions, TraderPool, live, startTestSim, until } from './harness.js';

let h: SimHandle;
const traders = new TraderPool();
beforeAll(async () => {
  h = await startTestSim();
});
afterEach(async () => {
  h.sim.control.setFaults('none');
  await traders.stopAll();
});
afterAll(async () => {
  await h?.stop();
});

const trader = (opts: TraderOptions = {}): Promise<Trader> => traders.start(h, opts);

describe('trading session', () => {
  it('a heartbeat gap reconnects and rebuilds from fresh snapshots', async () => {
    const lines: string[] = [];
    const t = await trader({ log: (l) => lines.push(l) });
    const epoch = t.session.epoch;
    // Every other heartbeat skipped: the next one that arrives shows the gap (all skipped would be a stall).
    h.sim.control.setFaults({ name: 'test-gap', gap: 0.5 });
    await until(() => t.session.epoch > epoch, 'a resync after the gap');
    expect(lines.some((l) => /heartbeat gap \d+ -> \d+/.test(l))).toBe(true);
    h.sim.control.setFaults('none');
    await live(t);
    expect(t.session.synced).toBe(true);
  });

  it('close 3401 reconnects with a freshly signed sign-in (new nonce each time)', async () => {
    const t = await trader();
    const nonces: string[] = [];
    const sign = t.signer.signWsSignIn.bind(t.signer);
    t.signer.signWsSignIn = () => {
      const f = sign();
      nonces.push(f.nonce);
      return f;
    };
    h.sim.control.setFaults({ name: 'test-auth', authClose: 1 });
    await until(() => nonces.length >= 2, 'two re-sign-ins');
    h.sim.control.setFaults('none');
    await live(t);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('pongs (their own small sn) never trip the heartbeat gap detector', async () => {
    const t = await trader({ pingEveryMs: 50 });
    const epoch = t.session.epoch;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(t.session.epoch).toBe(epoch);
    expect(t.session.health()).toBe('live');
    expect(t.session.connectionView().latencyMs).not.toBeNull();
  });

  it('after a reconnect the state is the new snapshot, not the old state patched', async () => {
    const t = await trader();
    const ghost: Order = { at: { b: 1 }, rq: 999_999, mkt: 1, acc: t.accountId, oid: 424242, st: 2, t: 1, os: 1, fs: 0, fl: 0, lv: 100 };
    t.session.state.orders.set(ghost.oid, ghost); // state that drifted from the exchange
    const epoch = t.session.epoch;
    t.session.resync('test');
    expect(t.session.health()).not.toBe('live'); // orders lock while resyncing
    expect(t.engine.lockReason()).toMatch(/resyncing|not connected/);
    await until(() => t.session.epoch > epoch && t.session.synced, 'the resync');
    expect(t.session.state.orders.has(ghost.oid)).toBe(false);
  });
});
