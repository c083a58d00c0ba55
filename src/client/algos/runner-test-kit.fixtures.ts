// The runner's unit-test kit: an algo journal in a fresh temp folder and its removal (each test starts from an
// empty journal on disk: the runner's crash rules are about what is on disk), and a command handle whose
// outcome the test settles when it chooses.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandHandle, CommandOutcome } from '../../domain/trading/commands.js';
import { AlgoJournal } from './algo-journal.js';

export interface TempAlgoJournal {
  dir: string;
  path: string;
  journal: AlgoJournal;
}

export function openTempAlgoJournal(prefix: string, now: () => number): TempAlgoJournal {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = join(dir, 'local-1.ndjson');
  const opened = AlgoJournal.open(path, now);
  if ('refused' in opened) throw new Error(opened.refused);
  return { dir, path, journal: opened.journal };
}

export function removeTempAlgoJournal(t: Pick<TempAlgoJournal, 'dir' | 'journal'>): void {
  t.journal.close();
  rmSync(t.dir, { recursive: true, force: true });
}

/** A command handle for request `rq` whose outcome arrives when the test calls `settle`. */
export function pendingHandle(rq: number): { h: CommandHandle; settle(o: CommandOutcome): void } {
  let settle!: (o: CommandOutcome) => void;
  const outcome = new Promise<CommandOutcome>((r) => (settle = r));
  return { h: { rqs: () => [rq], outcome }, settle };
}
