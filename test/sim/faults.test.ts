// Fault injection over real sockets: each profile's fault is logged (kind, time, socket) and has the
// effect a client would see. Rates are set to 1 through a FaultSpec so each fault shows up at once.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CLOSES, SERVER_CLOSE_CODES, type FaultEvent, type RunningSim, type SimWallet } from '../../src/sim/index.js';
import { FrameClient, signedInTrading, type TestKey } from './helpers.js';
import { newTrader, startTestSim } from './sim-setup.js';

let sim: RunningSim;
let wallet: SimWallet;
let key: TestKey;
let btc: number;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 50, flowStepsPerSec: 10, limits: { restPublicPerMin: 0 } });
  ({ wallet, key, btc } = newTrader(sim));
});
afterEach(() => sim.control.setFaults('none'));
afterAll(() => sim.stop());

function logSince(t: number, kind: RegExp): FaultEvent[] {
  return sim.control.faultLog().filter((e) => e.time >= t && kind.test(e.kind));
}

async function heartbeats(): Promise<FrameClient> {
  const c = await FrameClient.open(`${sim.ws}/ws/v1/market-data`);
  c.send({ mt: 5, subs: [{ stream: 'heartbeat@31337', subscribe: true }] });
  await c.waitFor((f) => f.mt === 100);
  return c;
}

let orderSn = 100;
function sendOrder(c: FrameClient, rq: number): number {
  const sn = ++orderSn;
  c.send({ mt: 22, sn, rq, mkt: btc, acc: wallet.accountId, t: 1, p: 0, s: 10, fl: 4, ms: 500, lv: 500, lb: 0 });
  return sn;
}
const lfrOf = (c: FrameClient): number => (c.frames[0]!['as'] as { lfr: number }[])[0]!.lfr;
const maxRq = { v: 0 };
async function nextRq(c: FrameClient): Promise<number> {
  maxRq.v = Math.max(maxRq.v, lfrOf(c)) + 1;
  return maxRq.v;
}

describe('fault profiles', () => {
  it('drops: sockets are closed abnormally (1006) or with 1001, and each drop is logged with its socket', async () => {
    const t0 = Date.now();
    const c = await heartbeats();
    sim.control.setFaults({ name: 'drops', drop: 1 });
    const { code } = await c.waitClose();
    expect([1006, 1001]).toContain(code);
    const logged = logSince(t0, /^drop-/);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]!.socket).toMatch(/^md-\d+$/);
  });

  it('gaps: a heartbeat sequence number is skipped on the trading socket and the skip is logged', async () => {
    const t0 = Date.now();
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    sim.control.setFaults({ name: 'gaps', gap: 0.5 });
    await c.waitForCount((f) => f.mt === 100, 12);
    sim.control.setFaults('none');
    const sns = c.frames.filter((f) => f.mt === 100).map((f) => f.sn!);
    const jumps = sns.slice(1).filter((sn, i) => sn !== sns[i]! + 1);
    expect(jumps.length).toBeGreaterThan(0);
    expect(logSince(t0, /^heartbeat-gap$/).length).toBeGreaterThan(0);
    c.close();
  });

  it('stalls: a socket goes silent, then the held frames arrive in order with continuous sn', async () => {
    const t0 = Date.now();
    const c = await heartbeats();
    const arrivals: number[] = [];
    c.ws.on('message', () => arrivals.push(Date.now()));
    sim.control.setFaults({ name: 'stalls', stall: 1, stallMs: 600 });
    while (logSince(t0, /^stall$/).length === 0) await new Promise((r) => setTimeout(r, 10));
    sim.control.setFaults('none');
    const before = c.frames.length;
    await c.waitForCount((f) => f.mt === 100, c.frames.filter((f) => f.mt === 100).length + 12, 5000);
    expect(c.frames.length).toBeGreaterThan(before);
    const gaps = arrivals.slice(1).map((t, i) => t - arrivals[i]!);
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(450);
    const sns = c.frames.filter((f) => f.mt === 100).map((f) => f.sn!);
    for (let i = 1; i < sns.length; i++) expect(sns[i]).toBe(sns[i - 1]! + 1);
    c.close();
  });

  it('auth: a signed-in trading socket is closed 3401 mid-session', async () => {
    const t0 = Date.now();
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    sim.control.setFaults({ name: 'auth', authClose: 1 });
    expect(await c.waitClose()).toEqual({ code: 3401, reason: 'unauthorized' });
    expect(logSince(t0, /^auth-close$/)[0]!.socket).toMatch(/^tr-\d+$/);
  });

  it('closes: the server closes trading and market-data sockets 1008, 1011 or 1013 with the live reason, logged with the code', async () => {
    for (const code of SERVER_CLOSE_CODES) {
      const t0 = Date.now();
      const tr = await signedInTrading(sim.ws, sim.chainId, key);
      const md = await heartbeats();
      sim.control.setFaults({ name: 'closes', serverClose: 1, serverCloseCodes: [code] });
      expect(await tr.waitClose()).toEqual({ code, reason: SERVER_CLOSES[code] });
      expect(await md.waitClose()).toEqual({ code, reason: SERVER_CLOSES[code] });
      sim.control.setFaults('none');
      const logged = logSince(t0, /^server-close$/);
      expect(new Set(logged.map((e) => e.socket.slice(0, 3)))).toEqual(new Set(['tr-', 'md-']));
      for (const e of logged) expect(e.detail).toBe(`${code} ${SERVER_CLOSES[code]}`);
    }
  });

  it('http: REST answers bursts of 429/500/503 and logs each injected status', async () => {
    const t0 = Date.now();
    sim.control.setFaults({ name: 'http', http: 1, httpBurst: 2 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await fetch(`${sim.rest}/v1/pub/context`)).status);
    expect(codes.every((c) => [429, 500, 503].includes(c))).toBe(true);
    const logged = logSince(t0, /^http-/);
    expect(logged.map((e) => Number(e.kind.slice(5)))).toEqual(codes);
  });

  it('lost-acks: the mt 3 of an order never arrives, the order still executes (mt 24)', async () => {
    const t0 = Date.now();
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    sim.control.setFaults({ name: 'lost-acks', lostAck: 1 });
    const rq = await nextRq(c);
    sendOrder(c, rq);
    await c.waitFor((f) => f.mt === 24 && (f['d'] as { rq: number }[]).some((o) => o.rq === rq));
    expect(c.frames.some((f) => f.mt === 3)).toBe(false);
    expect(logSince(t0, /^lost-ack$/)).toHaveLength(1);
    c.close();
  });

  it('lost-updates: the mt 24 is dropped but the fill (mt 25) and position (mt 27) still arrive', async () => {
    const t0 = Date.now();
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    sim.control.setFaults({ name: 'lost-updates', lostUpdate: 1 });
    const rq = await nextRq(c);
    const sn = sendOrder(c, rq);
    await c.waitFor((f) => f.mt === 3 && f.cid === sn);
    await c.waitFor((f) => f.mt === 25);
    await c.waitFor((f) => f.mt === 27);
    expect(c.frames.some((f) => f.mt === 24)).toBe(false);
    expect(logSince(t0, /^lost-update$/).length).toBeGreaterThan(0);
    c.close();
  });

  it('dupes: mt 24 arrives twice, the copy later than frames that followed the original', async () => {
    const t0 = Date.now();
    const c = await signedInTrading(sim.ws, sim.chainId, key);
    sim.control.setFaults({ name: 'dupes', dupe: 1, dupeDelayMs: 200 });
    const rq = await nextRq(c);
    sendOrder(c, rq);
    const isMine = (f: { mt: number; [k: string]: unknown }): boolean =>
      f.mt === 24 && (f['d'] as { rq: number }[]).some((o) => o.rq === rq);
    const copies = await c.waitForCount(isMine, 2);
    expect(copies[1]).toEqual(copies[0]);
    expect(c.frames.indexOf(copies[1]!) - c.frames.indexOf(copies[0]!)).toBeGreaterThan(1);
    expect(logSince(t0, /^duplicate-update$/).length).toBeGreaterThan(0);
    c.close();
  });

  it('malformed: the client is sent frames that are not valid JSON, and each is logged', async () => {
    const t0 = Date.now();
    const c = await heartbeats();
    sim.control.setFaults({ name: 'malformed', garbage: 1 });
    await c.waitForCount(() => true, c.frames.length + 4);
    sim.control.setFaults('none');
    const garbage = c.raw.filter((text) => {
      try {
        const v = JSON.parse(text) as { mt?: number };
        return v.mt === 4242;
      } catch {
        return true;
      }
    });
    expect(garbage.length).toBeGreaterThan(0);
    expect(logSince(t0, /^garbage-frame$/).length).toBeGreaterThanOrEqual(garbage.length);
    c.close();
  });

  it('drop-connections-hook: control.dropConnections closes every socket with 1001, or drops TCP for 1006', async () => {
    const a = await heartbeats();
    const b = await signedInTrading(sim.ws, sim.chainId, key);
    sim.control.dropConnections();
    expect((await a.waitClose()).code).toBe(1001);
    expect((await b.waitClose()).code).toBe(1001);
    const c = await heartbeats();
    sim.control.dropConnections(1006);
    expect((await c.waitClose()).code).toBe(1006);
  });

  it('chaos: the named profile mixes faults; REST traffic meets injected statuses that match the log', async () => {
    const t0 = Date.now();
    sim.control.setFaults('chaos');
    const injected: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = (await fetch(`${sim.rest}/v1/market-data/${btc}/ticker`)).status;
      if (s !== 200) injected.push(s);
    }
    expect(injected.length).toBeGreaterThan(0);
    expect(logSince(t0, /^http-/).map((e) => Number(e.kind.slice(5)))).toEqual(injected);
  });
});
