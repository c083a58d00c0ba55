import { describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../protocol/frames.js';
import { walkPages } from './history.js';

async function collect<T>(pages: AsyncGenerator<HistoryPage<T>>): Promise<HistoryPage<T>[]> {
  const out: HistoryPage<T>[] = [];
  for await (const p of pages) out.push(p);
  return out;
}

describe('walkPages', () => {
  it('short-page-with-np-is-the-last: live sends np on a short last page; the walk ends there without asking again', async () => {
    const asked: (string | undefined)[] = [];
    // The live order-history capture: count=20 answered 11 rows and an np.
    const pages = await collect(
      walkPages<number>(async (cursor) => {
        asked.push(cursor);
        return cursor === undefined ? { d: Array.from({ length: 11 }, (_, i) => i), np: 'AAAAAAQUbjoAAAADAAAABA' } : { d: [] };
      }, Infinity, 20),
    );
    expect(asked).toEqual([undefined]);
    expect(pages).toEqual([{ d: Array.from({ length: 11 }, (_, i) => i) }]);
  });

  it('a full page with np is followed; an empty page ends the walk', async () => {
    const pages = await collect(
      walkPages<number>(async (cursor) => (cursor === undefined ? { d: [1, 2], np: 'next' } : { d: [], np: 'again' }), Infinity, 2),
    );
    expect(pages).toEqual([{ d: [1, 2], np: 'next' }, { d: [] }]);
  });
});
