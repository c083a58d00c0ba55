// Benchmark: CPU cost of the market-data session (decode + route + apply + 20 Hz snapshots) under a
// book-delta feed of 2,000 and 5,000 frames/s. The feed comes from a child process, so the CPU measured
// here is the client's alone. Prints one JSON line per rate.
// Run: npx tsx bench/market-data-session.ts

import { spawn } from 'node:child_process';
import { MarketDataSession } from '../src/client/market-data/session.js';
import { TEST_CHAIN_ID, testContext } from '../test/market-data/scripted-server.js';

const SECONDS = 5;

/** The feeder: answers mt 5, sends a 100-level snapshot, then `rate` small book deltas per second. */
const FEEDER = `
const { WebSocketServer } = require('ws');
const rate = Number(process.argv[1]);
const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
wss.on('listening', () => process.stdout.write(String(wss.address().port) + '\\n'));
wss.on('connection', (ws) => {
  let sid = 500, bookSid = 0, hbSid = 0, sn = 1000, timers = [];
  ws.on('message', (d) => {
    const f = JSON.parse(String(d));
    if (f.mt !== 5) return;
    const subs = f.subs.map((s) => ({ stream: s.stream, sid: ++sid, status: { code: 0 } }));
    for (const s of subs) { if (s.stream.startsWith('order-book@')) bookSid = s.sid; if (s.stream.startsWith('heartbeat@')) hbSid = s.sid; }
    ws.send(JSON.stringify({ mt: 6, sn: 1, subs }));
    const mid = 670000, bid = [], ask = [];
    for (let i = 1; i <= 100; i++) { bid.push({ p: mid - i, s: 1000 + i, o: 1 }); ask.push({ p: mid + i, s: 1000 + i, o: 1 }); }
    ws.send(JSON.stringify({ mt: 15, sid: bookSid, sn, at: { b: sn, t: Date.now() }, bid, ask }));
    let seed = 1; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const perTick = rate / 100;
    timers.push(setInterval(() => {
      for (let i = 0; i < perTick; i++) {
        const lv = () => ({ p: 1 + Math.floor(rnd() * 100), s: rnd() < 0.2 ? 0 : 1 + Math.floor(rnd() * 5000), o: 1 + Math.floor(rnd() * 3) });
        const b = [], a = [];
        const n = 1 + Math.floor(rnd() * 3);
        for (let k = 0; k < n; k++) { const l = lv(); l.p = mid - l.p; if (l.s === 0) l.o = 0; b.push(l); }
        for (let k = 0; k < n; k++) { const l = lv(); l.p = mid + l.p; if (l.s === 0) l.o = 0; a.push(l); }
        ws.send(JSON.stringify({ mt: 16, sid: bookSid, sn, at: { b: sn, t: Date.now() }, bid: b, ask: a }));
      }
    }, 10));
    timers.push(setInterval(() => { sn += 1; ws.send(JSON.stringify({ mt: 100, sid: hbSid, sn, h: sn })); }, 300));
  });
  ws.on('close', () => timers.forEach(clearInterval));
});
`;

async function run(rate: number): Promise<void> {
  const child = spawn(process.execPath, ['-e', FEEDER, String(rate)], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
  const session = new MarketDataSession({
    wsBase: `ws://127.0.0.1:${port}`,
    chainId: TEST_CHAIN_ID,
    context: testContext(),
    marketId: 1,
  });
  session.start();
  await new Promise((r) => setTimeout(r, 1000)); // connect + snapshot + warm-up
  const wants = { depth: 50, trades: 50, candles: 200 };
  const framesBefore = session.snapshot(wants).stats.framesReceived;
  const cpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  let snapshots = 0;
  const publisher = setInterval(() => {
    session.snapshot(wants);
    snapshots += 1;
  }, 50);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(publisher);
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.cpuUsage(cpuBefore);
  const last = session.snapshot(wants);
  session.stop();
  child.kill();
  const frames = last.stats.framesReceived - framesBefore;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    JSON.stringify({
      bench: 'market-data.session',
      targetFramesPerSec: rate,
      framesPerSec: Math.round((frames / wallMs) * 1000),
      cpuCoreFraction: Number((cpuMs / wallMs).toFixed(3)),
      usCpuPerFrame: Number(((cpuMs * 1000) / Math.max(1, frames)).toFixed(2)),
      snapshots,
      resyncs: last.stats.resyncs,
      malformed: last.stats.malformedFrames,
      health: last.connection.health,
      bookLevels: last.book.bids.length + last.book.asks.length,
    }),
  );
}

for (const rate of [2000, 5000]) await run(rate);
