// `node --import tsx bench/start-once.ts [runs]`: the start scenario alone (`node dist/perpl.js` with the launcher's options, in a
// 200x50 pty to the first live screen), as `npm run bench` measures it; needs `npm run build`.
// Env: BENCH_CPU_PROF=DIR writes a --cpu-prof of each run into DIR (the profile ends at quit, after the live screen).

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { USER_START, measureStartWithCpu } from './lib/start-pty.js';

const runs = Number(process.argv[2] ?? 3);
const profileDir = process.env.BENCH_CPU_PROF;
const nodeArgs = [...USER_START.nodeArgs, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
const home = mkdtempSync(join(os.tmpdir(), 'perpl-bench-start-'));
try {
  const times: number[] = [];
  const cpu: string[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await measureStartWithCpu({ home, cols: 200, rows: 50, env: USER_START.env, nodeArgs });
    times.push(Math.round(r.ms));
    cpu.push(r.cpuMs === null ? '?' : `${r.cpuMs.process} (main thread ${r.cpuMs.mainThread})`);
  }
  console.log(`first live frame (ms): ${times.join(' ')}; app CPU by then (ms): ${cpu.join(' ')}; load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
