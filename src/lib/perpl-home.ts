// Where perpl keeps its files: $PERPL_HOME, else ~/.config/perpl. A path only; nothing here touches the
// disk. The key store (auth/home.ts) and the local exchange's demo keys (sim/server/demo-key-file.ts) both
// live below it.

import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Root of perpl's configuration and key store. */
export function perplHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.PERPL_HOME?.trim();
  if (fromEnv) return isAbsolute(fromEnv) ? fromEnv : resolve(fromEnv);
  return join(env.HOME?.trim() || homedir(), '.config', 'perpl');
}
