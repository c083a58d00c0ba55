// Benchmark (not a test): how many book updates per second the local exchange delivers to one
// subscriber, and whether it falls behind. Run: npx tsx bench/sim-throughput.ts [rate] [seconds]
// The exchange runs in this process; the subscriber is a separate node process, so the CPU numbers
// are the server's own. Prints human lines, then one JSON line.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim } from '../src/sim/index.js';

const rate = Number(process.argv[2] ?? 5000);
const seconds = Number(process.argv[3] ?? 10);

const CLIENT = `
import WebSocket from 'ws';
const [url, market, seconds] = process.argv.slice(1);
const ws = new WebSocket(url + '/ws/v1/market-data', { perMessageDeflate: false });
let deltas = 0, bytes = 0, start = 0;
const lags = [];
ws.on('open', () => ws.send(JSON.stringify({ mt: 5, subs: [{ stream: 'order-book@' + market, subscribe: true }] })));
ws.on('message', (data) => {
  const f = JSON.parse(data.toString());
  if (f.mt !== 16) return;
  if (start === 0) { start = Date.now(); process.stdout.write('start\\n'); setTimeout(done, Number(seconds) * 1000); }
  deltas++; bytes += data.length;
  if (deltas % 10 === 0) lags.push(Date.now() - f.at.t);
});
function done() {
  const secs = (Date.now() - start) / 1000;
  lags.sort((a, b) => a - b);
  const q = (p) => lags[Math.min(lags.length - 1, Math.floor(p * lags.length))] ?? 0;
  const cpu = process.cpuUsage();
  process.stdout.write(JSON.stringify({ deltas, secs, bytes, lagP50: q(0.5), lagP99: q(0.99), lagMax: lags.at(-1) ?? 0,
    clientCpuPct: ((cpu.user + cpu.system) / 1e4) / secs }) + '\\n');
  ws.terminate();
}
`;

async function main(): Promise<void> {
  const sim = await startSim({
    home: mkdtempSync(join(tmpdir(), 'perpl-bench-')),
    markets: ['BTC'],
    flowStepsPerSec: rate,
    blockMs: 300,
    quiet: true,
  });
  const market = sim.control.engine.context(0, Date.now()).markets[0]!.id;
  // Server-side numbers are taken over the same window the client measures (first delta -> report).
  let cpu0 = process.cpuUsage();
  let steps0 = sim.control.flowStats();
  let t0 = Date.now();
  let cpu = cpu0;
  let steps = steps0;
  let wall = 0;
  const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT, sim.ws, String(market), String(seconds)], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.startsWith('start\n') && wall === 0 && steps === steps0) {
      out = out.slice('start\n'.length);
      cpu0 = process.cpuUsage();
      steps0 = sim.control.flowStats();
      t0 = Date.now();
      steps = { ...steps0 };
    }
    if (out.includes('}\n')) {
      wall = (Date.now() - t0) / 1000;
      cpu = process.cpuUsage(cpu0);
      steps = sim.control.flowStats();
    }
  });
  await new Promise((resolve) => child.on('exit', resolve));
  await sim.stop();

  const client = JSON.parse(out.trim()) as {
    deltas: number;
    secs: number;
    bytes: number;
    lagP50: number;
    lagP99: number;
    lagMax: number;
    clientCpuPct: number;
  };
  const result = {
    bench: 'sim-throughput',
    targetStepsPerSec: rate,
    stepsRunPerSec: Math.round((steps.steps - steps0.steps) / wall),
    stepsShed: steps.shed - steps0.shed,
    bookUpdatesPerSec: Math.round(client.deltas / client.secs),
    kbPerSec: Math.round(client.bytes / client.secs / 1024),
    lagMsP50: client.lagP50,
    lagMsP99: client.lagP99,
    lagMsMax: client.lagMax,
    serverCpuPct: Math.round((cpu.user + cpu.system) / 1e4 / wall),
    clientCpuPct: Math.round(client.clientCpuPct),
  };
  console.log(`target ${rate} flow steps/s, ran ${result.stepsRunPerSec}/s, shed ${result.stepsShed} steps`);
  console.log(`delivered ${result.bookUpdatesPerSec} book updates/s (${result.kbPerSec} KiB/s) to one subscriber`);
  console.log(`lag (receive - frame time) p50 ${result.lagMsP50} ms, p99 ${result.lagMsP99} ms, max ${result.lagMsMax} ms`);
  console.log(`CPU: server ${result.serverCpuPct}% of one core, client ${result.clientCpuPct}%`);
  console.log(JSON.stringify(result));
}

void main();
