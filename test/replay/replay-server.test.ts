// The replay server against a hand-written recording: REST serves the recorded context and candles,
// the control API pauses and seeks, the trading socket does not exist, and recorded sids are rewritten
// to one sid per stream across recorded reconnects (a later epoch used other sids).

import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplayServer } from '../../src/replay/replay-server.js';
import { buildTimeline } from '../../src/replay/timeline.js';
import { parseRecording } from '../../src/transport/record/index.js';
import { until } from './helpers.js';

const CONTEXT = { chain: { id: 31337 }, markets: [{ id: 1, symbol: 'BTC' }] };
const CANDLE = { t: 1_700_000_000_000, o: 1, c: 2, h: 3, l: 1, v: '5', n: 1 };

function line(v: object): string {
  return JSON.stringify(v);
}

/** Two recorded md connections; the second got other sids for the same streams. */
function recordingText(): string {
  const subs = (hb: number, book: number) => ({
    mt: 6,
    sn: 1,
    subs: [
      { stream: 'heartbeat@31337', sid: hb, status: { code: 0 } },
      { stream: 'order-book@1', sid: book, status: { code: 0 } },
    ],
  });
  return [
    line({ recording: 1, network: 'local', chainId: 31337, startedAt: 1_000 }),
    line({ t: 5, at: 1_005, dir: 'out', ch: 'rest', frame: { method: 'GET', url: 'http://x/api/v1/pub/context', headers: {} } }),
    line({ t: 6, at: 1_006, dir: 'in', ch: 'rest', frame: { status: 200, url: 'http://x/api/v1/pub/context', body: CONTEXT } }),
    line({ t: 7, at: 1_007, dir: 'in', ch: 'rest', frame: { status: 200, url: 'http://x/api/v1/market-data/1/candles/60/0-9', body: { r: 60, d: [CANDLE] } } }),
    line({ t: 10, at: 1_010, ch: 'md', event: 'open', epoch: 1 }),
    line({ t: 11, at: 1_011, dir: 'in', ch: 'md', frame: subs(77, 88) }),
    line({ t: 12, at: 1_012, dir: 'in', ch: 'md', frame: { mt: 15, sid: 88, sn: 1, bid: [{ p: 10, s: 1, o: 1 }], ask: [] } }),
    line({ t: 13, at: 1_013, dir: 'in', ch: 'md', frame: { mt: 100, sid: 77, sn: 1, h: 1 } }),
    line({ t: 14, at: 1_014, dir: 'in', ch: 'md', frame: { mt: 17, sid: 55, sn: 1, d: [] } }),
    line({ t: 20_000, at: 21_000, ch: 'md', event: 'close', code: 1006 }),
    line({ t: 20_010, at: 21_010, ch: 'md', event: 'open', epoch: 2 }),
    line({ t: 20_011, at: 21_011, dir: 'in', ch: 'md', frame: subs(78, 99) }),
    line({ t: 20_012, at: 21_012, dir: 'in', ch: 'md', frame: { mt: 15, sid: 99, sn: 2, bid: [{ p: 20, s: 1, o: 1 }], ask: [] } }),
    line({ t: 20_013, at: 21_013, dir: 'in', ch: 'md', frame: { mt: 100, sid: 78, sn: 2, h: 2 } }),
    '{"t": 20_014, torn line',
  ].join('\n');
}

let server: ReplayServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

async function start(): Promise<ReplayServer> {
  server = new ReplayServer(buildTimeline(parseRecording(recordingText())), { speed: 1 });
  await server.listen();
  return server;
}

interface Viewer {
  frames: Record<string, unknown>[];
  closed: { code: number } | null;
}

function connect(s: ReplayServer, streams: string[]): Viewer {
  const ws = new WebSocket(`${s.wsBase}/ws/v1/market-data`);
  const v: Viewer = { frames: [], closed: null };
  ws.on('open', () => ws.send(JSON.stringify({ mt: 5, subs: streams.map((stream) => ({ stream, subscribe: true })) })));
  ws.on('message', (d) => v.frames.push(JSON.parse(d.toString()) as Record<string, unknown>));
  ws.on('close', (code) => (v.closed = { code }));
  return v;
}

describe('replay server', () => {
  it('serves the recorded context and candles; no trading socket; 404 for the rest', async () => {
    const s = await start();
    expect(await (await fetch(`${s.restBase}/v1/pub/context`)).json()).toEqual(CONTEXT);
    expect(await (await fetch(`${s.restBase}/v1/market-data/1/candles/60/5-6`)).json()).toEqual({ r: 60, d: [CANDLE] });
    expect(await (await fetch(`${s.restBase}/v1/market-data/2/candles/60/5-6`)).json()).toEqual({ r: 60, d: [] });
    expect((await fetch(`${s.restBase}/v1/trading/wallet`)).status).toBe(404);
    const trading = new WebSocket(`${s.wsBase}/ws/v1/trading`);
    await expect(new Promise((resolve, reject) => trading.on('open', resolve).on('error', reject))).rejects.toThrow(/404/);
  });

  it('acks recorded streams, refuses others, sends only subscribed streams with one sid each', async () => {
    const s = await start();
    const v = connect(s, ['heartbeat@31337', 'order-book@1', 'trades@1']);
    await until(() => v.frames.length >= 3, 'the ack and the first epoch');
    const [ack, book, hb] = v.frames;
    expect(ack).toMatchObject({
      mt: 6,
      subs: [
        { stream: 'heartbeat@31337', sid: 77, status: { code: 0 } },
        { stream: 'order-book@1', sid: 88, status: { code: 0 } },
        { stream: 'trades@1', status: { code: 404 } },
      ],
    });
    expect(book).toMatchObject({ mt: 15, sid: 88, bid: [{ p: 10 }] });
    expect(hb).toMatchObject({ mt: 100, sid: 77, sn: 1 });
    expect(v.frames.some((f) => f.mt === 17)).toBe(false);

    // Seek into the second recorded connection: this socket closes (1001), a new one gets epoch 2
    // with its sids (78, 99) rewritten to the same 77 / 88.
    const base = s.wsBase.replace('ws:', 'http:');
    await fetch(`${base}/replay/pause`, { method: 'POST' });
    const before = await (await fetch(`${base}/replay/seek?ms=20013`, { method: 'POST' })).json();
    expect(before).toMatchObject({ positionMs: 20_013, paused: true });
    await until(() => v.closed !== null, 'the viewer to be closed by the seek');
    expect(v.closed?.code).toBe(1001);
    const again = connect(s, ['heartbeat@31337', 'order-book@1']);
    await until(() => again.frames.length >= 3, 'epoch 2');
    expect(again.frames[1]).toMatchObject({ mt: 15, sid: 88, bid: [{ p: 20 }] });
    expect(again.frames[2]).toMatchObject({ mt: 100, sid: 77, sn: 2 });
  });

  it('pause over the control API holds the position', async () => {
    const s = await start();
    const base = s.wsBase.replace('ws:', 'http:');
    const paused = (await (await fetch(`${base}/replay/pause`, { method: 'POST' })).json()) as { paused: boolean; positionMs: number };
    expect(paused.paused).toBe(true);
    expect((await fetch(`${base}/replay/fly`, { method: 'POST' })).status).toBe(400);
    const status = (await (await fetch(`${base}/replay`)).json()) as { positionMs: number; durationMs: number };
    expect(status).toMatchObject({ positionMs: paused.positionMs, durationMs: 20_013 });
  });
});
