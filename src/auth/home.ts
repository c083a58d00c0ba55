// The key store below perpl's home (lib/perpl-home.ts): keys in keys/, half-finished enrollments in
// pending/. Paths only; nothing here touches the disk.

import { join, resolve } from 'node:path';
import { InputError } from '../protocol/errors.js';
import { perplHome } from '../lib/perpl-home.js';

/** Directory of the key files (`<name>.json`, 0600). */
export function keysDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(perplHome(env), 'keys');
}

/** Directory of pending two-step enrollments (`<name>.json`, 0600). */
export function pendingDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(perplHome(env), 'pending');
}

/** Key names become file names: keep them short and free of path tricks. */
const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Throws InputError unless `name` can safely be a file name in keys/. */
export function checkKeyName(name: string): string {
  if (!KEY_NAME.test(name) || name.includes('..')) {
    throw new InputError(`"${name}" is not a valid key name`, {
      hint: 'use 1-64 letters, digits, dot, dash or underscore, starting with a letter or digit',
    });
  }
  return name;
}

/** `$PERPL_HOME/keys/<name>.json`. */
export function keyFilePath(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(keysDir(env), `${checkKeyName(name)}.json`);
}

/** `$PERPL_HOME/pending/<name>.json`. */
export function pendingFilePath(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(pendingDir(env), `${checkKeyName(name)}.json`);
}

/**
 * A `--key-file` value: a path (anything with a slash or ending in .json) is used as given; a bare
 * name means `$PERPL_HOME/keys/<name>.json`.
 */
export function resolveKeyFile(nameOrPath: string, env: NodeJS.ProcessEnv = process.env): string {
  const looksLikePath = nameOrPath.includes('/') || nameOrPath.includes('\\') || nameOrPath.endsWith('.json');
  return looksLikePath ? resolve(nameOrPath) : keyFilePath(nameOrPath, env);
}
