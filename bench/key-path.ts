// `node --import tsx bench/key-path.ts`: which src/ files a key press passes on its way to the order frame
// (mt 22) on the socket, for the three flows of issue 30 (A: place from the order form, B: amend an open
// order, C: panic), measured in the running app (bench/lib/key-path-tracer.ts says how). The app runs
// in-process at 200x50 against the local exchange over loopback, as the screen tests run it.
// Env: KEY_PATH_OUT=name.json writes the figures to bench/results/ (for a later comparison);
// KEY_PATH_BEFORE=name.json prints each count beside the one in that earlier file; KEY_PATH_ONLY=A,C.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The tracer first: coverage counts from before the app's modules run.
import { KeyPathTracer, isSourceFile } from './lib/key-path-tracer.js';
import { startSim } from '../src/sim/index.js';
import { runAppInTerminal } from '../test/helpers/terminal-app.js';
import { eventually } from '../test/helpers/terminal.js';
import type { TradingScreen } from '../test/helpers/trading-screen.js';
import { FLOWS } from './lib/key-path-flows.js';
import { flowFigures, printFlow, type FlowFigures } from './lib/key-path-report.js';

const RESULTS = join(import.meta.dirname, 'results');
const ONLY = process.env.KEY_PATH_ONLY ? new Set(process.env.KEY_PATH_ONLY.split(',').map((x) => x.trim())) : null;
const before: FlowFigures[] = process.env.KEY_PATH_BEFORE ? (JSON.parse(readFileSync(join(RESULTS, process.env.KEY_PATH_BEFORE), 'utf8')) as { flows: FlowFigures[] }).flows : [];

const tracer = new KeyPathTracer();
const home = mkdtempSync(join(tmpdir(), 'perpl-key-path-'));
const sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 100, seed: 21, flowStepsPerSec: 10 });
// The local exchange runs in this process too: its files are not the app's path.
const exchangeFolder = tracer.layerOf(startSim);
const app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 200, 50, undefined, { keyFile: sim.demoKeyFile, home });
const figures: FlowFigures[] = [];
try {
  const { store } = app.app;
  await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, 30_000, 'trading unlocked');
  await app.vt.waitFor('spread ', 30_000);
  const commands = app.app.services.trading?.();
  if (!commands) throw new Error('the app has no trading commands');
  const screen: TradingScreen = { sim, app, market: store.getState().market!, commands, home };
  tracer.watchKeys(app.vt.stdin);
  tracer.watchStore(store);

  for (const flow of FLOWS) {
    if (ONLY && !ONLY.has(flow.name)) continue;
    tracer.drain();
    await flow.run(screen, tracer);
    const f = flowFigures(flow, tracer.drain(), (file) => isSourceFile(file) && !file.startsWith(exchangeFolder));
    figures.push(f);
    printFlow(f, before.find((b) => b.name === f.name));
  }
} finally {
  tracer.stop();
  await app.close();
  await sim.stop();
  rmSync(home, { recursive: true, force: true });
}

if (process.env.KEY_PATH_OUT) {
  mkdirSync(RESULTS, { recursive: true });
  // The src/ measured: the last commit that changed it (uncommitted changes say so).
  const git = (...args: string[]) => execFileSync('git', args, { cwd: join(import.meta.dirname, '..'), encoding: 'utf8' }).trim();
  const src = `${git('log', '-1', '--format=%h %s', '--', 'src').slice(0, 100)}${git('status', '--porcelain', '--', 'src') ? ' (with uncommitted changes)' : ''}`;
  writeFileSync(join(RESULTS, process.env.KEY_PATH_OUT), JSON.stringify({ at: new Date().toISOString(), src, flows: figures }, null, 2) + '\n');
}
