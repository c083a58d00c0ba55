#!/bin/sh
// Entry point of the `perpl` command: picks a subcommand and hands it the remaining arguments. Built, the file
// starts through sh (the build's banner: malloc's trim threshold set before node starts, test/helpers/build-flags.ts).
// Each subcommand lives in subcommands/<name>.ts and is loaded only when used, to keep start-up fast.

import { inspect } from 'node:util';
import { failureLines } from '../protocol/errors.js';
import { sanitizeLines } from '../protocol/sanitize-text.js';
import { isLocalExchangeThread, runLocalExchangeThread } from '../app/local-exchange-thread.js';
import { KEY_THREAD, isWorkerOf } from '../lib/worker-kind.js';
import { markStart } from '../lib/start-trace.js';
import { notePlatformThreads } from '../lib/platform-threads.js';
import { enableCompileCache } from '../lib/compile-cache.js';
import { perplHome } from '../lib/perpl-home.js';
import { startSteps } from '../lib/start-steps.js';
import { SUBCOMMAND_LOADERS } from './subcommand-loaders.js';
import { versionLine } from './version.js';

const USAGE = `usage: perpl [command] [options]

commands:
  (none) | tui   the full-screen terminal (default network: the local exchange);
                 --low-bandwidth for slow links (on over SSH unless --no-low-bandwidth)
  sim            run the local exchange
  api            sign and send one REST request, like \`gh api\`
  keys           create, enroll, list, show and remove API keys
  doctor         check config, keys, clock and connectivity
  replay         replay a recorded session, read-only
  algos          list the journaled algos (TWAP, ...) as a table or --json
  completion     print a completion script: perpl completion bash|zsh|fish

  -V, --version  print the version
  -h, --help     this text

Run \`perpl <command> --help\` for its options.`;

async function main(argv: string[]): Promise<number> {
  markStart('main');
  // Before any thread of ours: the key thread lengthens these threads' slices (app/key-thread.ts).
  notePlatformThreads();
  // The terminal's local exchange runs this same file on a worker thread (app/local-exchange-thread.ts).
  if (isLocalExchangeThread()) {
    if (startSteps().compileCache) enableCompileCache(perplHome());
    await runLocalExchangeThread();
    return 0;
  }
  // The key thread (on unless PERPL_KEY_THREAD=0): its code loads only there.
  if (isWorkerOf(KEY_THREAD)) {
    (await import('../app/key-thread.js')).runKeyThread();
    return 0;
  }
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (first === '--version' || first === '-V') {
    console.log(versionLine());
    return 0;
  }
  const isSubcommand = first !== undefined && Object.hasOwn(SUBCOMMAND_LOADERS, first);
  const name = isSubcommand ? first : 'tui';
  const args = isSubcommand ? rest : argv;
  const load = SUBCOMMAND_LOADERS[name];
  if (!load) {
    console.error(USAGE);
    return 2;
  }
  // The terminal's code compiled once, not at every start (before its chunks load; lib/compile-cache.ts).
  if (name === 'tui' && startSteps().compileCache) enableCompileCache(perplHome());
  const mod = await load();
  return mod.run(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // Short message for the user; the full chain only when asked for (it never holds secrets).
    for (const line of failureLines('perpl', err)) console.error(line);
    if (process.env.PERPL_DEBUG) console.error(sanitizeLines(inspect(err)));
    process.exitCode = 1;
  },
);
