// The algo journal: $PERPL_HOME/algos/<network>-<account>.ndjson (dir 0700, file 0600), append-only, one
// line per algo-record.ts record. Written with the order journal's writer (lib/append-file.ts) and held
// with its lock (journal-file.ts holdJournal): only the process holding `<file>.lock` runs algos, so two
// terminals on one account never both send the same algo's children. A child line is fsynced before the
// child is sent. Holds no secrets.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppendFile } from '../../lib/append-file.js';
import { readNdjson } from '../../lib/ndjson.js';
import { perplHome } from '../../lib/perpl-home.js';
import { userMessage } from '../../protocol/errors.js';
import { holdJournal } from '../trading/journal-file.js';
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
      const contents = readAlgoJournal(path);
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
