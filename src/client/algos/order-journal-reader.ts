// The order journal as the algos read it: every step that settles a child or checks that orders are
// journaled asks for it (a TWAP 4 times a second), and Journal.read parses the whole file each time. The
// journal only grows by appended lines (this process's engine or another writer) and is replaced whole by a
// compaction (a new file renamed in), so the reader keeps the records of the lines it has parsed and, while
// the file is the same file and longer, parses only what was appended; anything else is read anew whole.
// The file is looked at BEFORE it is read: a line appended during the read is picked up by the next look.

import { closeSync, fstatSync, openSync, readSync, type BigIntStats } from 'node:fs';
import { readNdjson } from '../../lib/ndjson.js';
import { decodeJournalRecord } from '../trading/journal-decode.js';
import type { JournalRecord } from '../trading/journal-record.js';

export class OrderJournalReader {
  private file: { dev: bigint; ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint } | null = null;
  /** Bytes up to and including the last newline parsed, and the records of those lines. */
  private parsedBytes = 0;
  private complete: JournalRecord[] = [];
  private records: readonly JournalRecord[] = [];

  constructor(readonly path: string) {}

  /** The records on disk now (as Journal.read gives them). */
  now(): readonly JournalRecord[] {
    let fd: number;
    try {
      fd = openSync(this.path, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      this.forget();
      return this.records;
    }
    try {
      return this.readFrom(fd, fstatSync(fd, { bigint: true }));
    } finally {
      closeSync(fd);
    }
  }

  private readFrom(fd: number, st: BigIntStats): readonly JournalRecord[] {
    const was = this.file;
    if (was && was.dev === st.dev && was.ino === st.ino && was.size === st.size && was.mtimeNs === st.mtimeNs && was.ctimeNs === st.ctimeNs) return this.records;
    // Only a longer same file is an append; a shorter one, a rewrite in place or another file is read whole.
    if (!was || was.dev !== st.dev || was.ino !== st.ino || st.size <= was.size) this.forget();
    this.file = { dev: st.dev, ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, ctimeNs: st.ctimeNs };
    const tail = Buffer.alloc(Number(st.size) - this.parsedBytes);
    let got = 0;
    while (got < tail.length) {
      const n = readSync(fd, tail, got, tail.length - got, this.parsedBytes + got);
      if (n === 0) break;
      got += n;
    }
    const bytes = tail.subarray(0, got);
    const end = bytes.lastIndexOf(0x0a) + 1;
    for (const l of readNdjson(bytes.subarray(0, end).toString('utf8'), decodeJournalRecord).lines) if (l.ok) this.complete.push(l.value);
    this.parsedBytes += end;
    // A last line still being written counts when it reads whole (as Journal.read counts it); it is parsed again once complete.
    const partial = readNdjson(bytes.subarray(end).toString('utf8'), decodeJournalRecord).lines.flatMap((l) => (l.ok ? [l.value] : []));
    this.records = [...this.complete, ...partial];
    return this.records;
  }

  private forget(): void {
    this.file = null;
    this.parsedBytes = 0;
    this.complete = [];
    this.records = [];
  }
}
