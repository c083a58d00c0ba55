// `perpl` / `perpl tui`: the full-screen terminal. Parses options, refuses to run without a terminal,
// and hands over to app/tui.ts, which owns the screen until quit.

import { accessSync, constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isatty } from 'node:tty';
import { parseArgs } from 'node:util';
import { InputError, errorText } from '../../protocol/errors.js';
import { sanitizeLines } from '../../protocol/sanitize-text.js';
import type { LocalSim } from '../../app/local-exchange-thread.js';
import { markStart } from '../../lib/start-trace.js';
import { startSteps } from '../../lib/start-steps.js';
import { keyThreadWanted } from '../../lib/key-thread-switch.js';
import { TUI_OPTIONS } from '../subcommand-table.js';
import { checkRecordingPath } from '../../transport/record/recording-path.js';

const USAGE = `usage: perpl [tui] [options]

  --network N       local (default: starts the local exchange in-process), testnet, mainnet
  --port P          with local: use the \`perpl sim\` listening on 127.0.0.1:P (its orders and
                    positions outlive the terminal) and its demo key, keys/local-demo-P.json
  --base-url U      REST base of another deployment (with --chain-id, optionally --ws-url)
  --chain-id ID     chain id for --base-url
  --ws-url W        WebSocket base override
  --insecure        allow http:// or ws:// to a host other than this machine (anyone on
                    the path could then feed the terminal prices and text)
  --market SYM      market to open first (symbol or id; default: the first listed)
  --fps N           screen publish rate, 1..50 (default 20; 5 with --low-bandwidth)
  --config FILE     config file (default $PERPL_HOME/config.toml or config.json)
  --ascii           ASCII only: no box-drawing, block, braille or arrow glyphs
  --low-bandwidth   for slow links (on by default over SSH, shown as LB): 5 Hz, only changed
                    cells written, ASCII, chart and trades tape redrawn at most once a second
  --no-low-bandwidth  the full profile even over SSH (config: lowBandwidth = true|false|"auto")
  --key-file F      API key file (path or name) for trading; default: discovery, else read-only
  --account NAME    start on the config's [accounts.NAME] (its key file and network); \`:account NAME\`
                    switches on screen (not \`perpl algos --account ID\`, which takes an account id)
  --record FILE     record the session's frames (gzip NDJSON, 0600, key and signatures stripped)
                    for \`perpl replay FILE\`

An encrypted key file asks for its passphrase before the screen opens (PERPL_PASSPHRASE for unattended
use). Bad frames, reconnects and errors go to $PERPL_HOME/logs/perpl.log (0600, no secrets).

keys: ? help (with action names, remappable in config [keys])  / market  Tab focus  j/k move
      [ ] timeframe  b/s order entry  : command line  !! panic  z zoom  y copy  F12 perf  Esc back  q quit`;

/** A recording's folder must be writable, and a file there this user's alone: said before the screen is taken, not found out at quit. */
function checkRecordPath(path: string): void {
  const folder = dirname(resolve(path));
  try {
    accessSync(folder, constants.W_OK);
  } catch (cause) {
    throw new InputError(`--record: cannot write in ${folder}`, { cause, hint: 'choose a file in a folder you can write to' });
  }
  checkRecordingPath(path);
}

function intOption(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new InputError(`--${name} must be an integer from ${min} to ${max}`);
  }
  return Number(text);
}

/** `perpl` / `perpl tui` without --port or --base-url, on the local network: the exchange runs in this process. */
function startsLocalExchange(values: { network?: string | undefined; 'base-url'?: string | undefined; port?: string | undefined }): boolean {
  const name = values.network?.trim().toLowerCase();
  return (name === undefined || name === '' || name === 'local') && values['base-url'] === undefined && values.port === undefined;
}

/** On a worker thread running this CLI's entry file; on this thread where there is no entry file to run. */
async function startLocalExchangeEarly(): Promise<LocalSim> {
  const { startLocalSim, startLocalSimThread } = await import('../../app/local-exchange-thread.js');
  const entry = process.argv[1];
  return entry ? startLocalSimThread(entry, process.env.PERPL_HOME) : startLocalSim(process.env.PERPL_HOME);
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: TUI_OPTIONS,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const fps = intOption('fps', values.fps, 1, 50);
  const chainId = intOption('chain-id', values['chain-id'], 1, Number.MAX_SAFE_INTEGER);
  const localPort = intOption('port', values.port, 1, 65535);
  if (localPort !== undefined && ((values.network !== undefined && values.network !== 'local') || values['base-url'] !== undefined)) {
    throw new InputError('--port names a local exchange: use it with --network local (or alone)');
  }
  if (values['low-bandwidth'] && values['no-low-bandwidth']) throw new InputError('--low-bandwidth and --no-low-bandwidth contradict each other');
  const lowBandwidth = values['low-bandwidth'] ? true : values['no-low-bandwidth'] ? false : undefined;
  if (values.record !== undefined) checkRecordPath(values.record);
  // isatty(0), not process.stdin: creating the stdin stream here would share a tty handle with a re-launch.
  if (!isatty(1) || !isatty(0)) {
    throw new InputError('the terminal UI needs an interactive terminal', {
      hint: 'run it in a terminal (not through a pipe); for scripts use `perpl api`',
    });
  }
  // Development React re-checks every render; the terminal is a production program.
  const userChoseEnv = process.env.NODE_ENV !== undefined;
  process.env.NODE_ENV ??= 'production';
  const { developmentReactLoaded, rerunInProduction } = await import('../../terminal/production-react.js');
  if (!userChoseEnv && developmentReactLoaded()) return rerunInProduction();
  // Before the screen's code loads: V8 would otherwise grow the young generation to its ceiling, let the
  // old one swell between collections and keep its half-free pages (lib/young-generation.ts,
  // lib/old-generation.ts, lib/old-generation-compaction.ts).
  const { capYoungGeneration } = await import('../../lib/young-generation.js');
  const { limitOldGenerationGrowth } = await import('../../lib/old-generation.js');
  const { compactOldGenerationPeriodically } = await import('../../lib/old-generation-compaction.js');
  capYoungGeneration();
  limitOldGenerationGrowth();
  compactOldGenerationPeriodically();
  // The local exchange starts on its own thread now, while the screen's code loads (the first live frame
  // waits for whichever is last, not for both in turn).
  const localExchange = startsLocalExchange(values) ? startLocalExchangeEarly() : undefined;
  // Its failure is shown on the screen once the app awaits it (maybe after a passphrase prompt), not an unhandled rejection now.
  localExchange?.catch(() => undefined);
  markStart('tui-args-checked');
  const { loadWithoutFetch } = await import('../../terminal/load-without-fetch.js');
  const loadScreen = (): Promise<typeof import('../../app/tui.js')> => import('../../app/tui.js');
  const { startTui } = startSteps().undiciAfterFirstFrame ? await loadWithoutFetch(loadScreen) : await loadScreen();
  markStart('tui-code-loaded');
  const { exitCodeFor } = await import('../../terminal/manners.js');
  let fatal: number | null = null;
  const handle = await startTui({
    ...(localExchange ? { localExchange } : {}),
    ...(values.network !== undefined ? { network: values.network } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    ...(values['ws-url'] !== undefined ? { wsUrl: values['ws-url'] } : {}),
    ...(chainId !== undefined ? { chainId } : {}),
    ...(localPort !== undefined ? { localPort } : {}),
    ...(values.insecure ? { insecure: true } : {}),
    ...(values.market !== undefined ? { market: values.market } : {}),
    ...(fps !== undefined ? { fps } : {}),
    ...(values.config !== undefined ? { config: values.config } : {}),
    ...(values.ascii ? { ascii: true } : {}),
    ...(lowBandwidth !== undefined ? { lowBandwidth } : {}),
    ...(values['key-file'] !== undefined ? { keyFile: values['key-file'] } : {}),
    ...(values.account !== undefined ? { account: values.account } : {}),
    ...(values.record !== undefined ? { record: values.record } : {}),
    // The key thread runs this CLI's entry file, like the local exchange's thread.
    ...(keyThreadWanted(process.env) && process.argv[1] ? { keyThreadEntry: process.argv[1] } : {}),
    handleProcessEvents: true,
    appLog: true,
    onFatal: (reason) => {
      fatal = exitCodeFor(reason);
      if (reason.kind === 'crash') {
        const e = reason.error;
        process.stderr.write(`perpl: crashed: ${sanitizeLines(errorText(e))}\n`);
        if (process.env.PERPL_DEBUG && e instanceof Error && e.stack) process.stderr.write(`${sanitizeLines(e.stack)}\n`);
      }
      process.exit(fatal);
    },
  }).catch(async (e: unknown) => {
    // Refused before the screen (a key's passphrase, the options): the exchange's thread must not hold the process.
    await localExchange?.then((s) => s.stop()).catch(() => undefined);
    throw e;
  });
  await handle.done;
  // Everything the app started is stopped; a request still in flight (e.g. a DNS lookup on a dead
  // network) must not hold the terminal for seconds after `q`.
  setTimeout(() => process.exit(fatal ?? 0), 250).unref();
  return fatal ?? 0;
}
