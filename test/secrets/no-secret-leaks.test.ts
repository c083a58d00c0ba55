// secrets-never-leak (issue 9 item 6): with a known Ed25519 seed and API token, run sign-in, signed
// REST calls that succeed and fail, a trading session that places and cancels an order (journaled), a
// re-sign-in and a 3401, a recording of all of it, and `perpl api` successes and failures (with
// PERPL_DEBUG details). Then grep every log line, console/stdout/stderr write, error message, error
// detail, inspect/JSON form, journal file and recording file for the token and the seed (hex, HEX,
// base64, base64url): none may appear. `perpl api --dry-run` masks the token and hides the signature
// (test/rest/api-cli.test.ts checks it). The app's log file ($PERPL_HOME/logs/perpl.log) gets the same diagnostic
// lines and every error in full, with no scrubber armed, so a leak by any source would show; and the
// BUILT app, run in a pty with the demo key until an injected crash, must leave none on its terminal
// output (PERPL_DEBUG on, so the stack is printed) or in its own log file.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppLog, appLogPath } from '../../src/app/app-log.js';
import { ServerClock } from '../../src/auth/clock.js';
import { loadCredentials } from '../../src/auth/credentials.js';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { run as runApi } from '../../src/cli/subcommands/api.js';
import { EngineCommands } from '../../src/client/commands.js';
import { OrderEngine } from '../../src/client/trading/order-engine.js';
import { TradingSession } from '../../src/client/trading/session.js';
import { decodeContext } from '../../src/protocol/decode/index.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import { isPerplError } from '../../src/protocol/errors.js';
import type { Context } from '../../src/protocol/frames.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { RestClient } from '../../src/transport/rest/client.js';
import { FrameRecorder, recordingFetch, recordingText } from '../../src/transport/record/index.js';
import { ReconnectingSocket } from '../../src/transport/ws/index.js';
import { buildApp, hasScript, runInPty } from '../reliability/built-app.js';
import { waitFor } from '../helpers/wait.js';

let sim: RunningSim;
let dir: string;
let context: Context;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'perpl-secrets-'));
  sim = await startSim({ like: 'classic', port: 0, seed: 5, blockMs: 50, flowStepsPerSec: 10, home: dir, quiet: true });
  context = decodeContext(await (await fetch(`${sim.rest}/v1/pub/context`)).json());
});
afterAll(async () => {
  await sim?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every way an error can be shown: message, details, hint, cause chain, inspect, JSON. */
function errorTexts(e: unknown): string[] {
  const out = [String(e), inspect(e, { depth: 5 }), JSON.stringify(e) ?? ''];
  if (e instanceof Error) out.push(e.message, e.stack ?? '');
  if (isPerplError(e)) out.push(e.shortMessage, e.details ?? '', e.hint ?? '');
  if (e instanceof Error && e.cause !== undefined) out.push(...errorTexts(e.cause));
  return out;
}

it('no log, error, journal or recording holds the token or the seed', async () => {
  const wallet = sim.control.createWallet();
  const key = sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
  const seed = Buffer.from(key.seedHex, 'hex');
  const secrets = [key.apiKey, key.seedHex, key.seedHex.toUpperCase(), seed.toString('base64'), seed.toString('base64url')];
  const demo = JSON.parse(readFileSync(sim.demoKeyFile, 'utf8')) as { api_key: string; private_key: string };
  const demoSeed = Buffer.from(demo.private_key, 'hex');
  const demoSecrets = [demo.api_key, demo.private_key, demoSeed.toString('base64'), demoSeed.toString('base64url')];
  const allSecrets = [...secrets, ...demoSecrets];

  const texts: string[] = [];
  // The app's log file, with no secrets given to its scrubber: whatever reaches it is what sources wrote.
  const appLog = AppLog.open({ home: dir })!;
  const log = (line: string): void => {
    texts.push(line);
    appLog.line(line);
  };
  // Everything written to the console or the process streams while the scenario runs.
  const spies = [
    ...(['log', 'error', 'warn', 'info', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void texts.push(args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '))),
    ),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      texts.push(String(chunk));
      return true;
    }),
  ];
  const recordingPath = join(dir, 'session.ndjson');
  const journalFile = join(dir, 'journal', `local-${wallet.accountId}.ndjson`);
  const recorder = new FrameRecorder({ path: recordingPath, network: 'local', chainId: sim.chainId, secrets: allSecrets });
  const network = { name: 'local', chainId: sim.chainId, restBase: sim.rest, wsBase: sim.ws, appUrl: '', isMainnet: false };
  let session: TradingSession | null = null;
  let engine: OrderEngine | null = null;
  try {
    // Credentials and signer as the app builds them, printed the ways a careless log line would.
    const env = { PERPL_API_KEY: key.apiKey, PERPL_API_SECRET: key.seedHex, PERPL_HOME: dir };
    const creds = await loadCredentials({ env });
    const clock = new ServerClock();
    const signer = new ApiKeySigner({ apiKey: key.apiKey, seed }, sim.chainId, clock);
    texts.push(JSON.stringify(creds), inspect(creds), String(creds), JSON.stringify(signer), inspect(signer), String(signer));
    appLog.line(`credentials ${inspect(creds)} ${JSON.stringify(creds)} ${String(creds)}; signer ${inspect(signer)}`);

    // Signed REST through the recording fetch: one success, then failures (404, 400, 401).
    const rest = new RestClient({ network, signer, clock, fetch: recordingFetch(recorder) });
    const walletSnapshot = await rest.wallet();
    expect(walletSnapshot.as.length).toBeGreaterThan(0);
    const failures: unknown[] = [];
    await rest.get('/v1/trading/no-such-endpoint', (v) => v, { signed: true }).catch((e: unknown) => failures.push(e));
    await rest.post('/v1/trading/orders', { d: 'not orders' }, { signed: true }).catch((e: unknown) => failures.push(e));
    const otherChain = new RestClient({
      network: { ...network, chainId: 1 },
      signer: new ApiKeySigner({ apiKey: key.apiKey, seed }, 1),
      fetch: recordingFetch(recorder),
    });
    await otherChain.wallet().catch((e: unknown) => failures.push(e));
    expect(failures).toHaveLength(3);
    for (const e of failures) texts.push(...errorTexts(e));
    for (const e of failures) appLog.error('signed rest failed', e, { stack: true });

    // The trading socket, recorded through the tap, signed in with the same key.
    let signedIn = false;
    const recordedSocket = new ReconnectingSocket({
      url: `${sim.ws}/ws/v1/trading`,
      tap: recorder.tap('trading'),
      onOpen: (conn) => conn.send(JSON.stringify(signer.signWsSignIn())),
      onFrame: (text) => {
        if (text.includes('"mt":19')) signedIn = true;
      },
      log,
    });
    recordedSocket.start();
    await waitFor(() => signedIn, 'the recorded sign-in');
    recordedSocket.stop();

    // A trading session and the order engine with its journal: place a resting order, cancel it.
    session = new TradingSession({ wsBase: sim.ws, signer, accountId: wallet.accountId, backoff: { baseMs: 50, maxMs: 200 }, log });
    engine = new OrderEngine({
      session,
      markets: () => context.markets,
      canTrade: () => true,
      journal: { network: 'local', path: journalFile },
      ackTimeoutMs: 1_500,
      log,
    });
    const commands = new EngineCommands(engine, session, () => context.markets);
    session.start();
    const s = session;
    await waitFor(() => s.health() === 'live', 'a live trading session');
    const market = context.markets[0]!;
    const bid = sim.control.engine.book(market.id, 1).bid[0]?.p ?? 1_000_000;
    const placed = await commands.place({ marketId: market.id, kind: 'limit', side: 'long', size: 100, price: Math.max(1, bid - 5_000), leverage: 500 }).outcome;
    texts.push(inspect(placed, { depth: 6 }));
    const oid = placed.results[0]?.oid;
    expect(oid).toBeDefined();
    const cancelled = await commands.cancel(oid!).outcome;
    texts.push(inspect(cancelled, { depth: 6 }));
    // A re-sign-in, then a revoked key: the session is refused (3401) and logs it.
    s.resync('secrets test');
    await waitFor(() => s.health() === 'live', 'the session after a resync');
    sim.control.revokeKey(key.apiKey);
    sim.control.dropConnections(1001);
    await waitFor(() => s.health() !== 'live', 'the session to lose its sign-in');
    // The refusal has been taken in and logged (the lines most likely to quote what was sent).
    await waitFor(() => s.keyRefused !== null && texts.some((t) => t.includes('close 3401')), 'the refused sign-in (3401), logged');
    texts.push(JSON.stringify(s.connectionView()));
  } finally {
    engine?.stop();
    session?.stop();
    await recorder.close();
    appLog.close();
    for (const spy of spies) spy.mockRestore();
  }

  // `perpl api` successes and failures, with PERPL_DEBUG so error details are printed too.
  const apiOut: string[] = [];
  const io = (env: NodeJS.ProcessEnv) => ({ out: (t: string) => void apiOut.push(t), err: (t: string) => void apiOut.push(t), env });
  const base = ['--base-url', sim.rest, '--chain-id', String(sim.chainId)];
  const demoEnv = { PERPL_HOME: dir, PERPL_DEBUG: '1', PERPL_KEY_FILE: sim.demoKeyFile };
  expect(await runApi(['GET', '/v1/trading/wallet', ...base], io(demoEnv))).toBe(0);
  expect(await runApi(['GET', '/v1/trading/no-such-endpoint', ...base], io(demoEnv))).toBe(1);
  expect(await runApi(['POST', '/v1/trading/orders', '--body', '{"d":"x"}', ...base], io(demoEnv))).toBe(1);
  expect(await runApi(['GET', '/v1/trading/wallet', '--base-url', sim.rest, '--chain-id', '1'], io({ ...demoEnv, PERPL_KEY_FILE: undefined, PERPL_API_KEY: demo.api_key, PERPL_API_SECRET: demo.private_key }))).toBe(1);
  expect(await runApi(['GET', '/v1/trading/wallet', '--base-url', 'http://127.0.0.1:1/api', '--chain-id', '1'], io({ ...demoEnv, PERPL_KEY_FILE: undefined, PERPL_API_KEY: demo.api_key, PERPL_API_SECRET: `${demo.private_key.slice(0, 10)}zz` }))).toBe(1);
  // The revoked key of the scenario above: a 401 whose body the server may echo.
  expect(await runApi(['GET', '/v1/trading/wallet', ...base], io({ PERPL_HOME: dir, PERPL_DEBUG: '1', PERPL_API_KEY: key.apiKey, PERPL_API_SECRET: key.seedHex }))).toBe(1);
  texts.push(...apiOut);

  // The scenario really produced what is being checked.
  const journal = existsSync(journalFile) ? readFileSync(journalFile, 'utf8') : '';
  const recording = recordingText(readFileSync(recordingPath));
  const appLogText = readFileSync(appLogPath(dir), 'utf8');
  expect(appLogText).toMatch(/signed rest failed: \w+Error: GET \S+ failed: 40[14]/);
  expect(appLogText).toMatch(/ws \S+: reconnecting in \d+ ms/);
  expect(journal).toContain('"k":"request"');
  expect(recording).toContain('"mt":29');
  expect(recording).toContain('"ch":"rest"');
  expect(apiOut.join('\n')).toMatch(/failed/);
  expect(texts.some((t) => /401|unauthori[sz]ed/i.test(t))).toBe(true);

  const everything: [string, string][] = [
    ...texts.map((t, i): [string, string] => [`output #${i}`, t]),
    ['journal', journal],
    ['recording', recording],
    ['app log', appLogText],
  ];
  const leaks: string[] = [];
  for (const [where, text] of everything) {
    for (const secret of allSecrets) if (text.includes(secret)) leaks.push(`${where} holds ${secret.slice(0, 6)}…: ${text.slice(0, 160)}`);
  }
  expect(leaks).toEqual([]);
}, 40_000);

describe.skipIf(!hasScript())('the built app', () => {
  let app: { entry: string; dispose(): void } | undefined;
  let appHome: string | undefined;
  afterAll(() => {
    app?.dispose();
    if (appHome) rmSync(appHome, { recursive: true, force: true });
  });

  it('secrets-never-leak-from-the-built-app: terminal output up to a crash and the app log hold neither token nor seed', async () => {
    app = buildApp('secrets');
    appHome = mkdtempSync(join(tmpdir(), 'perpl-secrets-app-'));
    const demo = JSON.parse(readFileSync(sim.demoKeyFile, 'utf8')) as { api_key: string; private_key: string };
    const demoSeed = Buffer.from(demo.private_key, 'hex');
    const secrets = [demo.api_key, demo.private_key, demo.private_key.toUpperCase(), demoSeed.toString('base64'), demoSeed.toString('base64url')];
    const preload = resolve(import.meta.dirname, '../reliability/fixtures/preload.mjs');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CI: 'false',
      NODE_ENV: 'production',
      TERM: 'xterm-256color',
      PERPL_HOME: appHome,
      PERPL_DEBUG: '1',
      // Crash once the key is loaded and trading started (logged), however long a loaded machine takes.
      PERPL_TEST_THROW_WHEN_LOG_HAS: 'trading: key \\S+ \\(',
    };
    const run = runInPty(`node --import ${preload} ${app.entry} --network local --base-url ${sim.rest} --key-file ${sim.demoKeyFile}; echo "PERPL_TEST_EXIT=$?"`, env, 120, 36);
    const guard = setTimeout(() => run.child.kill('SIGKILL'), 40_000);
    let out: string;
    try {
      out = await run.ended;
    } finally {
      clearTimeout(guard);
    }
    // It really ran, traded with the key, and crashed with the stack printed.
    expect(out).toMatch(/PERPL_TEST_EXIT=1/);
    expect(out).toContain('injected uncaught exception');
    expect(out).toMatch(/\n\s+at /);
    const log = readFileSync(appLogPath(appHome), 'utf8');
    expect(log).toMatch(/trading: key \S+local-demo(-\d+)?\.json .*scope read\+trade/);
    expect(log).toMatch(/crash: Error: injected uncaught exception\n\s+at /);
    const leaks = [
      ...secrets.filter((x) => out.includes(x)).map((x) => `terminal output holds ${x.slice(0, 6)}…`),
      ...secrets.filter((x) => log.includes(x)).map((x) => `app log holds ${x.slice(0, 6)}…`),
    ];
    expect(leaks).toEqual([]);
  }, 90_000);
});
