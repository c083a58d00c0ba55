// History page cursors. The engine lists history newest first and only ever adds at the head, so a
// record's ordinal counted from the OLDEST end never changes: the cursor stores "records with an
// ordinal below N", and new arrivals cannot shift later pages. 16 bytes -> 22 base64url chars, like live.

export type HistoryKind = 'fills' | 'order-history' | 'position-history' | 'account-history';

const KIND_TAG: Record<HistoryKind, number> = {
  fills: 1,
  'order-history': 2,
  'position-history': 3,
  'account-history': 4,
};

export interface HistoryCursor {
  kind: HistoryKind;
  accountId: number;
  /** Exclusive upper bound on the ordinal (0 = oldest record). */
  before: number;
}

export function encodeCursor(c: HistoryCursor): string {
  const b = Buffer.alloc(16);
  b.writeUInt32BE(0x70706c31, 0); // "ppl1": lets a cursor from elsewhere fail loudly
  b.writeUInt16BE(KIND_TAG[c.kind], 4);
  b.writeUInt16BE(0, 6);
  b.writeUInt32BE(c.accountId >>> 0, 8);
  b.writeUInt32BE(c.before >>> 0, 12);
  return b.toString('base64url');
}

/** Undefined when the text is not a cursor this server issued for that kind and account. */
export function decodeCursor(text: string, kind: HistoryKind, accountId: number): HistoryCursor | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return undefined;
  const b = Buffer.from(text, 'base64url');
  if (b.length !== 16 || b.readUInt32BE(0) !== 0x70706c31) return undefined;
  if (b.readUInt16BE(4) !== KIND_TAG[kind] || b.readUInt32BE(8) !== accountId >>> 0) return undefined;
  return { kind, accountId, before: b.readUInt32BE(12) };
}

/**
 * Cuts one page from a newest-first list. Returns the records and the cursor of the next page
 * (absent on the last page).
 */
export function cutPage<T>(
  newestFirst: readonly T[],
  count: number,
  cursor: HistoryCursor | undefined,
  kind: HistoryKind,
  accountId: number,
): { d: T[]; np?: string } {
  const total = newestFirst.length;
  const before = Math.min(cursor ? cursor.before : total, total);
  // Ordinal o sits at index total - 1 - o.
  const start = total - before;
  const d = newestFirst.slice(start, start + count);
  const nextBefore = before - d.length;
  return nextBefore > 0 && d.length > 0 ? { d, np: encodeCursor({ kind, accountId, before: nextBefore }) } : { d };
}
