import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistorySource } from '../client/history/source.js';
import type { Context, Fill, HistoryPage } from '../protocol/frames.js';
import type { HistoryKind, HistoryRecordOf } from '../transport/rest/history.js';
import { exportService } from './export-service.js';

const fill = (i: number): Fill => ({ at: { b: i, t: Date.UTC(2026, 10, 1) + i * 1000 }, mkt: 16, acc: 1, oid: i, t: 1, l: 2, p: 669_005, s: 2000, f: '12979' });

const source: HistorySource = {
  async *history<K extends HistoryKind>(kind: K): AsyncIterable<HistoryPage<HistoryRecordOf[K]>> {
    if (kind === 'fills') yield { d: [fill(2), fill(1)] as Array<HistoryRecordOf[K]> };
  },
};
const context = { markets: [{ id: 16, symbol: 'BTC', name: 'Bitcoin', config: { price_decimals: 1, size_decimals: 5 } }] } as unknown as Context;

let home = '';
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('export from the terminal', () => {
  it('export-terminal-writes-under-perpl-home-exports-0600', async () => {
    home = mkdtempSync(join(tmpdir(), 'perpl-export-home-'));
    const progress: string[] = [];
    const run = exportService(source, () => context, { PERPL_HOME: home }, () => new Date(2026, 10, 28, 9, 30, 0));
    const written = await run({ kind: 'fills', format: 'csv' }, (l) => progress.push(l));
    expect(written).toEqual({ path: join(home, 'exports', 'fills-20261128-093000.csv'), rows: 2 });
    expect(progress).toEqual(['page 1, 2 records read']);
    expect(statSync(written.path).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'exports')).mode & 0o777).toBe(0o700);
    expect(readFileSync(written.path, 'utf8').split('\n')[1]).toBe('2026-11-01T00:00:01Z,1,,,BTC,1,1,buy,OpenLong,taker,66900.5,0.02000,0.012979,0.000000');
  });
});
