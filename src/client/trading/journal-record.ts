// One line of the order journal (journal.ts writes it, journal-decode.ts reads it back): its own file so
// the writer, the reader and the compaction share the type without importing each other.

import type { OrderRequestFrame } from '../../protocol/frames.js';

interface Base {
  /** Wall-clock ms. */
  t: number;
  /** Client id of the intent; stable when the request moves to a new rq. */
  key: string;
  rq: number;
}
export type JournalRecord =
  /** `group`: the order group (a scaled order) the request is a leg of. */
  | (Base & { k: 'request'; frame: OrderRequestFrame; postedHead: number; label: string; group?: string })
  | (Base & { k: 'sent'; sn: number; epoch: number; head: number })
  | (Base & { k: 'ack'; code: number; error?: string })
  /** `said`: the plain words when the status alone would mislead (a partial fill, outcome-words.ts). */
  | (Base & { k: 'update'; st: number; sr?: number; oid?: number; said?: string })
  /** `code`: the RetryCode acted on (rules read it, never `reason`); absent in journals of older versions. */
  | (Base & { k: 'decision'; action: string; reason: string; code?: string })
  | (Base & { k: 'resolved'; result: string; message: string });

export type JournalRecordInput = JournalRecord extends infer R ? (R extends JournalRecord ? Omit<R, 't'> : never) : never;
