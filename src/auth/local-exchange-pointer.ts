// Where the local exchange of a running terminal (`npm start`, `perpl` with no network) listens, for the
// commands beside it (`perpl api`, `perpl doctor`, `perpl keys`): that exchange listens on a port of its own
// choosing and its demo key is named after the port, so nothing else can guess it. While it runs, the
// terminal keeps a pointer file, `$PERPL_HOME/run/local-exchange-<pid>.json` (0600, in a 0700 folder):
// the addresses and the demo key file, never a secret. It is removed when the terminal exits; one whose
// process is gone (killed) is ignored, and removed by the next terminal that writes its own.
// The pointer chooses the key file and REST address key discovery uses: one another user owns or may
// write is not believed, and it is written as a fresh private file (never into one someone planted).

import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FileRefusal, readCheckedFile, writePrivateFile } from '../lib/checked-file.js';
import { perplHome } from '../lib/perpl-home.js';

export interface LocalExchangePointer {
  /** The terminal's process: the pointer is believed only while it is alive. */
  pid: number;
  rest: string;
  ws: string;
  chainId: number;
  /** The exchange's demo key file (its port's own). */
  keyFile: string;
  startedAtMs: number;
}

const PREFIX = 'local-exchange-';
/** A pointer is a few hundred bytes; anything much larger is not one. */
export const MAX_POINTER_BYTES = 4096;

function runDir(env: NodeJS.ProcessEnv): string {
  return join(perplHome(env), 'run');
}

/** The process is alive (signal 0 checks without sending; EPERM: alive, someone else's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): LocalExchangePointer | undefined {
  try {
    const p = JSON.parse(text) as Partial<LocalExchangePointer>;
    const ok =
      Number.isSafeInteger(p.pid) && (p.pid ?? 0) > 0 && typeof p.rest === 'string' && typeof p.ws === 'string' &&
      Number.isSafeInteger(p.chainId) && typeof p.keyFile === 'string' && Number.isFinite(p.startedAtMs);
    return ok ? (p as LocalExchangePointer) : undefined;
  } catch {
    return undefined;
  }
}

/** Every pointer file with what it says (undefined: unreadable, not this user's alone, or not a pointer). */
function pointers(env: NodeJS.ProcessEnv): { path: string; pointer: LocalExchangePointer | undefined }[] {
  let names: string[];
  try {
    names = readdirSync(runDir(env)).filter((n) => n.startsWith(PREFIX) && n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((n) => {
    const path = join(runDir(env), n);
    try {
      const bytes = readCheckedFile(path, { maxBytes: MAX_POINTER_BYTES, ownOnly: true });
      return { path, pointer: bytes === null ? undefined : parse(bytes.toString('utf8')) };
    } catch {
      return { path, pointer: undefined };
    }
  });
}

/** The exchange of the newest running terminal, or undefined when no terminal runs one. */
export function runningLocalExchange(env: NodeJS.ProcessEnv = process.env): LocalExchangePointer | undefined {
  let newest: LocalExchangePointer | undefined;
  for (const { pointer } of pointers(env)) {
    if (pointer && alive(pointer.pid) && (newest === undefined || pointer.startedAtMs > newest.startedAtMs)) newest = pointer;
  }
  return newest;
}

/** Writes this process's pointer (a new 0600 file, whole) and returns its path; dead terminals' pointers go. */
export function writeLocalExchangePointer(env: NodeJS.ProcessEnv, exchange: Omit<LocalExchangePointer, 'pid' | 'startedAtMs'>, nowMs = Date.now()): string {
  const dir = runDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const { path, pointer } of pointers(env)) if (pointer && !alive(pointer.pid)) rmSync(path, { force: true });
  const pointer: LocalExchangePointer = { pid: process.pid, ...exchange, startedAtMs: nowMs };
  const path = join(dir, `${PREFIX}${process.pid}.json`);
  try {
    writePrivateFile(path, `${JSON.stringify(pointer, null, 2)}\n`);
  } catch (e) {
    if (e instanceof FileRefusal) throw new Error(`${path} ${e.reason}`);
    throw e;
  }
  return path;
}

/** Removes the pointer at `path` (the exchange stopped); nothing when it is already gone. */
export function removeLocalExchangePointer(path: string): void {
  rmSync(path, { force: true });
}
