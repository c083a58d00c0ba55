import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlgoJournal, ENDED_ALGOS_KEPT, algoJournalPath, compactAlgoJournal, readAlgoJournal } from './algo-journal.js';

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

describe('algo journal compaction', () => {
  const twap = { marketId: 16, side: 'long', size: 1000, durationMs: 60000, slices: 4, jitterBps: 0, bound: { kind: 'slip', bps: 30 }, leverage: 500 };
  /** `ended` algos that ran and ended, with one unfinished algo's lines woven between them. */
  function history(ended: number): string {
    const lines: object[] = [{ t: 1, id: 'live', k: 'start', kind: 'twap', spec: twap, arrivalMark: 670000, seed: 1 }];
    for (let i = 0; i < ended; i++) {
      lines.push({ t: 2, id: `e${i}`, k: 'start', kind: 'twap', spec: twap, arrivalMark: 670000, seed: 1 });
      lines.push({ t: 3, id: 'live', k: 'child', cid: `live.${i + 1}`, slice: i, size: 1, price: 672010 });
      lines.push({ t: 4, id: `e${i}`, k: 'end', complete: false, reason: 'cancelled by the trader' });
    }
    return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  }

  it('algo-journal-never-grows-without-bound: open keeps every line of an unfinished algo and only the last ended ones', () => {
    const path = algoJournalPath('local', 7, { PERPL_HOME: home });
    mkdirSync(join(home, 'algos'));
    writeFileSync(path, history(ENDED_ALGOS_KEPT + 10));
    const { journal, contents } = open(path);
    journal.close();
    const onDisk = readAlgoJournal(path).records;
    expect(onDisk).toEqual(contents.records);
    const ids = [...new Set(onDisk.map((r) => r.id))];
    expect(ids).toHaveLength(ENDED_ALGOS_KEPT + 1);
    expect(ids).not.toContain('e9');
    expect(ids).toContain('e10');
    expect(onDisk.filter((r) => r.id === 'live' && r.k === 'child')).toHaveLength(ENDED_ALGOS_KEPT + 10);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('algo-journal-crash-mid-compaction-loses-nothing: the rename never happened, the old file reads whole and the next open compacts', () => {
    const path = algoJournalPath('local', 7, { PERPL_HOME: home });
    mkdirSync(join(home, 'algos'));
    const text = history(ENDED_ALGOS_KEPT + 3);
    writeFileSync(path, text);
    const before = readAlgoJournal(path);
    expect(() =>
      compactAlgoJournal(path, before, ENDED_ALGOS_KEPT, () => {
        throw new Error('killed before the rename');
      }),
    ).toThrow(/killed/);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(existsSync(`${path}.compacting`)).toBe(true);
    const { journal, contents } = open(path);
    journal.close();
    expect(contents.records).toHaveLength(before.records.length - 3 * 2);
    expect(existsSync(`${path}.compacting`)).toBe(false);
  });

  it('a journal with a corrupt line is not rewritten: the line stays for a person to read', () => {
    const path = algoJournalPath('local', 7, { PERPL_HOME: home });
    mkdirSync(join(home, 'algos'));
    const text = history(ENDED_ALGOS_KEPT + 1) + '{"k":"child","id":"x"}\n';
    writeFileSync(path, text);
    open(path).journal.close();
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
