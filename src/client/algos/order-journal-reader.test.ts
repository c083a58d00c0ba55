import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../trading/journal.js';
import { OrderJournalReader } from './order-journal-reader.js';

let home: string;
let path: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'perpl-order-journal-reader-'));
  path = join(home, 'local-1.ndjson');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const decision = (rq: number) => ({ k: 'decision' as const, key: `k${rq}`, rq, action: 'keep', reason: 'r' });
const rqs = (r: OrderJournalReader) => r.now().map((x) => x.rq);

describe('OrderJournalReader', () => {
  it('order-journal-line-appended-by-another-writer-is-still-seen (same clock ms, nothing else changed)', () => {
    const engine = new Journal(path, () => 1);
    engine.append(decision(1), true);
    const reader = new OrderJournalReader(path);
    expect(rqs(reader)).toEqual([1]);
    const other = new Journal(path, () => 1);
    other.append(decision(2), true);
    appendFileSync(path, `${readFileSync(path, 'utf8').split('\n')[0]!.replace('"rq":1', '"rq":3')}\n`);
    expect(rqs(reader)).toEqual([1, 2, 3]);
  });

  it('order-journal-compacted-to-the-same-size-and-time-is-read-anew (a restart\'s compaction renames a new file in)', () => {
    new Journal(path, () => 1).append(decision(1), true);
    utimesSync(path, 1_000, 1_000);
    const reader = new OrderJournalReader(path);
    expect(rqs(reader)).toEqual([1]);
    const next = join(home, 'compacted.ndjson');
    writeFileSync(next, readFileSync(path, 'utf8').replace('"rq":1', '"rq":7'));
    utimesSync(next, 1_000, 1_000);
    const before = statSync(path, { bigint: true });
    renameSync(next, path);
    const after = statSync(path, { bigint: true });
    expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
    expect(rqs(reader)).toEqual([7]);
  });

  it('order-journal-unchanged-is-not-parsed-again (a TWAP looks 4 times a second)', () => {
    new Journal(path, () => 1).append(decision(1), true);
    const reader = new OrderJournalReader(path);
    const once = reader.now();
    expect(reader.now()).toBe(once);
    expect(once.map((r) => r.rq)).toEqual([1]);
  });

  it('order-journal-line-torn-while-read-is-read-whole-once-complete (a writer between its bytes)', () => {
    new Journal(path, () => 1).append(decision(1), true);
    const line = readFileSync(path, 'utf8').replace('"rq":1', '"rq":2');
    const reader = new OrderJournalReader(path);
    appendFileSync(path, line.slice(0, 20));
    expect(rqs(reader)).toEqual([1]);
    appendFileSync(path, line.slice(20));
    expect(rqs(reader)).toEqual([1, 2]);
    expect(reader.now()).toEqual(Journal.read(path));
  });

  it('order-journal-compacted-to-fewer-lines-drops-the-old-ones (not appended to what was read)', () => {
    const engine = new Journal(path, () => 1);
    engine.append(decision(1), true);
    engine.append(decision(2), true);
    const reader = new OrderJournalReader(path);
    expect(rqs(reader)).toEqual([1, 2]);
    const next = join(home, 'compacted.ndjson');
    writeFileSync(next, readFileSync(path, 'utf8').split('\n')[1]!.concat('\n'));
    renameSync(next, path);
    expect(rqs(reader)).toEqual([2]);
  });

  it('order-journal-not-written-yet-reads-empty-then-its-first-line', () => {
    const reader = new OrderJournalReader(path);
    expect(rqs(reader)).toEqual([]);
    new Journal(path, () => 1).append(decision(4), true);
    expect(rqs(reader)).toEqual([4]);
  });
});
