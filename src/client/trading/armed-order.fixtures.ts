// The screen thread's armed order (engine + ArmedOrder on a scripted link) and the key thread's holder on
// one word, stepped by hand: shared by the armed-order and armed-place tests.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArmRenewal } from '../../transport/ws/arm-renewal.js';
import { ArmWord } from '../../transport/ws/arm-word.js';
import { ArmedFrameHolder, ArmedFrameStage, type FiredMessage, type StageMessage } from '../../transport/ws/armed-frame.js';
import { ArmedOrder } from './armed-order.js';
import { BUY, signedIn } from './scripted-link.fixtures.js';

/** The screen thread (engine + ArmedOrder) and the key thread (holder), stepped by hand. */
export function armedSetUp(stops: (() => void)[], dirs: string[], o: { canSendNow?: () => boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'perpl-armed-'));
  dirs.push(dir);
  const path = join(dir, 'journal.ndjson');
  const t = signedIn(stops, path);
  const word = new ArmWord();
  const renewal = new ArmRenewal();
  const toKeyThread: StageMessage[] = [];
  const toMain: FiredMessage[] = [];
  /** Frames the key thread wrote on its socket. */
  const keyWire: string[] = [];
  const stage = new ArmedFrameStage(word, renewal, (m) => toKeyThread.push(m));
  const holder = new ArmedFrameHolder(new ArmWord(word.buffer), new ArmRenewal(renewal.buffer));
  let connection: number | null = 1;
  let spent = 0;
  let now = 0;
  const armed = new ArmedOrder({
    engine: t.engine,
    stage,
    connection: () => connection,
    canSendNow: o.canSendNow ?? (() => true),
    spendToken: () => void spent++,
    now: () => now,
  });
  t.link.beforeSend = () => armed.claim();
  const order = (p = BUY.p) => ({ draft: { ...BUY, p }, label: `buy @ ${p}`, signature: `buy@${p}` });
  return {
    ...t,
    path,
    armed,
    stage,
    keyWire,
    order,
    get spent() {
      return spent;
    },
    setConnection: (c: number | null) => (connection = c),
    advance: (ms: number) => (now += ms),
    /** The key thread handles what main posted. */
    deliver() {
      for (const m of toKeyThread.splice(0)) holder.stage(m);
    },
    /** The key thread reads a lone `y` on its connection `c`. */
    y(c = 1) {
      const fired = holder.fire(c, now, (text) => (keyWire.push(text), true), 0);
      if (fired) toMain.push(fired);
      return fired !== null;
    },
    /** Main reads the fired messages. */
    mainReads() {
      for (const m of toMain.splice(0)) stage.fired(m);
    },
    rqs: (texts: readonly string[]) => texts.map((x) => (JSON.parse(x) as { rq: number }).rq),
  };
}

