// The screen thread's armed order against the key thread's holder (both ends of armed-frame.ts on one
// word), the engine on a scripted link: what leaves, from which thread, and how often.

import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from './journal.js';
import { BUY } from './scripted-link.fixtures.js';
import { armedSetUp } from './armed-order.fixtures.js';

const dirs: string[] = [];
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setUp(o: { canSendNow?: () => boolean } = {}) {
  return armedSetUp(stops, dirs, o);
}

describe('ArmedOrder', () => {
  it('armed-fire-then-main-y-sends-once: the key thread sends, main adopts, the marked key closes the review without a send', () => {
    const t = setUp();
    t.armed.review(t.order());
    t.deliver();
    expect(t.y()).toBe(true);
    t.mainReads();
    // A publish after the adoption, the marked key not read yet: nothing is staged or armed again.
    t.armed.review(t.order());
    t.deliver();
    expect(t.y()).toBe(false);
    const handle = t.armed.consumeFired();
    expect(handle).toBeDefined();
    expect(t.armed.confirm(t.order().signature)).toBeUndefined();
    expect(t.keyWire).toHaveLength(1);
    expect(t.link.sent).toEqual([]);
    expect(t.spent).toBe(1);
    expect(Journal.read(t.path).map((r) => r.k)).toEqual(['request', 'sent']);
  });

  it('blocked-main-y-still-reaches-socket: the key thread sends although main has read nothing since arming', () => {
    const t = setUp();
    t.armed.review(t.order());
    t.deliver();
    // Main is busy (it reads no message); the order is on the wire anyway.
    expect(t.y()).toBe(true);
    expect(t.keyWire).toHaveLength(1);
    // Main comes back: a publish before the fired message adopts it, arms nothing new.
    t.armed.review(t.order());
    t.deliver();
    expect(t.y()).toBe(false);
    t.mainReads();
    expect(t.armed.consumeFired()).toBeDefined();
    expect(t.keyWire).toHaveLength(1);
    expect(t.link.sent).toEqual([]);
  });

  it('a confirm that reaches main first (not fired) sends the staged order from main, once', () => {
    const t = setUp();
    t.armed.review(t.order());
    t.deliver();
    expect(t.armed.confirm(t.order().signature)).toBeDefined();
    expect(t.y()).toBe(false);
    expect(t.link.sent).toHaveLength(1);
    expect(t.keyWire).toEqual([]);
  });

  it('another-request-before-y-disarms, and the order re-arms on a newer rq (rq order kept on the wire)', () => {
    const t = setUp();
    t.armed.review(t.order());
    t.deliver();
    t.engine.submit({ ...BUY, p: 240_000 }, 'another');
    expect(t.y()).toBe(false);
    t.armed.review(t.order());
    t.deliver();
    expect(t.y()).toBe(true);
    const mainRq = t.link.sent[0]!.rq;
    expect(t.rqs(t.keyWire)[0]).toBeGreaterThan(mainRq);
    // The first staging is resolved (withdrawn): a restart follows only what may have left.
    const resolved = Journal.read(t.path).filter((r) => r.k === 'resolved');
    expect(resolved).toHaveLength(1);
  });

  it('review-changed-withdraws-the-old-order: the key fires only the order on screen', () => {
    const t = setUp();
    t.armed.review(t.order(250_000));
    t.deliver();
    t.armed.review(t.order(251_000));
    expect(t.y()).toBe(false); // the old text is held, the word is armed for the new one
    t.deliver();
    expect(t.y()).toBe(true);
    expect(t.keyWire.map((x) => (JSON.parse(x) as { p: number }).p)).toEqual([251_000]);
  });

  it('reconnect-disarms: an arm of one connection never fires on the next', () => {
    const t = setUp();
    t.armed.review(t.order());
    t.deliver();
    t.armed.claim(); // the connection ended
    t.setConnection(2);
    expect(t.y(2)).toBe(false);
    t.armed.review(t.order());
    expect(t.y(2)).toBe(false); // the new arm's text not yet there; the old one is connection 1's
    t.deliver();
    expect(t.y(1)).toBe(false);
    expect(t.y(2)).toBe(true);
    expect(t.keyWire).toHaveLength(1);
  });

  it('no-send-budget-never-arms: with no token free the key is the screen thread\'s', () => {
    const t = setUp({ canSendNow: () => false });
    t.armed.review(t.order());
    t.deliver();
    expect(t.y()).toBe(false);
    t.armed.confirm(t.order().signature);
    expect(t.link.sent).toHaveLength(1);
    expect(t.keyWire).toEqual([]);
  });

  it('an arm lapses unless a publish renews it (a blocked screen thread stops arming)', () => {
    const t = setUp();
    t.armed.review(t.order());
    t.deliver();
    t.advance(150);
    t.armed.review(t.order()); // renewed to 350
    t.deliver();
    t.advance(150);
    expect(t.y()).toBe(true);
    const u = setUp();
    u.armed.review(u.order());
    u.deliver();
    u.advance(200);
    expect(u.y()).toBe(false);
  });

  it('review closed: the staged order is withdrawn, nothing leaves, a restart follows nothing', () => {
    const t = setUp();
    t.armed.review(t.order());
    t.deliver();
    t.armed.review(null);
    expect(t.y()).toBe(false);
    expect(Journal.read(t.path).map((r) => r.k)).toEqual(['request', 'resolved']);
  });

  it('lock-after-arm-disarms-at-the-next-publish: the same order on screen is not renewed once a check fails', () => {
    const t = setUp();
    t.armed.review(t.order());
    t.deliver();
    // A lock comes while the review stays as it was (here: the send budget's line is full).
    t.link.queuedFrames = 1_000;
    t.armed.review(t.order());
    t.deliver();
    expect(t.y()).toBe(false);
    expect(t.keyWire).toEqual([]);
    expect(Journal.read(t.path).map((r) => r.k)).toEqual(['request', 'resolved']);
  });

  it('publish-before-the-sent-review-closes-arms-nothing: a second y right after the first sends nothing', () => {
    for (const firstBy of ['key thread', 'screen thread'] as const) {
      const t = setUp();
      t.armed.review(t.order());
      t.deliver();
      if (firstBy === 'key thread') {
        expect(t.y()).toBe(true);
        t.mainReads();
        expect(t.armed.consumeFired()).toBeDefined();
      } else t.armed.confirm(t.order().signature);
      // The send's own store write publishes while the review is still on screen.
      t.armed.review(t.order());
      t.deliver();
      expect(t.y()).toBe(false);
      expect(t.keyWire.length + t.link.sent.length).toBe(1);
      expect(Journal.read(t.path).filter((r) => r.k === 'request')).toHaveLength(1);
      // Closed, then the same order reviewed again: it arms again.
      t.armed.review(null);
      t.armed.review(t.order());
      t.deliver();
      expect(t.y()).toBe(true);
    }
  });
});
