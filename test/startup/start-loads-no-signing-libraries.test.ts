// `perpl` with no arguments starts the local exchange in-process and must show a live book fast (issue 20:
// start to first live frame). EIP-712 signing and verification (viem and what it pulls in: ox, abitype,
// @scure/*, @noble/curves) serve only enrollment, so neither the terminal's modules nor the exchange's
// start may load them: they load at the first enrollment. This runs what the default start loads (the
// app's wiring module, the exchange started as the terminal starts it) in a child process whose module
// resolutions are recorded, then checks the enrollment path still works with the lazy import.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'perpl-start-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SIGNING_PACKAGES = /^(viem|ox|abitype|@scure\/bip32|@scure\/bip39|@noble\/curves)$/;

/** Packages (node_modules names) resolved while `body` runs in a fresh node with tsx. */
function packagesLoadedBy(body: string): { packages: Set<string>; stdout: string } {
  const log = join(dir, `resolved-${Math.random().toString(36).slice(2)}.log`);
  const hook = join(dir, 'record-hook.mjs');
  writeFileSync(
    hook,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (r.url.includes('/node_modules/')) appendFileSync(${JSON.stringify(log)}, r.url + '\\n');
  return r;
}`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hook}`)});\n`);
  const script = join(dir, `body-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(script, body);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--import', register, script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', PERPL_HOME: dir },
    timeout: 120_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const packages = new Set(urls.map((u) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1] ?? u));
  return { packages, stdout: run.stdout };
}

describe('start-up loads no signing library', () => {
  it('in-process-exchange-start-loads-no-viem: the app wiring and the in-process exchange start without viem and its kin', () => {
    const { packages, stdout } = packagesLoadedBy(`
import ${JSON.stringify(join(ROOT, 'src/app/tui.ts'))};
const { startSim } = await import(${JSON.stringify(join(ROOT, 'src/sim/index.ts'))});
const sim = await startSim({ port: 0, quiet: true, defaultDemoKey: false, removeDemoKeyOnStop: true, flowStepsPerSec: 0, home: ${JSON.stringify(dir)} });
const ctx = await (await fetch(sim.rest + '/v1/pub/context')).json();
console.log('markets ' + ctx.markets.length);
await sim.stop();
`);
    // Positive proof the run did what the terminal does: the screen's and the exchange's packages loaded, it served.
    expect(packages.has('ink')).toBe(true);
    expect(packages.has('ws')).toBe(true);
    expect(stdout).toMatch(/markets [1-9]/);
    expect([...packages].filter((p) => SIGNING_PACKAGES.test(p))).toEqual([]);
  });
});
