// Reading the journal file back, and keeping it small. Every line is decoded (journal-decode.ts); a line
// that fails is reported as `file:line` and skipped, and the lines after it are still read. On open the
// file is compacted to what a restart needs: every record of an intent with no `resolved` record, the
// records of the intent holding the highest rq (the allocator must never reuse it), and every corrupt
// line as it was (nothing the reader cannot understand is thrown away). Compaction writes a temporary
// file, fsyncs it and renames it over the journal, so a crash at any point leaves either the old file or
// the new one, both complete.

import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { readNdjson } from '../../lib/ndjson.js';
import { userMessage } from '../../protocol/errors.js';
import { decodeJournalRecord } from './journal-decode.js';
import type { JournalRecord } from './journal-record.js';

/** A journal line that could not be read. */
export interface CorruptLine {
  /** 1-based line number in the file as it was read. */
  line: number;
  raw: string;
  reason: string;
}

export interface JournalContents {
  records: JournalRecord[];
  /** Where each record stood (1-based line) and its text as written, parallel to `records`. */
  sources: { line: number; raw: string }[];
  corrupt: CorruptLine[];
  /** An unfinished last line (the process died mid-write): skipped, and harmless, since a request is sent only after its line is on disk. */
  tornTail: CorruptLine | null;
  /** Whether the file ended without a newline (a record appended now would be glued to that line). */
  unterminated: boolean;
}

/** "path:12: reason" for each line that could not be read. */
export function describeProblems(path: string, contents: JournalContents): string[] {
  const out = contents.corrupt.map((c) => `journal ${path}:${c.line}: corrupt record skipped (${c.reason})`);
  if (contents.tornTail) out.push(`journal ${path}:${contents.tornTail.line}: unfinished last line skipped (the previous run stopped mid-write)`);
  return out;
}

export function loadJournal(path: string): JournalContents {
  const contents: JournalContents = { records: [], sources: [], corrupt: [], tornTail: null, unterminated: false };
  if (!existsSync(path)) return contents;
  const { lines, unterminated } = readNdjson(readFileSync(path, 'utf8'), decodeJournalRecord);
  contents.unterminated = unterminated;
  for (const l of lines) {
    if (l.ok) {
      contents.records.push(l.value);
      contents.sources.push({ line: l.line, raw: l.raw });
      continue;
    }
    const bad = { line: l.line, raw: l.raw, reason: userMessage(l.error) };
    if (l.torn) contents.tornTail = bad;
    else contents.corrupt.push(bad);
  }
  return contents;
}

/**
 * How long a leg of an order group (a scaled order) stays in the journal after it resolved: its resting
 * order still belongs to the group after a restart (the group cancels as one), for as long as a trader
 * plausibly leaves it resting. Counted back from the newest record, so compaction reads no clock.
 */
export const GROUP_KEPT_MS = 30 * 24 * 3_600_000;

/**
 * Keys a restart still needs: intents without a `resolved` record, the one holding the highest rq, and the
 * legs of order groups sent within GROUP_KEPT_MS.
 */
function keysToKeep(records: readonly JournalRecord[]): Set<string> {
  const resolved = new Set(records.filter((r) => r.k === 'resolved').map((r) => r.key));
  const keep = new Set(records.filter((r) => !resolved.has(r.key)).map((r) => r.key));
  const newest = records.reduce((t, r) => Math.max(t, r.t), 0);
  for (const r of records) if (r.k === 'request' && r.group !== undefined && r.t >= newest - GROUP_KEPT_MS) keep.add(r.key);
  let highest: JournalRecord | undefined;
  for (const r of records) if (!highest || r.rq > highest.rq) highest = r;
  if (highest) keep.add(highest.key);
  return keep;
}

/**
 * Rewrites the journal to what a restart needs (file header comment). Returns the records kept; the file
 * is left alone when nothing would change.
 */
export function compactJournal(path: string, contents: JournalContents): JournalRecord[] {
  const keep = keysToKeep(contents.records);
  const kept: { line: number; text: string; record?: JournalRecord }[] = [];
  contents.records.forEach((record, i) => {
    const source = contents.sources[i]!;
    if (keep.has(record.key)) kept.push({ line: source.line, text: source.raw, record });
  });
  for (const c of contents.corrupt) kept.push({ line: c.line, text: c.raw });
  kept.sort((a, b) => a.line - b.line);
  const records = kept.flatMap((k) => (k.record ? [k.record] : []));
  const unchanged = kept.length === contents.records.length + contents.corrupt.length && !contents.tornTail && !contents.unterminated;
  if (unchanged) return records;

  replaceByCompaction(path, kept.map((k) => `${k.text}\n`).join(''));
  return records;
}

/**
 * Replaces the journal at `path` with `text`: a new file (0600, fsynced) at `<path>.compacting`, renamed over
 * it, the directory fsynced. A crash at any instant leaves the old file whole or the new one whole.
 */
export function replaceByCompaction(path: string, text: string, rename: (from: string, to: string) => void = renameSync): void {
  const temp = `${path}.compacting`;
  removeStaleCompaction(path);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  rename(temp, path);
  syncDirectory(dirname(path));
}

/** Makes a rename durable: fsync the directory that holds the entry (best effort where unsupported). */
function syncDirectory(dir: string): void {
  let fd = -1;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a directory; the rename itself is still atomic.
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

/** A leftover of a compaction that died before its rename: the journal itself is complete, drop it. */
export function removeStaleCompaction(path: string): void {
  try {
    unlinkSync(`${path}.compacting`);
  } catch {
    // none
  }
}

/**
 * Marks the journal as held by this process while it runs (`<journal>.lock` holding the pid). Only the
 * holder compacts: a second terminal on the same account keeps appending to the same file, and a rename
 * under it would send its later records to a deleted file. A lock left by a dead process is taken over.
 */
export function holdJournal(path: string): (() => void) | null {
  const lock = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (readFileSync(lock, 'utf8') === String(process.pid)) unlinkSync(lock);
        } catch {
          // already gone
        }
      };
    } catch {
      if (isHeldByRunningProcess(lock)) return null;
      try {
        unlinkSync(lock);
      } catch {
        // another process took it over first
      }
    }
  }
  return null;
}

function isHeldByRunningProcess(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8').trim());
  } catch {
    return false;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
