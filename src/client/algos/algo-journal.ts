// The algo journal: $PERPL_HOME/algos/<network>-<account>.ndjson (dir 0700, file 0600), append-only, one
// line per algo-record.ts record. Written with the order journal's writer (lib/append-file.ts) and held
// with its lock (journal-file.ts holdJournal): only the process holding `<file>.lock` runs algos, so two
// terminals on one account never both send the same algo's children. A child line is fsynced before the
// child is sent. Holds no secrets. Compacted on open (compactAlgoJournal): every record of an unfinished
// algo stays, of the ended ones only the last ENDED_ALGOS_KEPT.

import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppendFile } from '../../lib/append-file.js';
import { readNdjson } from '../../lib/ndjson.js';
import { perplHome } from '../../lib/perpl-home.js';
import { userMessage } from '../../protocol/errors.js';
import { holdJournal, removeStaleCompaction, replaceByCompaction } from '../trading/journal-file.js';
import { type AlgoRecord, type AlgoRecordInput, decodeAlgoRecord } from './algo-record.js';

/** Where every account's algo journal lives. */
export function algoJournalDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(perplHome(env), 'algos');
}

export function algoJournalPath(network: string, accountId: number, env: NodeJS.ProcessEnv = process.env): string {
  const safeNetwork = network.replace(/[^A-Za-z0-9._-]/g, '_');
  return join(algoJournalDir(env), `${safeNetwork}-${accountId}.ndjson`);
}

export interface AlgoJournalContents {
  records: AlgoRecord[];
  /** "path:line: reason" for each line that could not be read (skipped; the lines after it still count). */
  problems: string[];
}

/** Every record of the file (none when it does not exist). */
export function readAlgoJournal(path: string): AlgoJournalContents {
  if (!existsSync(path)) return { records: [], problems: [] };
  const { lines } = readNdjson(readFileSync(path, 'utf8'), decodeAlgoRecord);
  const records: AlgoRecord[] = [];
  const problems: string[] = [];
  for (const l of lines) {
    if (l.ok) records.push(l.value);
    else problems.push(`algo journal ${path}:${l.line}: ${l.torn ? 'unfinished last line skipped' : `corrupt record skipped (${userMessage(l.error)})`}`);
  }
  return { records, problems };
}

/** Ended algos a compaction keeps (the newest ended last): `perpl algos` and the Algos tab still list them. */
export const ENDED_ALGOS_KEPT = 50;

/** The records a compaction keeps, in file order: all but those of ended algos older than the last `keepEnded` ended. */
export function algoRecordsToKeep(records: readonly AlgoRecord[], keepEnded = ENDED_ALGOS_KEPT): AlgoRecord[] {
  const endedInOrder = records.filter((r) => r.k === 'end').map((r) => r.id);
  const dropped = new Set(endedInOrder.slice(0, Math.max(0, endedInOrder.length - keepEnded)));
  return records.filter((r) => !dropped.has(r.id));
}

/**
 * Rewrites the journal to algoRecordsToKeep: a new file (0600, fsynced) renamed over the old one, so a crash
 * at any instant leaves the old file whole or the new one whole, never half. Left alone when nothing would
 * be dropped, or when a line could not be read (its text is evidence a rewrite would lose). Only the holder
 * of the journal's lock compacts. Returns the records the file holds.
 */
export function compactAlgoJournal(
  path: string,
  contents: AlgoJournalContents,
  keepEnded = ENDED_ALGOS_KEPT,
  rename: (from: string, to: string) => void = renameSync,
): AlgoRecord[] {
  // A compaction that died before its rename left its temp file: the journal itself is whole.
  removeStaleCompaction(path);
  const kept = algoRecordsToKeep(contents.records, keepEnded);
  if (kept.length === contents.records.length || contents.problems.length > 0) return contents.records;
  replaceByCompaction(path, kept.map((r) => `${JSON.stringify(r)}\n`).join(''), rename);
  return kept;
}

export class AlgoJournal {
  private constructor(
    private readonly file: AppendFile,
    private readonly release: () => void,
    private readonly now: () => number,
  ) {}

  /**
   * Opens the journal to run its algos, or says why not: another live process holds it. A torn last
   * line (the previous run died mid-write) is ended first, so the next record stands on its own line.
   */
  static open(path: string, now: () => number = Date.now): { journal: AlgoJournal; contents: AlgoJournalContents } | { refused: string } {
    // The lock file needs its directory: a first run on a fresh home must not read as "held elsewhere".
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const release = holdJournal(path);
    if (!release) return { refused: `the algos of this account are run by another terminal (${path}.lock)` };
    try {
      const read = readAlgoJournal(path);
      // Before the append file opens: its fd must be the compacted file's, not the one renamed over.
      const contents = { ...read, records: compactAlgoJournal(path, read) };
      const file = new AppendFile(path);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
      if (text.length > 0 && !text.endsWith('\n')) file.appendLine('', true);
      return { journal: new AlgoJournal(file, release, now), contents };
    } catch (e) {
      release();
      throw e;
    }
  }

  get path(): string {
    return this.file.path;
  }

  /** Appends one record and returns it as written; `durable` waits until it is on disk. */
  append(record: AlgoRecordInput, durable = false): AlgoRecord {
    const full = { t: this.now(), ...record } as AlgoRecord;
    this.file.appendLine(JSON.stringify(full), durable);
    return full;
  }

  close(): void {
    this.file.close();
    this.release();
  }
}
