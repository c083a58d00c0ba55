import { describe, expect, it } from 'vitest';
import type { Fill, HistoryPage, Position } from '../../protocol/frames.js';
import type { HistoryKind, HistoryOptions, HistoryRecordOf } from '../../transport/rest/history.js';
import { foldPositionHistory } from './fold-positions.js';
import { loadFills, loadPositionHistory } from './loaders.js';
import type { HistorySource } from './source.js';

/** Serves fixed pages per kind and counts how many were read. */
class PagedSource implements HistorySource {
  pagesRead = 0;
  constructor(private readonly pages: Partial<Record<HistoryKind, unknown[][]>>) {}
  async *history<K extends HistoryKind>(kind: K, opts: HistoryOptions = {}): AsyncIterable<HistoryPage<HistoryRecordOf[K]>> {
    const pages = (this.pages[kind] ?? []) as Array<Array<HistoryRecordOf[K]>>;
    for (let i = 0; i < pages.length && i < (opts.maxPages ?? Infinity); i++) {
      this.pagesRead++;
      yield { d: pages[i]!, ...(i + 1 < pages.length ? { np: `p${i + 1}` } : {}) };
    }
  }
}

const fill = (mkt: number, t: number): Fill => ({ at: { b: t, t }, mkt, acc: 1, oid: t, t: 1, l: 2, p: 100, s: 1, f: '1' });

describe('history loaders', () => {
  it('filters fills by market locally across pages', async () => {
    const src = new PagedSource({ fills: [[fill(1, 50), fill(2, 40)], [fill(1, 30)]] });
    const got = await loadFills(src, { marketId: 1 });
    expect(got.map((f) => f.at.t)).toEqual([50, 30]);
  });

  it('stops paging once records are older than the date window', async () => {
    const src = new PagedSource({ fills: [[fill(1, 50), fill(1, 40)], [fill(1, 30)], [fill(1, 20)]] });
    const got = await loadFills(src, { fromMs: 35, toMs: 45 });
    expect(got.map((f) => f.at.t)).toEqual([40]);
    expect(src.pagesRead).toBe(2);
  });

  it('folds per-event position rows into one row per pid (sizes are event deltas; a top-up adds none)', async () => {
    const row = (over: Partial<Position>): Position => ({ at: { t: 0 }, mkt: 1, acc: 1, pid: 9, st: 1, sr: 21, sd: 1, c: '0', ep: 100, s: 10, lv: 500, ...over });
    const newestFirst = [
      row({ at: { t: 4 }, st: 2, sr: 13, s: 15, xp: 120, dpnl: '150', fee: '6', cfee: '3', ep: 100 }),
      row({ at: { t: 3 }, sr: 6, s: 0, c: '25000000' }),
      row({ at: { t: 2 }, sr: 17, s: 5, fee: '2', fnd: '-1' }),
      row({ at: { t: 1 }, fee: '1' }),
      row({ pid: 8, at: { t: 0 }, s: 5 }),
    ];
    const folded = foldPositionHistory(newestFirst);
    expect(folded).toHaveLength(2);
    expect(folded[0]).toMatchObject({ positionId: 9, status: 2, maxSize: 15, exitPrice: 120, realizedPnl: '150', fees: '6', funding: '-1', events: 4 });
    const src = new PagedSource({ 'position-history': [newestFirst] });
    expect((await loadPositionHistory(src, { marketId: 1, limit: 1 })).map((p) => p.positionId)).toEqual([9]);
  });
});
