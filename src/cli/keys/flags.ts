// Option parsing shared by `keys` and `doctor`, with two safety rules: a wallet private key is never
// accepted as an argument (other users can read process arguments), and parse errors never echo values.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError } from '../../protocol/errors.js';

/** Options that would put a secret into the process arguments. */
const SECRET_OPTIONS = ['--wallet-key', '--private-key', '--secret', '--seed', '--api-secret', '--passphrase'];

export function refuseSecretArguments(argv: readonly string[]): void {
  for (const arg of argv) {
    const name = arg.split('=')[0]!;
    if (SECRET_OPTIONS.includes(name)) {
      throw new InputError(`${name} is not accepted: secrets never go on the command line, where other users can read them`, {
        hint: 'use --wallet-key-file FILE (mode 0600) or the PERPL_WALLET_KEY / PERPL_PASSPHRASE environment variables',
      });
    }
  }
}

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** parseArgs, strict, with errors that name the option but never a value. */
export function parseFlags(argv: readonly string[], options: Options, usage: string): Parsed {
  refuseSecretArguments(argv);
  try {
    const r = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { values: r.values as Parsed['values'], positionals: r.positionals };
  } catch (e) {
    const code = (e as { code?: string }).code;
    const option = /'(--?[A-Za-z-]+)/.exec((e as Error).message)?.[1];
    const what = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `unknown option ${option ?? ''}`.trim() : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? `option ${option ?? ''} needs a value`.replace('  ', ' ') : 'invalid arguments';
    throw new InputError(what, { hint: usage });
  }
}

export function stringFlag(p: Parsed, name: string): string | undefined {
  const v = p.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function boolFlag(p: Parsed, name: string): boolean {
  return p.values[name] === true;
}

export function listFlag(p: Parsed, name: string): string[] {
  const v = p.values[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}

/** A chain id in decimal or 0x-hex. */
export function chainIdFlag(p: Parsed): number | undefined {
  const v = stringFlag(p, 'chain-id');
  if (v === undefined) return undefined;
  const t = v.trim();
  const n = /^0x[0-9a-f]+$/i.test(t) ? Number.parseInt(t, 16) : /^\d+$/.test(t) ? Number(t) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new InputError(`--chain-id "${v}" is not a positive integer`);
  return n;
}

/** The network options every networked subcommand takes. */
export const NETWORK_OPTIONS: Options = {
  network: { type: 'string' },
  'base-url': { type: 'string' },
  'ws-url': { type: 'string' },
  'chain-id': { type: 'string' },
  /** Allow http:// / ws:// to a host that is not loopback (networks.ts refuses it otherwise). */
  insecure: { type: 'boolean' },
};
