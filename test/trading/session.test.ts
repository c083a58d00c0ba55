// The trading session's connection rules against the local exchange: resync on a heartbeat gap,
// a fresh sign-in after close 3401 and after the server's 1008 / 1011 / 1013, pongs never counted as
// heartbeats, snapshots replace stale state.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/protocol/frames.js';
import { SERVER_CLOSES, SERVER_CLOSE_CODES } from '../../src/sim/index.js';
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

/** The nonce of every sign-in the trader signs from now on. */
function signInNonces(t: Trader): string[] {
  const nonces: string[] = [];
  const sign = t.signer.signWsSignIn.bind(t.signer);
  t.signer.signWsSignIn = () => {
    const f = sign();
    nonces.push(f.nonce);
    return f;
  };
  return nonces;
}

/** Puts an order the exchange never had into the trader's state (state that drifted); returns its oid. */
function plantGhostOrder(t: Trader): number {
  const ghost: Order = { at: { b: 1 }, rq: 999_999, mkt: 1, acc: t.accountId, oid: 424242, st: 2, t: 1, os: 1, fs: 0, fl: 0, lv: 100 };
  t.session.state.orders.set(ghost.oid, ghost);
  return ghost.oid;
}

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
    const nonces = signInNonces(t);
    h.sim.control.setFaults({ name: 'test-auth', authClose: 1 });
    await until(() => nonces.length >= 2, 'two re-sign-ins');
    h.sim.control.setFaults('none');
    await live(t);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('key-refusal-clears-on-sign-in: a 3401 locks orders as "key refused" with the reason; the next good sign-in unlocks them', async () => {
    const t = await trader();
    const refusals: string[] = [];
    const off = t.session.on({ connection: (view) => void (view.keyRefused !== undefined && refusals.push(view.keyRefused)) });
    const epoch = t.session.epoch;
    h.sim.control.setFaults({ name: 'test-auth', authClose: 1 });
    await until(() => t.session.keyRefused !== null, 'a refusal');
    expect(t.engine.lockReason()).toMatch(/^key refused by the exchange \(unauthorized\): enroll it with `perpl keys enroll`/);
    h.sim.control.setFaults('none');
    await until(() => t.session.epoch > epoch && t.session.synced, 'a good sign-in');
    await live(t);
    off();
    expect(refusals[0]).toBe('unauthorized');
    expect(t.session.keyRefused).toBeNull();
    expect(t.session.connectionView().keyRefused).toBeUndefined();
    expect(t.engine.lockReason()).toBeNull();
  });

  it.each(SERVER_CLOSE_CODES)('a server close %i reconnects with a fresh sign-in and rebuilds from the new snapshots', async (code) => {
    const t = await trader();
    const nonces = signInNonces(t);
    const reasons: string[] = [];
    const off = t.session.on({ connection: (view) => void (view.reason !== null && reasons.push(view.reason)) });
    const ghost = plantGhostOrder(t);
    const epoch = t.session.epoch;
    h.sim.control.setFaults({ name: `test-close-${code}`, serverClose: 1, serverCloseCodes: [code] });
    await until(() => t.session.epoch > epoch, `a reconnect after close ${code}`);
    h.sim.control.setFaults('none');
    await live(t);
    off();
    expect(reasons).toContain(SERVER_CLOSES[code]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(t.session.synced).toBe(true);
    expect(t.session.state.orders.has(ghost)).toBe(false);
  });

  it('pongs (their own small sn) never trip the heartbeat gap detector', async () => {
    const lines: string[] = [];
    /** mt of every inbound frame, in arrival order (the tap sees a frame just before the session does). */
    const inbound: number[] = [];
    const tap = { frame: (dir: 'in' | 'out', text: string) => void (dir === 'in' && inbound.push(Number(/"mt":(\d+)/.exec(text)?.[1]))) };
    const t = await trader({ pingEveryMs: 50, tap, log: (l) => lines.push(l) });
    const epoch = t.session.epoch;
    // Proof that pongs were judged: ten of them, each followed by a heartbeat the gap detector then judged.
    const pongsFollowedByHeartbeat = (): number => {
      const lastBeat = inbound.lastIndexOf(100);
      return inbound.slice(0, lastBeat).filter((mt) => mt === 2).length;
    };
    await until(() => pongsFollowedByHeartbeat() >= 10, 'ten pongs, each followed by a heartbeat');
    expect(lines.filter((l) => /heartbeat gap/.test(l))).toEqual([]);
    expect(t.session.epoch).toBe(epoch);
    expect(t.session.synced).toBe(true);
    expect(t.session.health()).toBe('live');
    expect(t.session.connectionView().roundTrip).not.toBeNull();
  });

  it('after a reconnect the state is the new snapshot, not the old state patched', async () => {
    const t = await trader();
    const ghost = plantGhostOrder(t);
    const epoch = t.session.epoch;
    t.session.resync('test');
    expect(t.session.health()).not.toBe('live'); // orders lock while resyncing
    expect(t.engine.lockReason()).toMatch(/resyncing|not connected/);
    await until(() => t.session.epoch > epoch && t.session.synced, 'the resync');
    expect(t.session.state.orders.has(ghost)).toBe(false);
  });
});
