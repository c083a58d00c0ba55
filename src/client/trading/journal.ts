// Append-only NDJSON journal of every order request: written (and fsynced) BEFORE the frame is sent,
// then each ack, update and decision. After a restart the engine reads it back and never resends a
// request that may have landed. Holds no secrets: frames carry account and market ids, never keys.
// Location: $PERPL_HOME/journal/<network>-<account>.ndjson (dir 0700, file 0600). Read back and compacted
// on open by journal-file.ts.

import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppendFile } from '../../lib/append-file.js';
import { perplHome } from '../../lib/perpl-home.js';
import type { OrderRequestFrame } from '../../protocol/frames.js';
import type { JournalRecord, JournalRecordInput } from './journal-record.js';
import { type JournalContents, compactJournal, describeProblems, holdJournal, loadJournal, removeStaleCompaction } from './journal-file.js';

export type { JournalRecord, JournalRecordInput } from './journal-record.js';

export function journalPath(network: string, accountId: number, env: NodeJS.ProcessEnv = process.env): string {
  const safeNetwork = network.replace(/[^A-Za-z0-9._-]/g, '_');
  return join(perplHome(env), 'journal', `${safeNetwork}-${accountId}.ndjson`);
}

export class Journal {
  private readonly file: AppendFile;
  private release: (() => void) | null = null;

  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = new AppendFile(path);
  }

  /**
   * Opens the journal for a run: reads every line (corrupt ones reported as `file:line`), compacts the
   * file to what a restart needs when no other live process holds it (journal-file.ts), and appends
   * from there. `records` are what the file holds now.
   */
  static open(path: string, now: () => number = Date.now): { journal: Journal; records: JournalRecord[]; problems: string[] } {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const release = holdJournal(path);
    try {
      const contents = loadJournal(path);
      const problems = describeProblems(path, contents);
      let records = contents.records;
      if (release) {
        removeStaleCompaction(path);
        records = compactJournal(path, contents);
      } else if (contents.unterminated) {
        // Not ours to rewrite: at least end the torn line, so the next record is not glued to it.
        appendFileSync(path, '\n');
      }
      const journal = new Journal(path, now);
      journal.release = release;
      return { journal, records, problems };
    } catch (e) {
      release?.();
      throw e;
    }
  }

  /** Appends one record. `durable` fsyncs: used for requests, which must be on disk before they are sent. */
  append(record: JournalRecordInput, durable = false): void {
    this.file.appendLine(JSON.stringify({ t: this.now(), ...record }), durable);
  }

  close(): void {
    this.file.close();
    this.release?.();
    this.release = null;
  }

  /** Every record that decodes, in file order; corrupt lines and a torn last line are skipped (see `load`). */
  static read(path: string): JournalRecord[] {
    return loadJournal(path).records;
  }

  /** Every record, plus each line that could not be read with its line number. */
  static load(path: string): JournalContents {
    return loadJournal(path);
  }
}

export interface UnresolvedRequest {
  key: string;
  label: string;
  /** Every rq the request was sent with, in order; the last one is current. */
  rqs: number[];
  frame: OrderRequestFrame;
  postedHead: number;
  acked: boolean;
}

/** Requests with no `resolved` record. */
export function unresolvedRequests(records: readonly JournalRecord[]): UnresolvedRequest[] {
  const byKey = new Map<string, UnresolvedRequest>();
  const resolved = new Set<string>();
  for (const r of records) {
    if (r.k === 'resolved') resolved.add(r.key);
    else if (r.k === 'request') {
      const cur = byKey.get(r.key);
      if (cur) {
        cur.rqs.push(r.rq);
        cur.frame = r.frame;
        cur.postedHead = r.postedHead;
      } else {
        byKey.set(r.key, { key: r.key, label: r.label, rqs: [r.rq], frame: r.frame, postedHead: r.postedHead, acked: false });
      }
    } else if (r.k === 'ack' && r.code === 0) {
      const cur = byKey.get(r.key);
      if (cur) cur.acked = true;
    }
  }
  return [...byKey.values()].filter((u) => !resolved.has(u.key));
}

/** Highest rq ever journaled (the allocator must never hand it out again). */
export function highestJournaledRq(records: readonly JournalRecord[]): number {
  let max = 0;
  for (const r of records) if (r.rq > max) max = r.rq;
  return max;
}
