// The local exchange starts on its own thread in front of the first live frame (app/local-exchange-thread.ts).
// On Node 24 an ES import of node:http loads undici (its facade reads every export, WebSocket among them):
// ~50 ms on that thread for a client the exchange never uses. Its server code takes node:http through
// require (lib/node-http.ts), so loading and starting it loads no undici, on any Node.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'perpl-exchange-no-undici-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const undiciLoaded = `process.moduleLoadList.some((m) => m.includes('undici'))`;

describe('the local exchange loads without undici', () => {
  it('exchange-start-leaves-undici-unloaded: starting the local exchange and the replay server (their HTTP servers listening) loads no undici', () => {
    const script = join(dir, 'start-exchange.mts');
    writeFileSync(
      script,
      `
const { startLocalSim } = await import(${JSON.stringify(join(ROOT, 'src/app/local-exchange-thread.ts'))});
await import(${JSON.stringify(join(ROOT, 'src/replay/replay-server.ts'))});
const sim = await startLocalSim(${JSON.stringify(dir)});
const undici = ${undiciLoaded};
await sim.stop();
console.log(JSON.stringify({ listening: sim.rest.startsWith('http://127.0.0.1:'), undici }));
`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PERPL_HOME: dir }, timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? 'null')).toEqual({ listening: true, undici: false });
  });
});
