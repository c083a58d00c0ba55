// `perpl export fills|trades|funding|orders|account [--from DATE] [--to DATE] [--csv|--json] [-o FILE]`:
// history read over signed REST, page by page within the rate budget, written whole or not at all.
// stdout carries the export only; progress (a TTY only), retries and the summary go to stderr.

import { ServerClock } from '../../auth/clock.js';
import { ApiKeySigner } from '../../auth/signer.js';
import { buildExport, scalesOfContext, type ExportRequest } from '../../client/export/build-export.js';
import { isExportKind } from '../../domain/export-kinds.js';
import { writeExportFile } from '../../client/export/write-export.js';
import { exportWindow } from '../../client/export/window.js';
import type { ReadProgress } from '../../client/export/windowed-reader.js';
import { InputError, PermanentError, failureLines, userMessage } from '../../protocol/errors.js';
import type { NetworkOptions } from '../../protocol/networks.js';
import { sanitizeText } from '../../protocol/sanitize-text.js';
import { RestClient } from '../../transport/rest/client.js';
import { MAX_RETRIES } from '../../transport/rest/retry.js';
import { passphrasePrompt, processIo } from '../keys/io.js';
import { checkKeyMatchesNetwork, credentialsFor, networkOptionsOf, pickNetwork } from '../keys/key-network.js';
import { parseSubcommandArgs } from '../subcommand-args.js';
import { EXPORT_OPTIONS, EXPORT_WORDS } from '../subcommand-table.js';
import { keyUsedLine } from './api.js';

export const EXPORT_USAGE = `usage: perpl export ${EXPORT_WORDS.join('|')} [options]

Reads the account's history over REST (signed with the API key, within the 60-a-minute budget) and writes
it as CSV (default) or JSON, oldest first. Columns: see the README ("Export").

  --from DATE       from this time on (YYYY-MM-DD: local midnight; or YYYY-MM-DDTHH:MM[:SS][Z|+HH:MM])
  --to DATE         before this time (a date alone takes in that whole day)
  --csv | --json    the format (JSON: one array, an object per row on its own line)
  -o, --output FILE write FILE (mode 0600, whole or not at all); - or none: stdout
  --network NAME    mainnet | testnet | local (default: the key's network)
  --base-url URL    REST base address (ends in /api), with --chain-id
  --key-file FILE   the API key (default: $PERPL_KEY_FILE, else the one enrolled for the network)`;

/** Where the command writes and what it reads; tests substitute their own. */
export interface ExportIo {
  /** The export itself when it goes to stdout (written once, complete). */
  out: (text: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Show the page count as it goes (stderr is a terminal); off, nothing but retries and the summary. */
  progress?: (line: string | null) => void;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  passphrase?: () => Promise<string>;
}

function defaultIo(): ExportIo {
  const passphrase = passphrasePrompt(processIo(), 'the API key file');
  const tty = process.stderr.isTTY === true;
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(`${t}\n`),
    env: process.env,
    // One line, redrawn in place; null clears it before anything else is said.
    ...(tty ? { progress: (line: string | null) => process.stderr.write(line === null ? '\r\x1b[K' : `\r\x1b[K${line}`) } : {}),
    ...(passphrase ? { passphrase } : {}),
  };
}

interface ExportArgs {
  request: ExportRequest;
  /** undefined: stdout. */
  output: string | undefined;
  network: NetworkOptions;
  keyFile: string | undefined;
}

function parse(argv: string[]): ExportArgs | 'help' {
  const { values, positionals } = parseSubcommandArgs(argv, EXPORT_OPTIONS, 'export');
  if (values.help) return 'help';
  const [kind, extra] = positionals;
  if (kind === undefined || !isExportKind(kind)) {
    throw new InputError(kind === undefined ? 'say what to export' : `cannot export "${sanitizeText(kind, 40)}"`, { hint: `one of ${EXPORT_WORDS.join(', ')}` });
  }
  if (extra !== undefined) throw new InputError(`unexpected argument "${sanitizeText(extra, 40)}"`, { hint: 'see `perpl export --help`' });
  if (values.csv && values.json) throw new InputError('say --csv or --json, not both');
  return {
    request: { kind, format: values.json ? 'json' : 'csv', window: exportWindow(values.from, values.to) },
    output: values.output === undefined || values.output === '-' ? undefined : values.output,
    network: networkOptionsOf(values),
    keyFile: values['key-file'],
  };
}

function progressLine(p: ReadProgress): string {
  return `perpl export: ${p.kind} page ${p.pages}, ${p.records} records read`;
}

async function execute(args: ExportArgs, io: ExportIo): Promise<number> {
  const creds = await credentialsFor(args.keyFile, args.network, io);
  if (!creds) {
    throw new PermanentError('an export reads the account history, which needs an API key', {
      hint: 'pass --key-file, or set PERPL_API_KEY and PERPL_API_SECRET (create one with `perpl keys new`)',
    });
  }
  const network = await pickNetwork(args.network, creds, io.env);
  checkKeyMatchesNetwork(creds, network);
  io.err(keyUsedLine(creds, false));
  const clock = new ServerClock();
  const signer = new ApiKeySigner({ apiKey: creds.apiKey, seed: creds.seed }, network.chainId, clock);
  const rest = new RestClient({
    network,
    clock,
    signer,
    ...(io.fetch ? { fetch: io.fetch } : {}),
    ...(io.sleep ? { sleep: io.sleep } : {}),
    // Never a silent gap: each retry of a page is said, and the page is read again from the same cursor.
    onRetry: (error, delayMs, retry) => {
      io.progress?.(null);
      io.err(`perpl export: ${userMessage(error)}; retry ${retry} of ${MAX_RETRIES} in ${delayMs / 1000} s`);
    },
  });
  const markets = scalesOfContext(await rest.context());
  let built;
  try {
    built = await buildExport(rest, markets, args.request, io.progress ? (p) => io.progress?.(progressLine(p)) : undefined);
  } finally {
    io.progress?.(null);
  }
  if (built.unlisted.length > 0) {
    io.err(`perpl export: market${built.unlisted.length === 1 ? '' : 's'} ${built.unlisted.map((id) => `#${id}`).join(', ')} not in the context: prices and sizes written as wire integers`);
  }
  if (args.output === undefined) io.out(built.text);
  else writeExportFile(args.output, built.text);
  const plural = (n: number) => (n === 1 ? '' : 's');
  const what = `${built.rows} ${args.request.kind} row${plural(built.rows)} from ${built.pages} page${plural(built.pages)}`;
  io.err(`perpl export: ${what} written to ${args.output === undefined ? 'stdout' : sanitizeText(args.output, 200)}`);
  return 0;
}

export async function run(argv: string[], io: ExportIo = defaultIo()): Promise<number> {
  let args: ExportArgs | 'help';
  try {
    args = parse(argv);
  } catch (e) {
    report(e, io);
    return 2;
  }
  if (args === 'help') {
    io.out(`${EXPORT_USAGE}\n`);
    return 0;
  }
  try {
    return await execute(args, io);
  } catch (e) {
    report(e, io);
    return 1;
  }
}

function report(e: unknown, io: ExportIo): void {
  for (const line of failureLines('perpl export', e, Boolean(io.env.PERPL_DEBUG))) io.err(line);
}
