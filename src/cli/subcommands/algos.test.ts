import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import { algoJson, algoTable, journaledAlgos } from './algos.js';

const spec = { marketId: 16, side: 'long', size: 1000, durationMs: 60000, slices: 4, jitterBps: 0, bound: { kind: 'slip', bps: 30 }, leverage: 500 };
const lines = (id: string, extra: object[]) =>
  [{ t: 1, id, k: 'start', kind: 'twap', spec, arrivalMark: 670000, seed: 1 }, ...extra].map((x) => JSON.stringify({ t: 2, id, ...x })).join('\n') + '\n';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpl-algos-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('perpl algos', () => {
  it('lists every journaled algo with its progress and state, filtered by network and account', () => {
    writeFileSync(
      join(dir, 'local-7.ndjson'),
      lines('tw1', [
        { k: 'child', cid: 'tw1.1', slice: 0, size: 250, price: 672010 },
        { k: 'child-done', cid: 'tw1.1', filled: 250, spent: true, result: 'definitive', message: 'filled' },
        { k: 'state', status: 'held', reason: 'feed stale' },
      ]),
    );
    writeFileSync(join(dir, 'testnet-9.ndjson'), lines('tw2', [{ k: 'end', complete: false, reason: 'cancelled by the trader' }]));
    const all = journaledAlgos(dir, {});
    expect(all.algos.map((a) => a.book)).toEqual(['local-7', 'testnet-9']);
    const table = algoTable(all.algos).split('\n');
    expect(table[0]).toMatch(/^ACCOUNT\s+ID\s+KIND\s+MARKET\s+SIDE\s+FILLED\/TARGET\s+PRICE\s+CHILDREN\s+STATE\s+REASON$/);
    // No context reachable: the market by its id, in wire units.
    expect(table[1]).toMatch(/^local-7\s+tw1\s+twap\s+#16\s+buy\s+250\/1000\s+mark 670000\s+1\s+held\s+feed stale$/);
    expect(table[2]).toMatch(/^testnet-9\s+tw2\s+twap\s+#16\s+buy\s+0\/1000\s+mark 670000\s+0\s+ended\s+cancelled by the trader$/);
    expect(journaledAlgos(dir, { network: 'testnet' }).algos.map((a) => a.algo.id)).toEqual(['tw2']);
    expect(journaledAlgos(dir, { account: '7' }).algos.map((a) => a.algo.id)).toEqual(['tw1']);
  });

  it('reports a corrupt line by file and line, and still lists the rest', () => {
    writeFileSync(join(dir, 'local-7.ndjson'), lines('tw1', []) + '{"k":"child","id":"tw1"}\n');
    const { algos, problems } = journaledAlgos(dir, {});
    expect(algos).toHaveLength(1);
    expect(problems[0]).toMatch(/local-7\.ndjson:2: corrupt record skipped/);
  });

  it('an empty home lists nothing', () => {
    expect(journaledAlgos(join(dir, 'none'), {})).toEqual({ algos: [], problems: [] });
  });

  it('algos-table-shows-market-units-not-wire-integers: names and decimals from the context; --json keeps the integers and adds decimals', () => {
    writeFileSync(join(dir, 'local-7.ndjson'), lines('tw1', [
      { k: 'child', cid: 'tw1.1', slice: 0, size: 250, price: 672010 },
      { k: 'child-done', cid: 'tw1.1', filled: 250, spent: true, result: 'definitive', message: 'filled' },
    ]));
    const { algos } = journaledAlgos(dir, {});
    const btc = btcTestMarket();
    const table = algoTable(algos, (book) => (book === 'local-7' ? [btc] : undefined)).split('\n');
    expect(table[1]).toMatch(/^local-7\s+tw1\s+twap\s+BTC\s+buy\s+0\.0025\/0\.01\s+mark 67,000\s+1\s+running\s+started$/);
    const json = algoJson('local-7', algos[0]!.algo, [btc]);
    expect(json).toMatchObject({ filled: 250, target: 1000, price: 670000, market: 'BTC', filledText: '0.0025', targetText: '0.01', priceText: '67000' });
    expect(JSON.parse(JSON.stringify(json))).toMatchObject({ start: { spec: { size: 1000 } } });
    expect(algoJson('local-7', algos[0]!.algo, undefined)).not.toHaveProperty('filledText');
  });
});
