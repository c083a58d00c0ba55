// A keys folder that another user may write to lets them plant or swap a key file (say, one enrolled for
// their own account, so our orders land there). perpl creates it 0700; this tells when it is wider, for
// `perpl doctor` and for the terminal's start.

import { statSync } from 'node:fs';
import { keysDir } from './home.js';
import { perplHome } from '../lib/perpl-home.js';

export interface ExposedFolder {
  what: 'keys folder' | 'perpl home';
  path: string;
  /** Permission bits, e.g. 0o777. */
  mode: number;
  /** Who besides the owner may write in it. */
  writers: 'group' | 'others' | 'group and others';
}

function exposure(what: ExposedFolder['what'], path: string): ExposedFolder | null {
  let mode: number;
  try {
    mode = statSync(path).mode & 0o7777;
  } catch {
    return null; // not created yet: perpl creates it 0700
  }
  const group = (mode & 0o020) !== 0;
  const others = (mode & 0o002) !== 0;
  if (!group && !others) return null;
  return { what, path, mode, writers: group && others ? 'group and others' : group ? 'group' : 'others' };
}

/** The keys folder, else $PERPL_HOME (whoever writes there can replace keys/ itself), when another user may write in it. */
export function exposedKeysFolder(env: NodeJS.ProcessEnv = process.env): ExposedFolder | null {
  if (process.platform === 'win32') return null;
  return exposure('keys folder', keysDir(env)) ?? exposure('perpl home', perplHome(env));
}

export function exposedFolderText(f: ExposedFolder): string {
  return `${f.path} is writable by ${f.writers} (mode ${(f.mode & 0o777).toString(8).padStart(4, '0')}): another user could plant or swap a key file`;
}

export function exposedFolderFix(f: ExposedFolder): string {
  return `chmod 700 ${f.path}`;
}

/** One line for the terminal's footer at start: the fact first, as the footer cuts long notices. */
export function exposedFolderNotice(f: ExposedFolder): string {
  return `${f.what} writable by others: ${exposedFolderFix(f)}`;
}
