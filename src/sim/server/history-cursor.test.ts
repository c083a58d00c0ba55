import { describe, expect, it } from 'vitest';
import { cutPage, decodeCursor } from './history-cursor.js';

function pageAll(list: number[], count: number, arrivals: () => void): number[] {
  const seen: number[] = [];
  let cursor;
  for (let i = 0; i < 1000; i++) {
    const page = cutPage(list, count, cursor, 'fills', 7);
    seen.push(...page.d);
    arrivals();
    if (!page.np) return seen;
    cursor = decodeCursor(page.np, 'fills', 7);
    expect(cursor).toBeDefined();
  }
  throw new Error('pagination did not end');
}

describe('history cursor', () => {
  it('no-duplicates-or-omissions: paging to the end returns every record once, newest first', () => {
    const list = Array.from({ length: 237 }, (_, i) => 236 - i); // newest first
    expect(pageAll(list, 50, () => undefined)).toEqual(list);
  });

  it('head-arrivals-do-not-shift-pages: records added at the head while paging are not re-served', () => {
    const list = Array.from({ length: 120 }, (_, i) => 119 - i);
    const original = [...list];
    let next = 120;
    const seen = pageAll(list, 25, () => list.unshift(next++));
    expect(seen).toEqual(original);
  });

  it('oldest-trimmed-while-paging: when old records are trimmed mid-walk the next page still continues exactly', () => {
    const list = Array.from({ length: 300 }, (_, i) => ({ n: 299 - i }));
    const first = cutPage(list, 100, undefined, 'fills', 7);
    expect(first.d.at(-1)).toEqual({ n: 200 });
    list.splice(250, 50); // the engine drops the 50 oldest records
    list.unshift({ n: 300 }); // and a new one arrives at the head
    const second = cutPage(list, 100, decodeCursor(first.np!, 'fills', 7), 'fills', 7);
    expect(second.d[0]).toEqual({ n: 199 });
    expect(second.d.at(-1)).toEqual({ n: 100 });
    list.splice(150); // everything the next cursor points at is trimmed away
    expect(cutPage(list, 100, decodeCursor(second.np!, 'fills', 7), 'fills', 7)).toEqual({ d: [] });
  });

  it('np-on-a-short-page: a last page carries np as live (short or full); the page it names is empty, without np', () => {
    const list = Array.from({ length: 11 }, (_, i) => i);
    const short = cutPage(list, 20, undefined, 'order-history', 1);
    expect(short.d).toHaveLength(11);
    expect(short.np).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cutPage(list, 20, decodeCursor(short.np!, 'order-history', 1), 'order-history', 1)).toEqual({ d: [] });
    const full = cutPage(list, 11, undefined, 'order-history', 1);
    expect(cutPage(list, 11, decodeCursor(full.np!, 'order-history', 1), 'order-history', 1)).toEqual({ d: [] });
    expect(cutPage([], 50, undefined, 'fills', 1)).toEqual({ d: [] });
  });

  it('foreign-cursor-rejected: a cursor of another kind or account is refused', () => {
    const page = cutPage(Array.from({ length: 10 }, (_, i) => i), 3, undefined, 'fills', 5);
    expect(page.np).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(decodeCursor(page.np!, 'order-history', 5)).toBeUndefined();
    expect(decodeCursor(page.np!, 'fills', 6)).toBeUndefined();
    expect(decodeCursor('AAAAAAAAAAAAAAAAAAAAAA', 'fills', 5)).toBeUndefined();
    expect(decodeCursor('short', 'fills', 5)).toBeUndefined();
  });
});
