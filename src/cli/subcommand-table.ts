// Every `perpl` subcommand: its one-line summary, the options it parses (as node:util parseArgs takes them),
// and the words its first argument may be. Each command parses with its entry here and `perpl completion`
// completes from the same table, so a new flag cannot be missing from the completion.
// Light on purpose (no command's code): completion scripts are generated at every shell start.

import { EXPORT_KINDS } from '../domain/export-kinds.js';
import { NETWORK_NAMES } from '../protocol/networks.js';
import { FAULT_PROFILE_NAMES } from '../sim/faults/profiles.js';
import { MARKET_PROFILES } from '../sim/markets.js';
import { NETWORK_OPTIONS, type Options } from './keys/flags.js';

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

export const TUI_OPTIONS = {
  network: { type: 'string' },
  'base-url': { type: 'string' },
  'chain-id': { type: 'string' },
  'ws-url': { type: 'string' },
  port: { type: 'string' },
  insecure: { type: 'boolean', default: false },
  market: { type: 'string' },
  fps: { type: 'string' },
  config: { type: 'string' },
  ascii: { type: 'boolean', default: false },
  'low-bandwidth': { type: 'boolean' },
  'no-low-bandwidth': { type: 'boolean' },
  'key-file': { type: 'string' },
  account: { type: 'string' },
  record: { type: 'string' },
  ...HELP,
} as const satisfies Options;

export const SIM_OPTIONS = {
  port: { type: 'string' },
  seed: { type: 'string' },
  'block-ms': { type: 'string' },
  faults: { type: 'string' },
  like: { type: 'string' },
  markets: { type: 'string' },
  'flow-rate': { type: 'string' },
  home: { type: 'string' },
  state: { type: 'string' },
  verbose: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  ...HELP,
} as const satisfies Options;

export const API_OPTIONS = {
  body: { type: 'string' },
  network: { type: 'string' },
  'base-url': { type: 'string' },
  'chain-id': { type: 'string' },
  insecure: { type: 'boolean', default: false },
  'key-file': { type: 'string' },
  unsigned: { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  'show-signature': { type: 'boolean', default: false },
  paginate: { type: 'boolean', default: false },
  ...HELP,
} as const satisfies Options;

export const KEYS_OPTIONS: Options = {
  ...NETWORK_OPTIONS,
  name: { type: 'string' },
  encrypt: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  label: { type: 'string' },
  scope: { type: 'string' },
  expires: { type: 'string' },
  'ip-cidr': { type: 'string', multiple: true },
  'target-profile': { type: 'string' },
  origin: { type: 'string' },
  'wallet-key-file': { type: 'string' },
  'print-typed-data': { type: 'boolean' },
  address: { type: 'string' },
  'wallet-signature': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export const DOCTOR_OPTIONS: Options = { ...NETWORK_OPTIONS, 'key-file': { type: 'string' }, config: { type: 'string' }, help: { type: 'boolean', short: 'h' } };

export const REPLAY_OPTIONS = {
  speed: { type: 'string' },
  from: { type: 'string' },
  market: { type: 'string' },
  fps: { type: 'string' },
  info: { type: 'boolean', default: false },
  ...HELP,
} as const satisfies Options;

export const ALGOS_OPTIONS = {
  network: { type: 'string' },
  account: { type: 'string' },
  json: { type: 'boolean', default: false },
  ...HELP,
} as const satisfies Options;

export const EXPORT_OPTIONS = {
  network: { type: 'string' },
  'base-url': { type: 'string' },
  'chain-id': { type: 'string' },
  insecure: { type: 'boolean', default: false },
  'key-file': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  csv: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  output: { type: 'string', short: 'o' },
  ...HELP,
} as const satisfies Options;

/** What `perpl export` exports. */
export const EXPORT_WORDS = EXPORT_KINDS;

export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

export const COMPLETION_OPTIONS = { ...HELP } as const satisfies Options;

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** What the first argument after a command completes to: one of these words, or a file name. */
export type FirstArgument = { words: readonly string[] } | 'file';

export interface SubcommandSpec {
  name: string;
  summary: string;
  options: Options;
  firstArgument?: FirstArgument;
}

/** The subcommands in the order `perpl --help` lists them; `tui` is also what `perpl` alone runs. */
export const SUBCOMMAND_TABLE: readonly SubcommandSpec[] = [
  { name: 'tui', summary: 'the full-screen terminal (the default command)', options: TUI_OPTIONS },
  { name: 'sim', summary: 'run the local exchange', options: SIM_OPTIONS },
  { name: 'api', summary: 'sign and send one REST request, like `gh api`', options: API_OPTIONS, firstArgument: { words: HTTP_METHODS } },
  { name: 'keys', summary: 'create, enroll, list, show and remove API keys', options: KEYS_OPTIONS, firstArgument: { words: ['new', 'list', 'show', 'remove', 'enroll'] } },
  { name: 'doctor', summary: 'check config, keys, clock and connectivity', options: DOCTOR_OPTIONS },
  { name: 'replay', summary: 'replay a recorded session, read-only', options: REPLAY_OPTIONS, firstArgument: 'file' },
  { name: 'algos', summary: 'list the journaled algos (TWAP, ...) as a table or --json', options: ALGOS_OPTIONS },
  { name: 'export', summary: 'write fills, funding, orders or account events as CSV or JSON', options: EXPORT_OPTIONS, firstArgument: { words: EXPORT_WORDS } },
  { name: 'completion', summary: 'print a shell completion script (bash, zsh or fish)', options: COMPLETION_OPTIONS, firstArgument: { words: COMPLETION_SHELLS } },
];

/** The top-level flags besides the terminal's own (`perpl --version`). */
export const TOP_LEVEL_FLAGS = ['--help', '-h', '--version', '-V'] as const;

/**
 * What a flag's value completes to, by flag name (a name means the same in every command): fixed words,
 * a file, a directory; a value flag not listed here takes free text (nothing is offered).
 */
export const FLAG_VALUES: Readonly<Record<string, readonly string[] | 'file' | 'dir'>> = {
  network: NETWORK_NAMES,
  like: MARKET_PROFILES,
  faults: FAULT_PROFILE_NAMES,
  scope: ['read', 'trade'],
  config: 'file',
  'key-file': 'file',
  output: 'file',
  record: 'file',
  state: 'file',
  'wallet-key-file': 'file',
  home: 'dir',
};

/** A command's flags as typed (`--name`, and `-x` for a short form), in the table's order. */
export function flagsOf(options: Options): string[] {
  return Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short !== undefined ? [`-${o.short}`] : [])]);
}

/** A command's flags that take a value (the word after them is that value, not a command or flag). */
export function valueFlagsOf(options: Options): string[] {
  return Object.entries(options).filter(([, o]) => o.type === 'string').map(([name]) => `--${name}`);
}
