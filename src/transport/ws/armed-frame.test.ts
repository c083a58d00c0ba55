import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/helpers/seeded-random.js';
import { ArmRenewal } from './arm-renewal.js';
import { ArmState, ArmWord } from './arm-word.js';
import { ArmedFrameHolder, ArmedFrameStage, holdsArm, type FiredMessage, type StageMessage } from './armed-frame.js';

/**
 * The two threads, one step at a time: the screen thread (stage) and the key thread (holder, which owns
 * the socket). Main's frames reach the socket through the key thread's queue, in order, as they would.
 */
function twoThreads() {
  const word = new ArmWord();
  const renewal = new ArmRenewal();
  const toKeyThread: (StageMessage | { kind: 'send'; text: string })[] = [];
  const toMain: FiredMessage[] = [];
  const wire: string[] = [];
  const adopted: number[] = [];
  const stage = new ArmedFrameStage(word, renewal, (m) => toKeyThread.push(m));
  const holder = new ArmedFrameHolder(new ArmWord(word.buffer), new ArmRenewal(renewal.buffer));
  const send = (text: string): boolean => (wire.push(text), true);
  return {
    word,
    renewal,
    stage,
    wire,
    adopted,
    toKeyThread,
    toMain,
    /** Main's own frame: claim first (the rule for every send), then hand it to the key thread. */
    mainSend(text: string) {
      stage.claim();
      toKeyThread.push({ kind: 'send', text });
    },
    arm(text: string, expires = Infinity) {
      return stage.arm(text, 1, expires, (id) => adopted.push(id));
    },
    /** The key thread handles its next message from main. */
    keyThreadStep() {
      const m = toKeyThread.shift();
      if (!m) return;
      if (m.kind === 'stage') holder.stage(m);
      else send(m.text);
    },
    /** The key thread reads a lone `y`. */
    keyThreadY(now = 0) {
      const fired = holder.fire(1, now, send, 0);
      if (fired) toMain.push(fired);
      return fired;
    },
    mainStep() {
      const m = toMain.shift();
      if (m) stage.fired(m);
    },
    drain() {
      while (toKeyThread.length > 0 || toMain.length > 0) {
        this.keyThreadStep();
        this.mainStep();
      }
    },
  };
}

describe('armed order frame', () => {
  it('armed-fire-then-main-y-sends-once', () => {
    const t = twoThreads();
    const id = t.arm('ORDER')!;
    t.keyThreadStep(); // the text reaches the key thread
    expect(t.keyThreadY()).not.toBeNull();
    // The forwarded `y` reaches main before the fired message: main claims, finds it fired, adopts it.
    t.stage.claim();
    if (!t.adopted.includes(id)) t.mainSend('ORDER');
    t.drain();
    expect(t.wire).toEqual(['ORDER']);
    expect(t.adopted).toEqual([id]);
  });

  it('main-claim-before-fire-keeps-the-frame-off-the-wire', () => {
    const t = twoThreads();
    t.arm('ORDER');
    t.keyThreadStep();
    t.mainSend('CANCEL'); // another request goes first: the armed frame may no longer leave after it
    expect(t.keyThreadY()).toBeNull();
    t.drain();
    expect(t.wire).toEqual(['CANCEL']);
    expect(t.adopted).toEqual([]);
  });

  it('stale-staged-text-never-fires-under-a-later-arm', () => {
    const t = twoThreads();
    t.arm('OLD');
    t.keyThreadStep();
    t.arm('NEW'); // the word says armed(NEW) while the key thread still holds OLD
    expect(t.keyThreadY()).toBeNull();
    t.keyThreadStep();
    expect(t.keyThreadY()).not.toBeNull();
    t.drain();
    expect(t.wire).toEqual(['NEW']);
  });

  it('y-pressed-twice-never-sends-the-text-twice: a publish before the fired message adopts it and arms nothing', () => {
    const t = twoThreads();
    const id = t.arm('ORDER')!;
    t.keyThreadStep();
    t.keyThreadY();
    expect(t.arm('ORDER')).toBeNull(); // the next publish, the fired message not read yet
    expect(t.adopted).toEqual([id]);
    t.keyThreadStep();
    expect(t.keyThreadY()).toBeNull(); // the second `y`
    t.drain();
    expect(t.wire).toEqual(['ORDER']);
  });

  it('renew keeps the armed frame firing past its first expiry; a renew of a claimed arm does nothing', () => {
    const t = twoThreads();
    const id = t.arm('ORDER', 1_000)!;
    t.drain();
    expect(t.stage.renew(id, 2_000)).toBe(true);
    expect(t.keyThreadY(1_500)).not.toBeNull();
    const again = t.arm('NEXT', 1_000)!;
    t.stage.claim();
    expect(t.stage.renew(again, 2_000)).toBe(false);
  });

  it('frame-on-its-way-when-armed-never-fires: a socket frame forwarded after the arm holds the key until the screen thread has seen it', () => {
    const word = new ArmWord();
    const renewal = new ArmRenewal();
    const toKeyThread: StageMessage[] = [];
    const wire: string[] = [];
    let framesSeen = 0;
    const stage = new ArmedFrameStage(word, renewal, (m) => toKeyThread.push(m), () => ({ reads: 0, frames: framesSeen }));
    const holder = new ArmedFrameHolder(new ArmWord(word.buffer), new ArmRenewal(renewal.buffer));
    const deliver = () => {
      for (const m of toKeyThread.splice(0)) holder.stage(m);
    };
    const id = stage.arm('ORDER', 1, Infinity, () => undefined)!;
    deliver();
    // The key thread forwarded a frame (a fill, a lock) the screen thread had not received when it armed.
    expect(holder.fire(1, 0, (x) => (wire.push(x), true), 1)).toBeNull();
    // The screen thread received it and, the order still right, renewed the arm after it.
    framesSeen = 1;
    expect(stage.renew(id, Infinity)).toBe(true);
    deliver();
    expect(holder.fire(1, 0, (x) => (wire.push(x), true), 1)).not.toBeNull();
    expect(wire).toEqual(['ORDER']);
  });

  it('renew-wakes-no-thread: a renewal is read from shared memory when the key comes, with no message to the key thread', () => {
    const t = twoThreads();
    const id = t.arm('ORDER', 1_000)!;
    t.drain();
    for (let publish = 1; publish <= 50; publish++) expect(t.stage.renew(id, 1_000 + publish * 100)).toBe(true);
    expect(t.toKeyThread).toEqual([]);
    expect(t.keyThreadY(5_999)).not.toBeNull();
    t.drain();
    expect(t.wire).toEqual(['ORDER']);
  });

  it('renewal-mid-write-holds-to-the-stage-terms: a read that meets a write in progress fires only within what the stage said', () => {
    const t = twoThreads();
    const id = t.arm('ORDER', 1_000)!;
    t.drain();
    t.stage.renew(id, 5_000);
    // The screen thread is between its two sequence stores (odd): the key thread reads nothing and never waits.
    const seq = new BigInt64Array(t.renewal.buffer, 0, 1);
    Atomics.add(seq, 0, 1n);
    expect(t.keyThreadY(1_500)).toBeNull();
    expect(t.word.peek().state).toBe(ArmState.armed);
    expect(t.keyThreadY(999)).not.toBeNull();
  });

  it('only a plain heartbeat leaves an arm standing: every other frame holds it', () => {
    expect(holdsArm('{"mt":100,"sn":7}')).toBe(false);
    for (const frame of ['{"mt":24,"sn":8,"d":[]}', '{"mt":21,"sn":9}', '{ "mt":100,"sn":7}', '{"sn":7,"mt":100}', '{"mt":1000,"sn":1}']) expect(holdsArm(frame)).toBe(true);
  });

  it('expired-arm-never-fires', () => {
    const t = twoThreads();
    t.arm('ORDER', 1_000);
    t.keyThreadStep();
    expect(t.keyThreadY(1_000)).toBeNull();
    expect(t.keyThreadY(999)).not.toBeNull();
  });

  it('reconnect-disarms: a frame armed on one connection never leaves on another', () => {
    const t = twoThreads();
    t.arm('ORDER');
    t.keyThreadStep();
    const holder = new ArmedFrameHolder(new ArmWord(t.word.buffer), new ArmRenewal(t.renewal.buffer));
    holder.stage({ kind: 'stage', id: t.word.peek().id, text: 'ORDER', connection: 1, expiresAtEpochMs: Infinity, afterRead: 0, afterFrame: 0 });
    const sent: string[] = [];
    expect(holder.fire(2, 0, (x) => (sent.push(x), true), 0)).toBeNull();
    expect(sent).toEqual([]);
    expect(t.word.peek().state).toBe(ArmState.armed);
  });

  it('a fired frame is adopted once, however many claims and fired messages follow', () => {
    const t = twoThreads();
    const id = t.arm('ORDER')!;
    t.keyThreadStep();
    t.keyThreadY();
    t.stage.claim();
    t.stage.claim();
    t.mainStep();
    expect(t.adopted).toEqual([id]);
  });

  it('disarm-racing-key-sends-at-most-once (random interleavings)', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const rnd = seededRandom(seed);
      const t = twoThreads();
      /** Per armed text: the arm id; and, per main frame, how many arms came before it. */
      const armIds = new Map<string, number>();
      const mainFrames = new Map<string, number>();
      const confirmedAtMain: string[] = [];
      let current: { text: string; id: number } | null = null;
      let n = 0;
      for (let step = 0; step < 60; step++) {
        const r = rnd();
        if (r < 0.15) {
          const text = `ORDER-${n++}`;
          const id = t.arm(text);
          // null: the frame armed before it had left and is adopted now; nothing new is armed.
          current = id === null ? null : { text, id };
          if (id !== null) armIds.set(text, id);
        } else if (r < 0.25) {
          const text = `OTHER-${n++}`;
          mainFrames.set(text, armIds.size);
          t.mainSend(text);
          current = null;
        } else if (r < 0.35 && current) {
          // The forwarded `y` reaches main: adopt a fired frame, else send the staged frame itself.
          t.stage.claim();
          if (!t.adopted.includes(current.id)) t.mainSend(current.text);
          confirmedAtMain.push(current.text);
          current = null;
        } else if (r < 0.45) {
          t.stage.claim(); // review closed / changed / expired
          current = null;
        } else if (r < 0.65) t.keyThreadY();
        else if (r < 0.85) t.keyThreadStep();
        else t.mainStep();
      }
      t.drain();
      const wire = t.wire;
      for (const text of armIds.keys()) expect(wire.filter((x) => x === text).length, `seed ${seed} ${text}`).toBeLessThanOrEqual(1);
      // A confirm that reached main put its order on the wire exactly once (fired or sent by main).
      for (const text of confirmedAtMain) expect(wire.filter((x) => x === text).length, `seed ${seed} ${text}`).toBe(1);
      // Every frame the key thread sent was adopted exactly once.
      const onWire = [...armIds].filter(([text]) => wire.includes(text)).map(([, id]) => id);
      expect(new Set(t.adopted).size, `seed ${seed}`).toBe(t.adopted.length);
      for (const id of t.adopted) expect(onWire, `seed ${seed}`).toContain(id);
      // No fired frame ever left after a frame main sent after arming it (rq order, send budget).
      const armOrder = [...armIds.keys()];
      for (const [text, id] of armIds) {
        const at = wire.indexOf(text);
        if (at < 0 || !t.adopted.includes(id)) continue;
        for (const [other, armsBefore] of mainFrames) {
          const otherAt = wire.indexOf(other);
          if (armsBefore > armOrder.indexOf(text) && otherAt >= 0) expect(otherAt, `seed ${seed}`).toBeGreaterThan(at);
        }
      }
    }
  });
});
