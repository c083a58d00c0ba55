import { describe, expect, it } from 'vitest';
import { ArmRenewal } from '../transport/ws/arm-renewal.js';
import { ArmState, ArmWord } from '../transport/ws/arm-word.js';
import { ArmedFrameHolder } from '../transport/ws/armed-frame.js';
import { ArmedKeyWatch } from '../ui/keys/armed-key-watch.js';
import { fireOnRead, warmArmedPath } from './key-thread-fire.js';

function armed(connection: number) {
  const word = new ArmWord();
  const holder = new ArmedFrameHolder(word, new ArmRenewal());
  const watch = new ArmedKeyWatch();
  holder.stage({ kind: 'stage', id: 7, text: 'order', connection, expiresAtEpochMs: Date.now() + 60_000, afterRead: 0, afterFrame: 0 });
  watch.arm(0);
  word.arm(7);
  const sent: string[] = [];
  return { word, holder, watch, sent, send: (text: string) => (sent.push(text), true) };
}

describe('fireOnRead', () => {
  it('the lone confirm key of a fresh arm sends the staged frame once, on its connection, and says when', () => {
    const a = armed(3);
    const before = performance.timeOrigin + performance.now();
    const shot = fireOnRead(a.watch, a.holder, 'y', performance.now(), 3, a.send, 0);
    expect(a.sent).toEqual(['order']);
    expect(shot).toMatchObject({ fired: { kind: 'fired', id: 7, written: true }, text: 'order' });
    expect(shot!.sentAtEpochMs).toBeGreaterThanOrEqual(before);
    expect(a.word.peek()).toEqual({ id: 7, state: ArmState.fired });
  });

  it('another key, no open connection or another connection: nothing is sent and the arm stays', () => {
    for (const [raw, connection] of [['n', 3], ['y', null], ['y', 4]] as const) {
      const a = armed(3);
      expect(fireOnRead(a.watch, a.holder, raw, performance.now(), connection, a.send, 0)).toBeNull();
      expect(a.sent).toEqual([]);
      expect(a.word.peek()).toEqual({ id: 7, state: ArmState.armed });
      // The read was counted all the same: the screen thread numbers the reads it receives the same way.
      expect(a.watch.readCount).toBe(1);
    }
  });
});

describe('warmArmedPath', () => {
  it('first-order-runs-cold-code: the confirm key is read armed and the staged frame fired, all the way to the send', () => {
    expect(warmArmedPath()).toBe('{"warm-up":"never sent"}');
  });

  it('touches no word but its own: an order armed on the live word stays armed, unfired', () => {
    const live = new ArmWord();
    live.arm(1);
    warmArmedPath();
    expect(live.peek()).toEqual({ id: 1, state: ArmState.armed });
  });
});
