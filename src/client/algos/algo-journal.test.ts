import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlgoJournal, algoJournalPath, readAlgoJournal } from './algo-journal.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'perpl-algo-journal-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const open = (path: string) => {
  const o = AlgoJournal.open(path, () => 5);
  if ('refused' in o) throw new Error(o.refused);
  return o;
};

describe('AlgoJournal', () => {
  it('algo-journal-opens-on-a-fresh-home: no algos directory yet is not "held by another terminal"', () => {
    const path = algoJournalPath('local', 7, { PERPL_HOME: home });
    const { journal } = open(path);
    journal.append({ k: 'state', id: 'a', status: 'paused', reason: 'x' }, true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'algos')).mode & 0o777).toBe(0o700);
    journal.close();
  });

  it('one process runs an account\'s algos: a second open is refused while the first holds it', () => {
    const path = algoJournalPath('local', 7, { PERPL_HOME: home });
    const { journal } = open(path);
    writeFileSync(`${path}.lock`, '1'); // pid 1 runs (init): another live holder
    expect(AlgoJournal.open(path)).toEqual({ refused: expect.stringMatching(/another terminal/) });
    journal.close();
  });

  it('a torn last line is skipped and ended, so the next record stands on its own line', () => {
    const path = algoJournalPath('local', 7, { PERPL_HOME: home });
    mkdirSync(join(home, 'algos'));
    writeFileSync(path, '{"t":1,"id":"a","k":"state","status":"paused","reason":"x"}\n{"t":2,"id":"a","k":"sta');
    const { journal, contents } = open(path);
    expect(contents.records).toHaveLength(1);
    expect(contents.problems[0]).toMatch(/:2: unfinished last line skipped/);
    journal.append({ k: 'end', id: 'a', complete: false, reason: 'y' });
    journal.close();
    expect(readAlgoJournal(path).records.map((r) => r.k)).toEqual(['state', 'end']);
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(4);
  });
});
