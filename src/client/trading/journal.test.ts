import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRequestFrame } from '../../protocol/frames.js';
import { Journal, highestJournaledRq, journalPath, unresolvedRequests } from './journal.js';

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'perpl-journal-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const frame = (rq: number): OrderRequestFrame => ({ mt: 22, sn: rq, rq, mkt: 1, acc: 5, t: 1, p: 0, s: 10, fl: 4, ms: 100, lv: 500, lb: 0 });

describe('Journal', () => {
  it('lives under $PERPL_HOME/journal with a 0700 dir and a 0600 file', () => {
    const home = tmp();
    const path = journalPath('local', 5, { PERPL_HOME: home });
    expect(path).toBe(join(home, 'journal', 'local-5.ndjson'));
    const j = new Journal(path);
    j.append({ k: 'request', key: 'a', rq: 1, frame: frame(1), postedHead: 10, label: 'x' }, true);
    j.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'journal')).mode & 0o777).toBe(0o700);
  });

  it('reports requests without a resolved record, with every rq they used, and survives a torn last line', () => {
    const path = join(tmp(), 'j.ndjson');
    const j = new Journal(path);
    j.append({ k: 'request', key: 'a', rq: 1, frame: frame(1), postedHead: 10, label: 'a' }, true);
    j.append({ k: 'ack', key: 'a', rq: 1, code: 0 });
    j.append({ k: 'request', key: 'a', rq: 3, frame: frame(3), postedHead: 40, label: 'a' }, true);
    j.append({ k: 'request', key: 'b', rq: 2, frame: frame(2), postedHead: 11, label: 'b' }, true);
    j.append({ k: 'resolved', key: 'b', rq: 2, result: 'definitive', message: 'filled' });
    j.close();
    appendFileSync(path, '{"k":"request","key":"c","rq":9,"fr'); // crash mid-write
    const records = Journal.read(path);
    const open = unresolvedRequests(records);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ key: 'a', rqs: [1, 3], postedHead: 40, acked: true });
    expect(highestJournaledRq(records)).toBe(3);
  });
});
