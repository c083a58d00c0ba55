// An order staged for the key thread (issue 35): journaled before it is armed, sent exactly once by
// whichever thread gets the confirm first, and never sent again after a crash between the key thread's
// send and this thread's adoption.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderFlag, OrderType } from '../../protocol/enums.js';
import { Journal } from './journal.js';
import type { OrderEngine } from './order-engine.js';
import { ACC, BUY, heartbeat, signedIn } from './scripted-link.fixtures.js';

let dir = '';
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function journalAt(): string {
  dir = mkdtempSync(join(tmpdir(), 'perpl-staged-'));
  return join(dir, 'journal.ndjson');
}

function staged(engine: OrderEngine) {
  const s = engine.stage(BUY, 'buy 1 ETH');
  if ('problems' in s) throw new Error(s.problems.join('; '));
  return s;
}

describe('an order staged for the key thread', () => {
  it('staged-order-is-on-disk-before-it-can-be-armed, and nothing is sent by staging', () => {
    const path = journalAt();
    const t = signedIn(stops, path);
    const s = staged(t.engine);
    expect(JSON.parse(s.text)).toMatchObject({ mt: 22, rq: s.rq, t: OrderType.OpenLong });
    expect(Journal.read(path).filter((r) => r.k === 'request').map((r) => r.rq)).toEqual([s.rq]);
    expect(t.link.sent).toEqual([]);
  });

  it('armed-fire-then-main-y-sends-once: an adopted order is not sent again by the confirm on this thread', () => {
    const path = journalAt();
    const t = signedIn(stops, path);
    const s = staged(t.engine);
    const handle = t.engine.adoptStaged(s.key);
    expect(handle?.rqs()).toEqual([s.rq]);
    expect(t.engine.sendStaged(s.key)).toBeUndefined();
    expect(t.engine.adoptStaged(s.key)).toBeUndefined();
    expect(t.link.sent).toEqual([]);
    // It is followed as sent: its ack finds it by sn.
    t.link.frame({ mt: 3, sid: 100, sn: 1, cid: JSON.parse(s.text).sn, status: { code: 0 } });
    expect(t.engine.pending().map((v) => [v.key, v.phase])).toEqual([[s.key, 'acked']]);
    expect(Journal.read(path).map((r) => r.k)).toEqual(['request', 'sent', 'ack']);
  });

  it('a confirm on this thread (not fired) sends the staged frame itself, once, on its staged rq', () => {
    const path = journalAt();
    const t = signedIn(stops, path);
    const s = staged(t.engine);
    t.engine.sendStaged(s.key);
    expect(t.engine.adoptStaged(s.key)).toBeUndefined();
    expect(t.link.sent.map((f) => f.rq)).toEqual([s.rq]);
    expect(JSON.stringify(t.link.sent[0])).toBe(s.text);
  });

  it('staged-frame-behind-a-later-request-moves-to-a-new-rq (never an older rq after a newer one)', () => {
    const path = journalAt();
    const t = signedIn(stops, path);
    const s = staged(t.engine);
    t.engine.submit({ ...BUY, p: 240_000 }, 'another buy');
    expect(t.engine.stagedIsNewest(s.key)).toBe(false);
    t.engine.sendStaged(s.key);
    const rqs = t.link.sent.map((f) => f.rq);
    expect(rqs).toHaveLength(2);
    expect(rqs[1]).toBeGreaterThan(rqs[0]!);
    expect(rqs).not.toContain(s.rq);
  });

  it('a withdrawn staged order is resolved in the journal: a restart follows nothing', () => {
    const path = journalAt();
    const t = signedIn(stops, path);
    const s = staged(t.engine);
    t.engine.withdrawStaged(s.key);
    expect(t.engine.sendStaged(s.key)).toBeUndefined();
    expect(t.link.sent).toEqual([]);
    t.engine.stop();
    const again = signedIn(stops, path);
    expect(again.engine.pending()).toEqual([]);
  });

  it('the confirm re-checks: a staged order that became invalid (trading locked) is not sent', () => {
    const path = journalAt();
    const t = signedIn(stops, path);
    const s = staged(t.engine);
    t.link.frame({ mt: 21, sid: 20, sn: 102, in: 12, id: ACC, fr: true, fw: true, ft: 0, lfr: 10, b: '10000000000', lb: '0' });
    t.engine.sendStaged(s.key);
    expect(t.link.sent).toEqual([]);
  });

  it('kill -9 after the key thread fired, before adoption: the restart follows the order and never sends it again', async () => {
    const path = journalAt();
    const first = signedIn(stops, path);
    const s = staged(first.engine);
    // The key thread sent s.text; this thread died before adopting it (no sent line, no clean stop).
    const rq = s.rq;
    // The restart: the exchange executed it (lfr = rq) and it rests.
    const row = { at: { b: 101, t: 101_000 }, rq, mkt: 32, acc: ACC, oid: 901, st: 2, t: OrderType.OpenLong, os: 1_000, fs: 0, fl: OrderFlag.GoodTillCancel, lv: 1000, p: 250_000 };
    const again = signedIn(stops, path, rq, [row]);
    const recovered = again.engine.pending();
    expect(recovered.map((v) => v.rqs)).toEqual([[rq]]);
    for (let b = 102; b < 140; b++) again.link.frame(heartbeat(b));
    await new Promise((r) => setImmediate(r));
    expect(again.link.sent).toEqual([]);
    expect(again.engine.pending()).toEqual([]);
  });

  it('kill -9 after the key thread fired, before adoption, the frame lost: the restart never sends it, and gives it up once expired', async () => {
    const path = journalAt();
    const first = signedIn(stops, path);
    const s = staged(first.engine);
    const again = signedIn(stops, path, 10);
    expect(again.engine.pending().map((v) => v.rqs)).toEqual([[s.rq]]);
    for (let b = 102; b < 140; b++) again.link.frame(heartbeat(b));
    await new Promise((r) => setImmediate(r));
    expect(again.link.sent).toEqual([]);
    expect(again.engine.views().find((v) => v.key === s.key)?.result?.kind).toBe('gave-up');
  });
});
