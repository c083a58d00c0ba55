// An encrypted key file is unlocked before the terminal takes the screen: the passphrase is asked on the
// TTY with echo off (a few tries; lib/hidden-line.ts, the reader key creation uses too), unless
// PERPL_PASSPHRASE is set for unattended use. A wrong passphrase says so and asks again; giving up (or an empty answer) starts the app read-only with a notice saying
// why. The passphrase lives only in this module's locals: never in arguments, logs or the store.

import { loadKeyFileCredentials, type Credentials } from '../auth/credentials.js';
import { resolveKeyFile } from '../auth/home.js';
import { WrongPassphraseError } from '../auth/keyfile-crypto.js';
import { discoverKeyFile, type KeyDiscoveryTarget } from '../auth/keyfile-discovery.js';
import { readKeyFile } from '../auth/keyfile.js';
import { type PromptInput, type PromptOutput, readHiddenLine } from '../lib/hidden-line.js';
import { InputError, userMessage } from '../protocol/errors.js';

/** What the start-up step settled about the trading key. */
export type StartKey =
  | { kind: 'unlocked'; path: string; credentials: Credentials }
  /** Stays read-only; `notice` says why (shown in the footer). */
  | { kind: 'locked'; path: string; notice: string };

export interface UnlockAtStartOptions {
  /** The key reference the app will use (path or name), if known before the screen is taken. */
  keyFile: string | undefined;
  env: NodeJS.ProcessEnv;
  stdin: PromptInput;
  out: PromptOutput;
  /** Passphrase attempts before giving up (default 3). */
  tries?: number;
  /** Re-raise SIGINT/SIGTERM/SIGHUP after putting the TTY back (the CLI: true). */
  handleSignals?: boolean;
}

export const DEFAULT_PASSPHRASE_TRIES = 3;

/**
 * The key file the terminal will load, when it is known before the screen is taken: the one named,
 * else discovery for a remote network. On `local` the exchange writes its own (plain) demo key later.
 */
export async function keyFileAtStart(o: { keyFile: string | undefined; discover: KeyDiscoveryTarget | null; env: NodeJS.ProcessEnv }): Promise<string | undefined> {
  if (o.keyFile !== undefined) return o.keyFile;
  if (!o.discover) return undefined;
  try {
    return await discoverKeyFile(o.env, o.discover);
  } catch {
    return undefined; // the trading wiring reports an unusable key on the screen
  }
}

/**
 * Unlocks the start-up key when it is an encrypted file and nobody set PERPL_PASSPHRASE; null when
 * there is nothing to ask (no key known yet, a plain file, PERPL_PASSPHRASE set, no TTY, or a file
 * that cannot be read: the trading wiring then loads or reports it as before).
 * Throws InputError when the user presses Ctrl-C at the prompt.
 */
export async function unlockKeyAtStart(o: UnlockAtStartOptions): Promise<StartKey | null> {
  if (o.keyFile === undefined) return null;
  const fromEnv = o.env.PERPL_PASSPHRASE;
  if (fromEnv !== undefined && fromEnv !== '') return null;
  if (o.stdin.isTTY !== true || typeof o.stdin.setRawMode !== 'function') return null;
  let path: string;
  try {
    path = resolveKeyFile(o.keyFile, o.env);
    if ((await readKeyFile(path)).kind !== 'sealed') return null;
  } catch {
    return null;
  }
  const tries = Math.max(1, o.tries ?? DEFAULT_PASSPHRASE_TRIES);
  const stayReadOnly = 'read-only; restart to retry, or set PERPL_PASSPHRASE';
  o.out.write(`perpl: the key file ${path} is encrypted.\r\n`);
  for (let attempt = 1; attempt <= tries; attempt++) {
    const answer = await readHiddenLine(o.stdin, o.out, `Passphrase (Enter alone: start read-only): `, o.handleSignals === true);
    if (answer.kind === 'cancel') throw new InputError('cancelled at the passphrase prompt');
    if (answer.value === '') return { kind: 'locked', path, notice: `key not unlocked (no passphrase entered): ${stayReadOnly}` };
    const passphrase = answer.value;
    try {
      const credentials = await loadKeyFileCredentials(path, o.env, async () => passphrase);
      return { kind: 'unlocked', path, credentials };
    } catch (e) {
      if (!(e instanceof WrongPassphraseError)) return { kind: 'locked', path, notice: `no trading key: ${userMessage(e)}` };
      const left = tries - attempt;
      o.out.write(left > 0 ? `wrong passphrase, try again (${left} ${left === 1 ? 'try' : 'tries'} left)\r\n` : `wrong passphrase ${tries} times: starting read-only\r\n`);
    }
  }
  return { kind: 'locked', path, notice: `wrong passphrase ${tries} times: ${stayReadOnly}` };
}
