// History page cursors. The engine lists history newest first and only ever adds at the head, so a
// record's ordinal counted from the OLDEST end does not change when new records arrive: the cursor
// stores "records with an ordinal below N" plus a checksum of the record that starts the next page.
// The engine trims the oldest records of very long histories, which shifts ordinals down; the checksum
// lets the server find where the page really continues. 16 bytes -> 22 base64url chars, like live.

import { fnv1a } from '../../lib/fnv1a.js';

export type HistoryKind = 'fills' | 'order-history' | 'position-history' | 'account-history';

const KIND_TAG: Record<HistoryKind, number> = {
  fills: 1,
  'order-history': 2,
  'position-history': 3,
  'account-history': 4,
};
const MAGIC = 0x7031; // "p1": a cursor from elsewhere fails loudly

export interface HistoryCursor {
  kind: HistoryKind;
  accountId: number;
  /** Exclusive upper bound on the ordinal (0 = oldest record) when the cursor was issued. */
  before: number;
  /** FNV-1a of the JSON of the record at ordinal `before - 1` (the first one of the next page). */
  check: number;
}

function checksum(record: unknown): number {
  return fnv1a(JSON.stringify(record));
}

export function encodeCursor(c: HistoryCursor): string {
  const b = Buffer.alloc(16);
  b.writeUInt16BE(MAGIC, 0);
  b.writeUInt8(KIND_TAG[c.kind], 2);
  b.writeUInt32BE(c.accountId >>> 0, 4);
  b.writeUInt32BE(c.before >>> 0, 8);
  b.writeUInt32BE(c.check >>> 0, 12);
  return b.toString('base64url');
}

/** Undefined when the text is not a cursor this server issued for that kind and account. */
export function decodeCursor(text: string, kind: HistoryKind, accountId: number): HistoryCursor | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return undefined;
  const b = Buffer.from(text, 'base64url');
  if (b.length !== 16 || b.readUInt16BE(0) !== MAGIC || b.readUInt8(3) !== 0) return undefined;
  if (b.readUInt8(2) !== KIND_TAG[kind] || b.readUInt32BE(4) !== accountId >>> 0) return undefined;
  return { kind, accountId, before: b.readUInt32BE(8), check: b.readUInt32BE(12) };
}

/**
 * Where the page after `cursor` starts, as an exclusive ordinal bound: the issued position when the
 * record there is unchanged, else the nearest lower position holding the checksummed record (older
 * records were trimmed), else 0 (everything the cursor pointed at is gone).
 */
function resolveBefore<T>(newestFirst: readonly T[], cursor: HistoryCursor): number {
  const total = newestFirst.length;
  const at = (ordinal: number): T => newestFirst[total - 1 - ordinal]!;
  const start = Math.min(cursor.before, total);
  for (let before = start; before > 0; before--) {
    if (checksum(at(before - 1)) === cursor.check) return before;
  }
  return 0;
}

/**
 * Cuts one page from a newest-first list: the records and the next page's cursor. As live, every page that
 * holds records carries `np`, a short last page too (capture: order-history `count=20` answered 11 rows and an
 * `np`): the cursor points past its last record, and the page it names is empty and has no `np`.
 */
export function cutPage<T>(
  newestFirst: readonly T[],
  count: number,
  cursor: HistoryCursor | undefined,
  kind: HistoryKind,
  accountId: number,
): { d: T[]; np?: string } {
  const total = newestFirst.length;
  const before = cursor ? resolveBefore(newestFirst, cursor) : total;
  // Ordinal o sits at index total - 1 - o.
  const start = total - before;
  const d = newestFirst.slice(start, start + count);
  const nextBefore = before - d.length;
  if (d.length === 0) return { d };
  // Past the oldest record nothing is left to check: the checksum of nothing.
  const check = nextBefore > 0 ? checksum(newestFirst[total - nextBefore]) : 0;
  return { d, np: encodeCursor({ kind, accountId, before: nextBefore, check }) };
}
