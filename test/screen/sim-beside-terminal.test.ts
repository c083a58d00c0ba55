// `perpl sim` beside the terminal: every local exchange writes its own demo key (per port), so the
// exchange `npm start` runs in-process never replaces the key of a `perpl sim` running beside it, and
// the terminal given `--port P` signs in with that port's key (before: one shared local-demo.json, the
// second exchange overwrote it and the terminal looped on close 3401 while showing live). `perpl api` and
// `perpl doctor` beside a terminal running its own exchange find that exchange through its pointer file,
// not the local-demo.json of a `perpl sim` that may have stopped.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverKeyFile } from '../../src/auth/keyfile-discovery.js';
import { runningLocalExchange } from '../../src/auth/local-exchange-pointer.js';
import { startTui } from '../../src/app/tui.js';
import { run as runApi } from '../../src/cli/subcommands/api.js';
import { runDoctor } from '../../src/cli/subcommands/doctor.js';
import { CliHarness } from '../keys/cli-harness.js';
import { createVirtualTerminal } from '../helpers/terminal.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { runAppInTerminal } from '../helpers/terminal-app.js';
import { eventually } from '../helpers/terminal.js';

let home: string;
let beside: RunningSim;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-beside-'));
  // `perpl sim` in one pane.
  beside = await startSim({ port: 0, home, quiet: true, blockMs: 100, flowStepsPerSec: 10, defaultDemoKey: true });
});

afterAll(async () => {
  await beside.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('a local exchange beside the terminal', () => {
  it('two-exchanges-keep-their-own-keys: a second exchange (the in-process one) does not overwrite the first one\'s key', async () => {
    const besideKey = readFileSync(beside.demoKeyFile, 'utf8');
    const besideWallet = readFileSync(beside.demoWalletKeyFile, 'utf8');
    const inProcess = await startSim({ port: 0, home, quiet: true, blockMs: 100, flowStepsPerSec: 0, defaultDemoKey: false, removeDemoKeyOnStop: true });
    try {
      expect(inProcess.demoKeyFile).not.toBe(beside.demoKeyFile);
      expect(readFileSync(beside.demoKeyFile, 'utf8')).toBe(besideKey);
      expect(JSON.parse(readFileSync(inProcess.demoKeyFile, 'utf8'))).toMatchObject({ rest: inProcess.rest });
      // What commands given no port use stays the `perpl sim`'s.
      expect(readFileSync(join(home, 'keys', 'local-demo.json'), 'utf8')).toBe(besideKey);
      expect(readFileSync(beside.demoWalletKeyFile, 'utf8')).toBe(besideWallet);
      expect(await discoverKeyFile({ PERPL_HOME: home }, { name: 'local', chainId: 31337, port: beside.port })).toBe(`local-demo-${beside.port}`);
      expect(await discoverKeyFile({ PERPL_HOME: home }, { name: 'local', chainId: 31337, port: inProcess.port })).toBe(`local-demo-${inProcess.port}`);
    } finally {
      await inProcess.stop();
    }
    // The in-process exchange takes its key with it; the other's stays.
    expect(existsSync(inProcess.demoKeyFile)).toBe(false);
    expect(readFileSync(beside.demoKeyFile, 'utf8')).toBe(besideKey);
  });

  it('terminal-finds-the-port-key: --port P signs in to the exchange at P with its key while another exchange has started since', async () => {
    const other = await startSim({ port: 0, home, quiet: true, blockMs: 100, flowStepsPerSec: 0, defaultDemoKey: false, removeDemoKeyOnStop: true });
    try {
      const running = await runAppInTerminal({ rest: beside.rest, ws: beside.ws, chainId: beside.chainId }, 160, 40, undefined, { home, localPort: beside.port });
      try {
        const { store } = running.app;
        await eventually(() => store.getState().trading.account !== null, 15_000, 'the account of the exchange at the port');
        expect(store.getState().keyScope).toBe('trade');
        expect(beside.control.tradingConnections(beside.demoOperator.profile)).toBeGreaterThan(0);
      } finally {
        await running.close();
      }
    } finally {
      await other.stop();
    }
  });

  it('api-and-doctor-find-the-npm-start-exchange: while the terminal runs its own exchange, perpl api and doctor use it; after it quits, the perpl sim\'s', async () => {
    const env = { PERPL_HOME: home };
    const api = async (argv: string[]) => {
      const out: string[] = [];
      const code = await runApi(argv, { out: (t) => out.push(t), err: (t) => out.push(t), env });
      return { code, out: out.join('\n') };
    };
    const vt = createVirtualTerminal(120, 40);
    // `npm start`: the terminal with no network starts its exchange in-process, on a port of its own.
    const app = await startTui({ stdout: vt.stdout as unknown as NodeJS.WriteStream, stdin: vt.stdin as unknown as NodeJS.ReadStream, home });
    try {
      await eventually(() => app.store.getState().trading.account !== null, 20_000, 'the in-process exchange signed in');
      const own = runningLocalExchange(env);
      expect(own?.pid).toBe(process.pid);
      expect(own?.rest).not.toBe(beside.rest);
      const dry = await api(['GET', '/v1/trading/fills?count=1', '--dry-run']);
      expect(dry.code, dry.out).toBe(0);
      expect((JSON.parse(dry.out) as { url: string }).url.startsWith(own!.rest)).toBe(true);
      // Signed with that exchange's own demo key: it answers.
      expect((await api(['GET', '/v1/trading/fills?count=1'])).code).toBe(0);
      const doctor = await new CliHarness(env).run(runDoctor, []);
      expect(doctor.code, doctor.out).toBe(0);
      expect(doctor.out).toContain(`local-demo-${new URL(own!.rest).port}.json`);
    } finally {
      await app.quit();
      vt.dispose();
    }
    // Gone with the terminal: the commands are back on the `perpl sim` beside it.
    expect(runningLocalExchange(env)).toBeUndefined();
    const after = await api(['GET', '/v1/pub/context', '--dry-run']);
    expect((JSON.parse(after.out) as { url: string }).url.startsWith(beside.rest)).toBe(true);
  });
});
