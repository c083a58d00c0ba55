// A path as a trader reads it on screen: the home directory as `~` (/home/ann/.perpl/keys/a.json ->
// ~/.perpl/keys/a.json). Anything else (an env variable's name) is returned as it is.

import { homedir } from 'node:os';
import { sep } from 'node:path';

export function homeShortened(path: string, env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME || homedir();
  if (!home || home === sep) return path;
  const base = home.endsWith(sep) ? home.slice(0, -1) : home;
  return path === base ? '~' : path.startsWith(base + sep) ? `~${path.slice(base.length)}` : path;
}
