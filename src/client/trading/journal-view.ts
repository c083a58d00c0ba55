// The in-memory tail of the journal as one-line entries for the Journal pane (kept even when no journal
// file is configured).

import { rawStatus, statusWords } from '../../domain/trading/order-words.js';
import { terminalSafeJson } from '../../protocol/sanitize-text.js';
import type { JournalEntryView } from '../../domain/trading/views.js';
import type { JournalRecordInput } from './journal.js';
import { algoOfChildGroup } from '../algos/child-outcome.js';

export function journalLine(r: JournalRecordInput): string {
  switch (r.k) {
    case 'request':
      return `rq ${r.rq} ${r.label}`;
    case 'sent':
      return `rq ${r.rq} sent (sn ${r.sn}, head ${r.head})`;
    case 'ack':
      return r.code === 0 ? `rq ${r.rq} accepted for forwarding` : `rq ${r.rq} rejected ${r.code}${r.error ? `: ${r.error}` : ''}`;
    case 'update':
      // Plain words first, then the wire's names (the raw status and reason) after a middle dot.
      return `rq ${r.rq} ${r.said ?? statusWords(r.st, r.sr)} · ${rawStatus(r.st, r.sr)}`;
    case 'decision':
      return `rq ${r.rq} -> ${r.action}: ${r.reason}`;
    case 'resolved':
      // The message mostly starts with the outcome's own word ("failed: CrossesBook …", "rejected (400): …"): said once.
      return r.message.startsWith(r.result) ? r.message : `${r.result}: ${r.message}`;
  }
}

export class JournalTail {
  private entries: JournalEntryView[] = [];
  /** The algo child (`algo tw1.3`) each unresolved request of an algo is, by request key: its lines name it. */
  private readonly algoChild = new Map<string, string>();
  constructor(private readonly max = 300) {}

  /** Appends the line for `r` (with the frame behind it, when one does) and returns it; an algo child's lines name their algo. */
  add(r: JournalRecordInput, timeMs: number, frame?: unknown): JournalEntryView {
    const raw = frame === undefined ? {} : { raw: terminalSafeJson(frame) };
    if (r.k === 'request' && algoOfChildGroup(r.group) !== undefined) this.algoChild.set(r.key, r.group!);
    const child = this.algoChild.get(r.key);
    if (r.k === 'resolved') this.algoChild.delete(r.key);
    const text = child === undefined ? journalLine(r) : `${journalLine(r)} · ${child}`;
    return this.push({ timeMs, kind: r.k, requestKey: r.key, rq: r.rq, text, ...raw });
  }

  /** Appends a line as it is (a replay feeds recorded lines). */
  push(entry: JournalEntryView): JournalEntryView {
    this.entries.push(entry);
    if (this.entries.length > this.max) this.entries = this.entries.slice(-this.max);
    return entry;
  }

  /** Oldest first. */
  list(): readonly JournalEntryView[] {
    return this.entries;
  }
}
