// The order engine reads its journal as carefully as it writes it: a corrupt line shows in the Journal
// pane as file:line and hides nothing after it (the unresolved request behind it is still followed), and
// the file is compacted on open to what the restart needs.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../src/client/trading/journal.js';
import type { Market, OrderRequestFrame } from '../../src/protocol/frames.js';
import { type SimHandle, live, market, startTestSim, startTrader, until } from './harness.js';

let h: SimHandle;
let btc: Market;
let dir: string;
beforeAll(async () => {
  h = await startTestSim();
  btc = market(h, 'BTC');
  dir = mkdtempSync(join(tmpdir(), 'perpl-journal-reading-'));
});
afterAll(async () => {
  await h?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the order engine reads its journal back', () => {
  it('corrupt-journal-line-shown-with-file-and-line: the request after it is still followed, the file compacted', async () => {
    const t0 = startTrader(h);
    await live(t0);
    const lfr = t0.session.state.account!.lfr;
    const head = t0.session.head!;
    t0.stop();
    const path = join(dir, 'corrupt.ndjson');
    const frame = (rq: number): OrderRequestFrame => ({ mt: 22, sn: rq, rq, mkt: btc.id, acc: t0.accountId, t: 1, p: 0, s: 100, fl: 4, ms: 100, lv: 500, lb: 0 });
    const line = (r: object) => JSON.stringify({ t: 1, ...r });
    const resolvedRuns = Array.from({ length: 30 }, (_, i) => [
      line({ k: 'request', key: `done-${i}`, rq: i + 1, frame: frame(i + 1), postedHead: head - 200, label: 'an old filled order' }),
      line({ k: 'resolved', key: `done-${i}`, rq: i + 1, result: 'definitive', message: 'filled' }),
    ]).flat();
    const rq = Math.max(lfr, 30) + 3;
    writeFileSync(path, [
      ...resolvedRuns,
      '{"t":1,"k":"request","key":"torn-by-a-disk-error",',
      line({ k: 'request', key: 'old-1', rq, frame: frame(rq), postedHead: head - 100, label: 'market long from a crashed run' }),
      '',
    ].join('\n'));
    const corruptLine = resolvedRuns.length + 1;
    const sizeBefore = statSync(path).size;

    const t = startTrader(h, { wallet: { address: t0.address, accountId: t0.accountId }, engine: { journal: { network: 'local', path } } });
    try {
      await live(t);
      const note = await until(() => t.engine.journalEntries().find((e) => e.kind === 'note'), 'the corrupt line in the Journal pane');
      expect(note.text).toContain(`${path}:${corruptLine}: corrupt record skipped`);
      // The request written after the corrupt line is followed (and given up, it never reached the exchange).
      const v = await until(() => t.engine.views().find((x) => x.key === 'old-1' && x.result), 'the request after the corrupt line');
      expect(v.result?.kind).toBe('gave-up');
      // Compacted on open: the resolved history is gone, the corrupt line and the open request stayed.
      const text = readFileSync(path, 'utf8');
      expect(statSync(path).size).toBeLessThan(sizeBefore);
      expect(text).toContain('torn-by-a-disk-error');
      expect(text).not.toContain('"done-0"');
      expect(Journal.read(path).some((r) => r.key === 'old-1' && r.k === 'resolved')).toBe(true);
    } finally {
      t.stop();
    }
  });
});
