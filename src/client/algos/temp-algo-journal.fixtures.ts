// An algo journal in a fresh temp folder for the runner's unit tests, and its removal: each test starts from an
// empty journal on disk (the runner's crash rules are about what is on disk).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
