// Named keys under $PERPL_HOME/keys: open one (asking for its passphrase at most once), describe one.

import { existsSync } from 'node:fs';
import { keyFilePath } from '../../auth/home.js';
import { passphraseSource } from '../../auth/credentials.js';
import { readKeyFile, unlockKeyFile, type KeyFileDocument, type KeySecrets } from '../../auth/keyfile.js';
import { PermanentError } from '../../protocol/errors.js';
import { passphrasePrompt, type CliIo } from './io.js';

export { DEFAULT_KEY_NAME } from '../../auth/keyfile-discovery.js';

export interface OpenedKey {
  name: string;
  path: string;
  doc: KeyFileDocument;
  secrets: KeySecrets;
  /** The passphrase that unlocked a sealed file (to re-seal it after enrollment); undefined for plain files. */
  passphrase: string | undefined;
}

export function keyExists(name: string, env: NodeJS.ProcessEnv): boolean {
  return existsSync(keyFilePath(name, env));
}

export async function readNamedKey(name: string, env: NodeJS.ProcessEnv): Promise<{ path: string; doc: KeyFileDocument }> {
  const path = keyFilePath(name, env);
  if (!existsSync(path)) {
    throw new PermanentError(`no key named "${name}" (${path})`, { hint: `create it with \`perpl keys new --name ${name}\`, or see \`perpl keys list\`` });
  }
  return { path, doc: await readKeyFile(path) };
}

/** Reads and decrypts a named key; a sealed file takes PERPL_PASSPHRASE or asks once. */
export async function openNamedKey(name: string, io: CliIo): Promise<OpenedKey> {
  const { path, doc } = await readNamedKey(name, io.env);
  let used: string | undefined;
  const source = passphraseSource(io.env, passphrasePrompt(io, `key "${name}"`));
  const remembering = source
    ? async (): Promise<string> => {
        used = await source();
        return used;
      }
    : undefined;
  const secrets = await unlockKeyFile(doc, path, remembering);
  return { name, path, doc, secrets, passphrase: doc.kind === 'sealed' ? used : undefined };
}

/** A new passphrase: PERPL_PASSPHRASE, else typed twice at a terminal. */
export async function newPassphrase(io: CliIo): Promise<string> {
  const fromEnv = io.env.PERPL_PASSPHRASE;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!io.interactive) {
    throw new PermanentError('--encrypt needs a passphrase', { hint: 'set PERPL_PASSPHRASE, or run in a terminal to type it' });
  }
  const first = await io.ask('New passphrase: ', true);
  if (first.length < 8) throw new PermanentError('the passphrase is shorter than 8 characters');
  const second = await io.ask('Repeat passphrase: ', true);
  if (first !== second) throw new PermanentError('the two passphrases differ');
  return first;
}
