import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRequestFrame } from '../../protocol/frames.js';
import { describeProblems } from './journal-file.js';
import { Journal, highestJournaledRq, journalPath, unresolvedRequests } from './journal.js';

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'perpl-journal-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const frame = (rq: number): OrderRequestFrame => ({ mt: 22, sn: rq, rq, mkt: 1, acc: 5, t: 1, p: 0, s: 10, fl: 4, ms: 100, lv: 500, lb: 0 });

describe('Journal', () => {
  it('lives under $PERPL_HOME/journal with a 0700 dir and a 0600 file', () => {
    const home = tmp();
    const path = journalPath('local', 5, { PERPL_HOME: home });
    expect(path).toBe(join(home, 'journal', 'local-5.ndjson'));
    const j = new Journal(path);
    j.append({ k: 'request', key: 'a', rq: 1, frame: frame(1), postedHead: 10, label: 'x' }, true);
    j.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'journal')).mode & 0o777).toBe(0o700);
  });

  it('reports requests without a resolved record, with every rq they used, and survives a torn last line', () => {
    const path = join(tmp(), 'j.ndjson');
    const j = new Journal(path);
    j.append({ k: 'request', key: 'a', rq: 1, frame: frame(1), postedHead: 10, label: 'a' }, true);
    j.append({ k: 'ack', key: 'a', rq: 1, code: 0 });
    j.append({ k: 'request', key: 'a', rq: 3, frame: frame(3), postedHead: 40, label: 'a' }, true);
    j.append({ k: 'request', key: 'b', rq: 2, frame: frame(2), postedHead: 11, label: 'b' }, true);
    j.append({ k: 'resolved', key: 'b', rq: 2, result: 'definitive', message: 'filled' });
    j.close();
    appendFileSync(path, '{"k":"request","key":"c","rq":9,"fr'); // crash mid-write
    const records = Journal.read(path);
    const open = unresolvedRequests(records);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ key: 'a', rqs: [1, 3], postedHead: 40, acked: true });
    expect(highestJournaledRq(records)).toBe(3);
  });
});

describe('reading the journal back', () => {
  const request = (key: string, rq: number) => JSON.stringify({ t: 1, k: 'request', key, rq, frame: frame(rq), postedHead: 10, label: key });
  const resolved = (key: string, rq: number) => JSON.stringify({ t: 2, k: 'resolved', key, rq, result: 'definitive', message: 'filled' });

  it('corrupt-line-named-with-file-and-line: the records after it are still read', () => {
    const path = join(tmp(), 'j.ndjson');
    writeFileSync(path, [request('a', 1), '{"k":"resolved","key":"a",', request('b', 2), resolved('b', 2), ''].join('\n'));
    const contents = Journal.load(path);
    expect(contents.records.map((r) => `${r.k} ${r.key}`)).toEqual(['request a', 'request b', 'resolved b']);
    expect(contents.corrupt.map((c) => c.line)).toEqual([2]);
    expect(describeProblems(path, contents)).toEqual([expect.stringContaining(`journal ${path}:2: corrupt record skipped`)]);
    // The request whose resolution was lost is followed again (the safe reading), b is not.
    expect(unresolvedRequests(contents.records).map((u) => u.key)).toEqual(['a']);
  });

  it('request-frame-fails-the-mt22-decoder: reported as corrupt, never handed to the engine half-typed', () => {
    const path = join(tmp(), 'j.ndjson');
    const badFrame = JSON.stringify({ t: 1, k: 'request', key: 'x', rq: 4, frame: { mt: 22, rq: 4, mkt: 1, acc: 5, t: 1, s: '10', fl: 4, lv: 500, lb: 0 }, postedHead: 1, label: 'x' });
    const notAFrame = JSON.stringify({ t: 1, k: 'request', key: 'y', rq: 5, frame: null, postedHead: 1, label: 'y' });
    const unknownKind = JSON.stringify({ t: 1, k: 'rumour', key: 'z', rq: 6 });
    writeFileSync(path, [badFrame, notAFrame, unknownKind, request('a', 3), ''].join('\n'));
    const contents = Journal.load(path);
    expect(contents.records.map((r) => r.key)).toEqual(['a']);
    expect(contents.corrupt.map((c) => [c.line, c.reason])).toEqual([
      [1, expect.stringContaining('frame.s')],
      [2, expect.stringContaining('frame')],
      [3, expect.stringContaining('k')],
    ]);
  });

  it('compaction-keeps-unresolved-and-highest-rq: the file shrinks, a restart reads the same', () => {
    const path = join(tmp(), 'j.ndjson');
    const j = new Journal(path);
    for (let rq = 1; rq <= 40; rq++) {
      j.append({ k: 'request', key: `k${rq}`, rq, frame: frame(rq), postedHead: 10, label: `k${rq}` }, true);
      j.append({ k: 'ack', key: `k${rq}`, rq, code: 0 });
      if (rq !== 7) j.append({ k: 'resolved', key: `k${rq}`, rq, result: 'definitive', message: 'filled' });
    }
    j.close();
    const before = Journal.read(path);
    const sizeBefore = statSync(path).size;

    const opened = Journal.open(path);
    opened.journal.close();
    const after = Journal.read(path);
    expect(opened.records).toEqual(after);
    expect(statSync(path).size).toBeLessThan(sizeBefore / 5);
    expect(unresolvedRequests(after)).toEqual(unresolvedRequests(before));
    expect(unresolvedRequests(after).map((u) => u.key)).toEqual(['k7']);
    expect(highestJournaledRq(after)).toBe(40);
    expect(after.map((r) => `${r.k} ${r.key}`)).toEqual(['request k7', 'ack k7', 'request k40', 'ack k40', 'resolved k40']);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('compaction-drops-scale-group-membership: resolved legs of a recent order group stay, an old group\'s go', () => {
    const path = join(tmp(), 'j.ndjson');
    const day = 24 * 3_600_000;
    let now = 0;
    const j = new Journal(path, () => now);
    const leg = (key: string, rq: number, group: string) => {
      j.append({ k: 'request', key, rq, frame: frame(rq), postedHead: 10, label: key, group }, true);
      j.append({ k: 'resolved', key, rq, result: 'definitive', message: 'open' });
    };
    leg('old1', 1, 'scale-old');
    now = 40 * day;
    leg('new1', 2, 'scale-new');
    leg('new2', 3, 'scale-new');
    j.append({ k: 'request', key: 'plain', rq: 4, frame: frame(4), postedHead: 10, label: 'plain' }, true);
    j.append({ k: 'resolved', key: 'plain', rq: 4, result: 'definitive', message: 'filled' });
    j.append({ k: 'request', key: 'top', rq: 5, frame: frame(5), postedHead: 10, label: 'top' }, true);
    j.append({ k: 'resolved', key: 'top', rq: 5, result: 'definitive', message: 'filled' });
    j.close();
    const opened = Journal.open(path);
    opened.journal.close();
    const requests = opened.records.filter((r) => r.k === 'request');
    expect(requests.map((r) => [r.key, r.k === 'request' ? r.group : undefined])).toEqual([['new1', 'scale-new'], ['new2', 'scale-new'], ['top', undefined]]);
    // Kept legs are resolved: a restart does not follow them as requests in flight.
    expect(unresolvedRequests(opened.records)).toEqual([]);
  });

  it('compaction keeps a corrupt line as it was, drops a torn last line, and ends the file with a newline', () => {
    const path = join(tmp(), 'j.ndjson');
    writeFileSync(path, [request('a', 1), resolved('a', 1), 'not json', request('b', 2), resolved('b', 2), request('c', 3), '{"k":"req'].join('\n'));
    const opened = Journal.open(path);
    expect(opened.problems).toEqual([expect.stringContaining(`${path}:3: corrupt`), expect.stringContaining(`${path}:7: unfinished last line`)]);
    opened.journal.append({ k: 'ack', key: 'c', rq: 3, code: 0 });
    opened.journal.close();
    expect(readFileSync(path, 'utf8').split('\n')).toEqual(['not json', request('c', 3), expect.stringContaining('"k":"ack"'), '']);
  });

  it('compaction-dies-before-its-rename: the journal is left whole and the next open compacts it', () => {
    const path = join(tmp(), 'j.ndjson');
    const original = [request('a', 1), resolved('a', 1), request('b', 2), ''].join('\n');
    writeFileSync(path, original);
    // Something in the temporary file's place makes the compaction fail before it renames.
    mkdirSync(`${path}.compacting`);
    expect(() => Journal.open(path)).toThrow();
    expect(readFileSync(path, 'utf8')).toBe(original);
    expect(existsSync(`${path}.lock`)).toBe(false);
    rmSync(`${path}.compacting`, { recursive: true });
    // A half-written temporary file from a process that died is ignored and replaced.
    writeFileSync(`${path}.compacting`, request('zzz', 99).slice(0, 20));
    const opened = Journal.open(path);
    opened.journal.close();
    expect(Journal.read(path).map((r) => r.key)).toEqual(['b']);
    expect(existsSync(`${path}.compacting`)).toBe(false);
  });

  it('a journal another live process holds is not rewritten under it; a dead holder\'s lock is taken over', () => {
    const path = join(tmp(), 'j.ndjson');
    const original = [request('a', 1), resolved('a', 1), request('b', 2)].join('\n');
    writeFileSync(path, original);
    writeFileSync(`${path}.lock`, String(process.ppid));
    const shared = Journal.open(path);
    shared.journal.append({ k: 'ack', key: 'b', rq: 2, code: 0 });
    shared.journal.close();
    // Left whole (the torn-looking last line ended so the next record stands on its own line).
    expect(readFileSync(path, 'utf8').startsWith(`${original}\n{`)).toBe(true);
    expect(Journal.read(path).map((r) => r.k)).toEqual(['request', 'resolved', 'request', 'ack']);

    writeFileSync(`${path}.lock`, '999999999');
    const owned = Journal.open(path);
    owned.journal.close();
    expect(Journal.read(path).map((r) => `${r.k} ${r.key}`)).toEqual(['request b', 'ack b']);
  });
});
