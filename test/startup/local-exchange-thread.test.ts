// `perpl` starts its local exchange on a worker thread of its own process (app/local-exchange-thread.ts),
// running the CLI's entry file, so the exchange starts while the screen's code loads. The thread must
// serve like the exchange did on the main thread: its REST and sockets answer, its demo key trades, and
// stopping it removes the port's key files (they go with the exchange) and lets the thread end.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalSimThread } from '../../src/app/local-exchange-thread.js';
import { decodeContext } from '../../src/protocol/decode/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const home = mkdtempSync(join(tmpdir(), 'perpl-exchange-thread-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/**
 * The thread's entry: the CLI's main.ts, as dist/perpl.js is in a build. Node 20 runs no `--import tsx` in
 * a worker, so a plain module registers tsx's loader first.
 */
function cliEntry(): string {
  const tsxApi = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/esm/api/index.mjs')).href;
  const entry = join(home, 'cli-entry.mjs');
  writeFileSync(entry, `const { register } = await import(${JSON.stringify(tsxApi)});\nregister();\nawait import(${JSON.stringify(pathToFileURL(join(ROOT, 'src/cli/main.ts')).href)});\n`);
  return entry;
}

describe('the local exchange on its own thread', () => {
  it('exchange-thread-serves-and-cleans-up: it listens, its demo key reads the account, and stop removes its key files', async () => {
    const sim = await startLocalSimThread(cliEntry(), home, []);
    const keyFile = sim.demoKeyFile;
    try {
      expect(sim.chainId).toBe(31337);
      const ctx = (await (await fetch(`${sim.rest}/v1/pub/context`)).json()) as { markets: unknown[] };
      expect(ctx.markets.length).toBeGreaterThan(0);
      expect(existsSync(keyFile)).toBe(true);
      const key = JSON.parse(readFileSync(keyFile, 'utf8')) as { rest: string; api_key: string };
      expect(key.rest).toBe(sim.rest);
      expect(key.api_key.length).toBeGreaterThan(0);
    } finally {
      await sim.stop();
    }
    expect(existsSync(keyFile)).toBe(false);
    // Stopped means stopped: nothing listens on its port any more.
    await expect(fetch(`${sim.rest}/v1/pub/context`)).rejects.toThrow();
  });

  it('exchange-thread-hands-over-context: the ready message carries the context document its REST endpoint serves, for the first load without HTTP', async () => {
    const sim = await startLocalSimThread(cliEntry(), home, []);
    try {
      expect(sim.firstContext).toBeDefined();
      const handed = decodeContext(JSON.parse(sim.firstContext ?? 'null'));
      const served = decodeContext(await (await fetch(`${sim.rest}/v1/pub/context`)).json());
      expect(handed.markets.length).toBeGreaterThan(0);
      // The same document a moment apart: the same markets and rules (the prices, the state's figures, moved between the two).
      const rules = (c: typeof handed) => c.markets.map(({ id, name, symbol, config: { at: _at, ...config } }) => ({ id, name, symbol, config }));
      expect(rules(handed)).toEqual(rules(served));
      expect(handed.chain).toEqual(served.chain);
    } finally {
      await sim.stop();
    }
  });

  it('key-files-outlive-a-cut-short-quit: a process that ends before its exchange stopped (a signal past the quit deadline) leaves no key file', () => {
    // A process of its own: it starts the exchange's thread, says its key files, and exits without stop().
    const script = join(home, 'exit-unstopped.mts');
    const thread = pathToFileURL(join(ROOT, 'src/app/local-exchange-thread.ts')).href;
    writeFileSync(
      script,
      `const { startLocalSimThread } = await import(${JSON.stringify(thread)});\n` +
        `const sim = await startLocalSimThread(${JSON.stringify(cliEntry())}, ${JSON.stringify(home)}, []);\n` +
        'console.log(JSON.stringify(sim.keyFiles));\nprocess.exit(0);\n',
    );
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    const keyFiles = JSON.parse(out.trim().split('\n').at(-1)!) as string[];
    // The demo key and its two wallets' keys.
    expect(keyFiles).toHaveLength(3);
    for (const file of keyFiles) expect(file.startsWith(home), file).toBe(true);
    for (const file of keyFiles) expect(existsSync(file), file).toBe(false);
  });

  it('exchange-thread-start-failure-rejects: an exchange that cannot start rejects the start with its reason instead of hanging', async () => {
    // A home that is a file: the demo key cannot be written under it.
    const file = join(home, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(startLocalSimThread(cliEntry(), file, [])).rejects.toThrow(/not-a-folder/);
  });
});
