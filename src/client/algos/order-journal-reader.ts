// The order journal as the algos read it: every step that settles a child or checks that orders are
// journaled asks for it (a TWAP 4 times a second), and reading it parses the whole file. The parsed records
// are kept while the file is the same file with the same size and modification time; any append (this
// process's engine or another writer) grows it and a compaction replaces it, so either is read anew.
// The file is looked at BEFORE it is read: a line appended during the read is picked up by the next look.

import { statSync } from 'node:fs';
import { Journal } from '../trading/journal.js';
import type { JournalRecord } from '../trading/journal-record.js';

export class OrderJournalReader {
  private stamp: string | null = null;
  private records: readonly JournalRecord[] = [];

  constructor(
    readonly path: string,
    private readonly read: (path: string) => JournalRecord[] = Journal.read,
  ) {}

  /** The records on disk now. */
  now(): readonly JournalRecord[] {
    const st = statSync(this.path, { bigint: true, throwIfNoEntry: false });
    // No file yet: nothing journaled (Journal.read says the same), and nothing to keep.
    const stamp = st ? `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}` : null;
    if (stamp === null || stamp !== this.stamp) {
      this.records = this.read(this.path);
      this.stamp = stamp;
    }
    return this.records;
  }
}
