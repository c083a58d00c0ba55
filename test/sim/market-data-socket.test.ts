// The market-data WebSocket over a real socket: subscribe / unsubscribe, per-stream status, snapshot
// then deltas, continuous heartbeat sn, the block trace beside the heartbeats, and the subscription cap.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../src/sim/index.js';
import WebSocket from 'ws';
import { FrameClient } from './helpers.js';
import { startTestSim } from './sim-setup.js';
import { marketLabel } from '../../src/domain/market-label.js';
import { parseBlockTrace } from '../../src/sim/server/block-trace.js';

let sim: RunningSim;
let btc: number;
let markets: number[];
const blockTrace = join(mkdtempSync(join(tmpdir(), 'perpl-block-trace-')), 'blocks.txt');

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 50, flowStepsPerSec: 40, blockTraceFile: blockTrace });
  const ctx = sim.control.engine.context(0, Date.now());
  markets = ctx.markets.map((m) => m.id);
  btc = ctx.markets.find((m) => marketLabel(m) === 'BTC')!.id;
});
afterAll(() => sim.stop());

const mdUrl = (): string => `${sim.ws}/ws/v1/market-data`;
const sub = (stream: string, subscribe = true) => ({ stream, subscribe });

describe('market-data subscriptions', () => {
  it('status-per-stream: known streams get code 0 and their sid, an unknown market 404 "unknown stream"', async () => {
    const c = await FrameClient.open(mdUrl());
    c.send({ mt: 5, subs: [sub(`order-book@${btc}`), sub('order-book@999999'), sub(`trades@${btc}`), sub('heartbeat@31337'), sub('heartbeat@143')] });
    const res = await c.waitFor((f) => f.mt === 6);
    expect(res['subs']).toEqual([
      { stream: `order-book@${btc}`, sid: 1_000_000 + btc, status: { code: 0 } },
      { stream: 'order-book@999999', status: { code: 404, error: 'unknown stream' } },
      { stream: `trades@${btc}`, sid: 2_000_000 + btc, status: { code: 0 } },
      { stream: 'heartbeat@31337', sid: 5000, status: { code: 0 } },
      { stream: 'heartbeat@143', status: { code: 404, error: 'unknown stream' } },
    ]);
    expect(c.closeCode).toBeUndefined();
    c.close();
  });

  it('non-canonical-stream-404: leading zeros, spaces, capitals or a signed id name no stream', async () => {
    const c = await FrameClient.open(mdUrl());
    const odd = [
      `order-book@0${btc}`,
      `order-book@00${btc}`,
      ` order-book@${btc}`,
      `order-book@${btc} `,
      `order-book @${btc}`,
      `Order-Book@${btc}`,
      `TRADES@${btc}`,
      `order-book@+${btc}`,
      `order-book@${btc}.0`,
      `candles@${btc}*060`,
      `candles@0${btc}*60`,
      'heartbeat@031337',
      'market-state@31337 ',
      'order--book@1',
    ];
    c.send({ mt: 5, subs: [...odd.map((s) => sub(s)), sub(`order-book@${btc}`), sub(`candles@${btc}*60`)] });
    const res = await c.waitFor((f) => f.mt === 6);
    const subs = res['subs'] as { stream: string; sid?: number; status: { code: number; error?: string } }[];
    for (const [i, name] of odd.entries()) expect(subs[i], JSON.stringify(name)).toEqual({ stream: name, status: { code: 404, error: 'unknown stream' } });
    expect(subs.slice(odd.length).map((s) => s.status.code)).toEqual([0, 0]);
    c.close();
  });

  it('seeded-before-ready: a new exchange with flow has both book sides the moment it reports ready', async () => {
    const fresh = await startTestSim({ blockMs: 50, flowStepsPerSec: 1 });
    try {
      // Read at once, before any flow timer can tick: the ladder must not wait for one.
      const book = fresh.control.engine.book(btc, 100);
      expect(book.bid.length).toBeGreaterThan(0);
      expect(book.ask.length).toBeGreaterThan(0);
    } finally {
      await fresh.stop();
    }
  });

  it('snapshot-then-deltas: a book subscription starts with mt 15 of up to 100 levels best first, then mt 16', async () => {
    const c = await FrameClient.open(mdUrl());
    c.send({ mt: 5, subs: [sub(`order-book@${btc}`)] });
    const snap = await c.waitFor((f) => f.mt === 15);
    const bid = snap['bid'] as { p: number }[];
    const ask = snap['ask'] as { p: number }[];
    expect(bid.length).toBeGreaterThan(0);
    expect(bid.length).toBeLessThanOrEqual(100);
    for (let i = 1; i < bid.length; i++) expect(bid[i]!.p).toBeLessThan(bid[i - 1]!.p);
    for (let i = 1; i < ask.length; i++) expect(ask[i]!.p).toBeGreaterThan(ask[i - 1]!.p);
    const delta = await c.waitFor((f) => f.mt === 16, 15_000);
    expect(delta.sid).toBe(1_000_000 + btc);
    expect(c.frames.indexOf(snap)).toBeLessThan(c.frames.indexOf(delta));
    c.close();
  });

  it('all-snapshots: trades 17, candles 11, market-state 9 (every market), funding 10 on subscribe', async () => {
    const c = await FrameClient.open(mdUrl());
    c.send({ mt: 5, subs: [sub(`trades@${btc}`), sub(`candles@${btc}*60`), sub('market-state@31337'), sub('funding@31337')] });
    const res = await c.waitFor((f) => f.mt === 6);
    const sids = (res['subs'] as { sid: number }[]).map((s) => s.sid);
    expect(sids).toEqual([2_000_000 + btc, 6_000_000 + btc * 100_000 + 1, 3000, 4000]);
    await c.waitFor((f) => f.mt === 17);
    const candles = await c.waitFor((f) => f.mt === 11);
    expect(candles['r']).toBe(60);
    const state = await c.waitFor((f) => f.mt === 9 && f.sid === 3000);
    expect(Object.keys(state['d'] as object).map(Number).sort((a, b) => a - b)).toEqual([...markets].sort((a, b) => a - b));
    await c.waitFor((f) => f.mt === 10);
    c.close();
  });

  it('heartbeat-continuous: market-data heartbeats carry h = head and sn +1 per block', async () => {
    const c = await FrameClient.open(mdUrl());
    c.send({ mt: 5, subs: [sub('heartbeat@31337')] });
    const beats = await c.waitForCount((f) => f.mt === 100, 6);
    for (let i = 1; i < beats.length; i++) {
      expect(beats[i]!.sn).toBe(beats[i - 1]!.sn! + 1);
      expect(beats[i]!['h']).toBe((beats[i - 1]!['h'] as number) + 1);
    }
    c.close();
  });

  it('heartbeat-missing-from-block-trace: each heartbeat a client reads has its block traced with the ms it left, before it arrived', async () => {
    const c = await FrameClient.open(mdUrl());
    const subscribedAt = Date.now();
    c.send({ mt: 5, subs: [sub('heartbeat@31337')] });
    const beats = await c.waitForCount((f) => f.mt === 100, 4);
    const readAt = Date.now();
    const sent = parseBlockTrace(readFileSync(blockTrace, 'utf8'));
    for (const beat of beats) {
      const at = sent.get(beat['h'] as number);
      expect(at).toBeGreaterThanOrEqual(subscribedAt - 1);
      expect(at).toBeLessThanOrEqual(readAt + 1);
    }
    c.close();
  });

  it('unsubscribe-stops-stream: after unsubscribing order-book no further mt 16 arrives for it', async () => {
    const c = await FrameClient.open(mdUrl());
    c.send({ mt: 5, subs: [sub(`order-book@${btc}`), sub('heartbeat@31337')] });
    await c.waitFor((f) => f.mt === 16);
    c.send({ mt: 5, subs: [sub(`order-book@${btc}`, false)] });
    const ack = await c.waitFor((f) => f.mt === 6 && (f['subs'] as { status: { code: number } }[])[0]!.status.code === 0, 2000, 1);
    // Frames already in flight may still land; after a few blocks none may.
    const beat = await c.waitFor((f) => f.mt === 100, 2000, c.frames.indexOf(ack));
    const from = c.frames.indexOf(beat);
    await c.waitForCount((f) => f.mt === 100, c.frames.filter((f) => f.mt === 100).length + 5);
    expect(c.frames.slice(from).some((f) => f.mt === 16)).toBe(false);
    c.close();
  });

  it('subscription-cap-429: the 17th distinct stream of one connection gets 429 "too many subscriptions"', async () => {
    const c = await FrameClient.open(mdUrl());
    const resolutions = [60, 300, 900, 1800, 3600, 7200, 14400, 28800, 43200, 86400];
    const streams = [
      ...resolutions.map((r) => `candles@${btc}*${r}`),
      ...markets.map((m) => `order-book@${m}`),
      ...markets.map((m) => `trades@${m}`),
    ].slice(0, 17);
    expect(streams).toHaveLength(17);
    c.send({ mt: 5, subs: streams.map((s) => sub(s)) });
    const res = await c.waitFor((f) => f.mt === 6);
    const codes = (res['subs'] as { status: { code: number; error?: string } }[]).map((s) => s.status);
    expect(codes.slice(0, 16).every((s) => s.code === 0)).toBe(true);
    expect(codes[16]).toEqual({ code: 429, error: 'too many subscriptions' });
    c.close();
  });

  it('garbage-from-client-1011: an unparseable client frame closes the market-data socket 1011', async () => {
    const c = await FrameClient.open(mdUrl());
    c.send('{"mt":5,"subs":[');
    expect(await c.waitClose()).toEqual({ code: 1011, reason: 'failed to process' });
  });
});

describe('protocol keep-alive', () => {
  it('ping-timeout-1008: a client that never answers protocol pings is closed 1008 "ping timeout"; a normal one stays', async () => {
    const quick = await startTestSim({ blockMs: 100, flowStepsPerSec: 0, limits: { pingIntervalMs: 100 } });
    try {
      const silent = new WebSocket(`${quick.ws}/ws/v1/market-data`, { autoPong: false });
      const closed = new Promise<[number, string]>((resolve) => silent.on('close', (code, reason) => resolve([code, reason.toString()])));
      const normal = await FrameClient.open(`${quick.ws}/ws/v1/market-data`);
      let pings = 0;
      normal.ws.on('ping', () => (pings += 1));
      expect(await closed).toEqual([1008, 'ping timeout']);
      // Each ping after the first means the server's check before it found the last one answered: three
      // more rounds of the check that closed the silent socket have passed the normal one.
      const after = pings;
      const deadline = Date.now() + 5_000;
      while (pings < after + 3 && normal.closeCode === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(pings).toBeGreaterThanOrEqual(after + 3);
      expect(normal.closeCode).toBeUndefined();
      normal.close();
    } finally {
      await quick.stop();
    }
  });
});
