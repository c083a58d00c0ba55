// The demo key file the terminal picks up for `--network local`: JSON with the seed, written 0600 in a
// 0700 directory, and beside it the demo account's wallet key and the demo operator's wallet key. Written
// atomically (temp file + rename) so a reader never sees half a key. Each exchange writes its own key
// files, named after its port (`local-demo-<port>.json`), so an exchange started by `npm start` never
// replaces the key of a `perpl sim` running beside it; `perpl sim` also writes `local-demo.json` for
// commands given no port.

import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DemoKey {
  api_key: string;
  private_key: string;
  network: 'local';
  chain_id: number;
  scope_mask: number;
  expires_at: number;
  rest: string;
  ws: string;
}

/** Writes `<home>/keys/<name>` 0600 in a 0700 directory, atomically, and returns its path. */
function writePrivate(home: string, name: string, text: string): string {
  const dir = join(home, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const path = join(dir, name);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
  return path;
}

/** The demo key's name for an exchange on `port` (`$PERPL_HOME/keys/<name>.json`). */
export function demoKeyName(port: number): string {
  return `local-demo-${port}`;
}

/** The demo account's wallet key file; the CLI looks for the same name (auth/keyfile-discovery.ts). */
export const DEMO_WALLET_FILE = 'local-demo.wallet';

/**
 * Writes `<home>/keys/local-demo.wallet`: the throwaway key of the wallet that owns the demo account, so
 * `perpl keys enroll --network local` can sign the enrollment as the account's owner. Not a `.json`, so
 * never listed as an API key.
 */
export function writeDemoWallet(home: string, privateKeyHex: string, name: string = DEMO_WALLET_FILE): string {
  return writePrivate(home, name, `${privateKeyHex}\n`);
}

/**
 * Writes `<home>/keys/local-demo-<port>.json` (and `local-demo.json` too when `asDefault`) and returns the
 * port's file; without a port, `local-demo.json` alone.
 */
export function writeDemoKeyFile(home: string, key: DemoKey, port?: number, asDefault = false): string {
  const text = `${JSON.stringify(key, null, 2)}\n`;
  if (asDefault || port === undefined) writePrivate(home, 'local-demo.json', text);
  return port === undefined ? join(home, 'keys', 'local-demo.json') : writePrivate(home, `${demoKeyName(port)}.json`, text);
}

/**
 * Writes `<home>/keys/local-demo-<port>-operator.wallet`: the throwaway wallet key of the demo account's
 * operator (`perpl keys enroll --wallet-key-file` reads it). Not a `.json`, so never listed as an API key.
 */
export function writeDemoOperatorWallet(home: string, privateKeyHex: string, port: number): string {
  return writePrivate(home, `${demoKeyName(port)}-operator.wallet`, `${privateKeyHex}\n`);
}

/** Removes an exchange's own files when it stops (an in-process exchange leaves no key of a closed port). */
export function removeDemoFiles(paths: readonly string[]): void {
  for (const path of paths) rmSync(path, { force: true });
}
