// seek-back-never-patches-a-later-state: the replay's trading side at a position is what the live session
// held then. Updates before a connection's snapshots are ignored, each reconnect starts over from its own
// snapshots, fills accumulate across reconnects, a seek back rebuilds (an order or fill of later is gone),
// and nothing can be sent (every command refused with the replay's reason).

import { describeLocks, sessionLocks } from '../domain/trading/session-locks.js';
import { describe, expect, it } from 'vitest';
import type { Fill, Order, Position } from '../protocol/frames.js';
import { REPLAY_READ_ONLY, READ_ONLY_COMMANDS } from './read-only.js';
import { ReplayTradingFeed } from './replay-trading.js';
import type { TradingEvent } from './timeline.js';

const START = 1_000_000;
const order = (oid: number, b: number, over: Partial<Order> = {}): Order => ({ at: { b, tx: 0, l: 0 }, rq: oid, mkt: 1, acc: 5, oid, st: 2, t: 1, os: 10, fs: 0, fl: 0, lv: 500, ...over });
const position = (pid: number, b: number, over: Partial<Position> = {}): Position => ({ at: { b }, mkt: 1, acc: 5, pid, st: 1, sr: 21, sd: 1, c: '100', ep: 1000, s: 10, lv: 500, ...over });
const fill = (oid: number, b: number): Fill => ({ at: { b, tx: 0, l: 0 }, mkt: 1, acc: 5, oid, t: 1, l: 2, p: 1000, s: 10, f: '1' });
const wallet = (sn: number) => ({ mt: 19, sn, addr: '0xabc', as: [{ in: 1, id: 5, fr: false, fw: true, lfr: 3, b: '1000', lb: '0' }], sts: [] });

const at = (t: number) => ({ t, at: START + t });
const open = (t: number): TradingEvent => ({ ...at(t), kind: 'open' });
const frame = (t: number, f: object | string): TradingEvent => ({ ...at(t), kind: 'in', frame: f });

/** Two recorded connections: a position and two orders on the first, a reconnect whose snapshots differ. */
const EVENTS: TradingEvent[] = [
  open(100),
  // An update before the snapshots: the live session ignored it, so must the replay.
  frame(110, { mt: 24, sn: 9, d: [order(99, 9)] }),
  frame(120, wallet(10)),
  frame(121, { mt: 23, sn: 10, d: [order(1, 10)] }),
  frame(122, { mt: 26, sn: 10, d: [] }),
  frame(200, { mt: 100, sn: 11, h: 11 }),
  { ...at(300), kind: 'order', rq: 2, lb: 40 },
  { ...at(301), kind: 'journal', entry: { timeMs: START + 301, kind: 'request', requestKey: 'k-2', rq: 2, text: 'rq 2 limit long 10 @ 1000' } },
  frame(400, { mt: 24, sn: 12, d: [order(2, 12)] }),
  frame(500, { mt: 25, sn: 13, d: [fill(3, 13)] }),
  frame(501, { mt: 27, sn: 13, d: [position(7, 13)] }),
  // Recorded raw: the app could not parse it live either (counted, skipped).
  frame(502, '{"mt":24, not json'),
  { ...at(600), kind: 'close', reason: 'connection lost' },
  open(700),
  frame(710, wallet(20)),
  // The reconnect's snapshots: order 1 was cancelled meanwhile, the position is still open.
  frame(711, { mt: 23, sn: 20, d: [order(2, 12)] }),
  frame(712, { mt: 26, sn: 20, d: [position(7, 13)] }),
  frame(800, { mt: 25, sn: 21, d: [fill(2, 21)] }),
];

const view = (feed: ReplayTradingFeed) => ({
  orders: [...feed.session.state.orders.keys()].sort(),
  positions: [...feed.session.state.positions.keys()],
  fills: feed.session.state.fills.map((f) => f.oid),
  health: feed.session.connectionView().health,
  journal: feed.engine.journalEntries().map((j) => j.text),
});

describe('the replay trading feed', () => {
  it('shows at each position what the live session held then', () => {
    const feed = new ReplayTradingFeed(EVENTS, START);
    feed.advanceTo(50);
    expect(view(feed)).toMatchObject({ orders: [], health: 'connecting' });
    feed.advanceTo(115);
    expect(view(feed)).toMatchObject({ orders: [], health: 'resyncing' });
    feed.advanceTo(150);
    expect(view(feed)).toMatchObject({ orders: [1], positions: [], health: 'live' });
    expect(feed.session.head).toBe(10);
    feed.advanceTo(550);
    expect(view(feed)).toMatchObject({ orders: [1, 2], positions: [7], fills: [3], journal: ['rq 2 limit long 10 @ 1000'] });
    expect(feed.engine.lastBlockOf(2)).toBe(40);
    expect(feed.session.head).toBe(11);
    expect(feed.session.malformedFrames).toBe(1);
    feed.advanceTo(650);
    expect(view(feed).health).toBe('disconnected');
    feed.advanceTo(900);
    // The reconnect's snapshots replaced the orders; the fills of both connections are kept, newest first.
    expect(view(feed)).toMatchObject({ orders: [2], positions: [7], fills: [2, 3], health: 'live' });
  });

  it('a seek back rebuilds: nothing of later survives; forward again is the same as straight play', () => {
    const straight = new ReplayTradingFeed(EVENTS, START);
    straight.advanceTo(900);
    const feed = new ReplayTradingFeed(EVENTS, START);
    feed.advanceTo(900);
    const versionBefore = feed.engine.version;
    feed.advanceTo(250);
    expect(view(feed)).toEqual({ orders: [1], positions: [], fills: [], health: 'live', journal: [] });
    expect(feed.engine.lastBlockOf(2)).toBeUndefined();
    expect(feed.session.malformedFrames).toBe(0);
    expect(feed.session.head).toBe(11);
    // The publisher copies only when a version moved: a rebuild always moves it.
    expect(feed.engine.version).not.toBe(versionBefore);
    feed.advanceTo(900);
    expect(view(feed)).toEqual(view(straight));
  });

  it('replay-journal-keeps-raw-frames: a recorded Journal line comes back with the frame behind it (Enter shows it), still terminal-safe', () => {
    const sent = '{"mt":22,"sn":3,"rq":2,"mkt":1,"acc":5,"t":1,"p":1000,"s":10,"fl":0,"lv":500,"lb":40}';
    const ack = '{"mt":3,"cid":3,"status":{"code":0}}';
    const events: TradingEvent[] = [
      ...EVENTS.slice(0, 6),
      { ...at(301), kind: 'journal', entry: { timeMs: START + 301, kind: 'request', requestKey: 'k-2', rq: 2, text: 'rq 2 limit long 10 @ 1000', raw: sent } },
      { ...at(302), kind: 'journal', entry: { timeMs: START + 302, kind: 'ack', requestKey: 'k-2', rq: 2, text: 'rq 2 accepted for forwarding', raw: ack } },
      // A line no frame stands behind, and a hostile file's raw with a control character in it.
      { ...at(303), kind: 'journal', entry: { timeMs: START + 303, kind: 'decision', requestKey: 'k-2', rq: 2, text: 'rq 2 -> wait: acked' } },
      { ...at(304), kind: 'journal', entry: { timeMs: START + 304, kind: 'update', requestKey: 'k-2', rq: 2, text: 'rq 2 open', raw: '{"e":"\u001b]52;c;x\u0007"}' } },
    ];
    const feed = new ReplayTradingFeed(events, START);
    feed.advanceTo(400);
    expect(feed.engine.journalEntries().map((j) => j.raw)).toEqual([sent, ack, undefined, '{"e":"\\x1b]52;c;x\\x07"}']);
  });

  it('is read-only: locked with the replay reason, every command refused', async () => {
    const feed = new ReplayTradingFeed(EVENTS, START);
    expect(describeLocks(sessionLocks({ session: feed.engine.lockFacts() }))).toBe(REPLAY_READ_ONLY);
    expect(describeLocks(READ_ONLY_COMMANDS.locks())).toBe(REPLAY_READ_ONLY);
    const outcome = await READ_ONLY_COMMANDS.place({ marketId: 1, kind: 'market', side: 'long', size: 1, leverage: 500 }).outcome;
    expect(outcome).toMatchObject({ ok: false, message: REPLAY_READ_ONLY });
    expect((await READ_ONLY_COMMANDS.panic().outcome).ok).toBe(false);
  });

  it('unlisted-market-rows-refused-in-replay: a recorded position of a market the context does not list is counted, not shown', () => {
    const events: TradingEvent[] = [...EVENTS.slice(0, 6), frame(250, { mt: 27, sn: 11, d: [position(8, 11, { mkt: 424242 }), position(9, 11)] })];
    const feed = new ReplayTradingFeed(events, START, Date.now, (id) => id === 1);
    feed.advanceTo(300);
    expect(view(feed).positions).toEqual([9]);
    expect(feed.session.malformedFrames).toBe(1);
  });

  it('replay-follows-the-live-resync: after a malformed state frame or a heartbeat gap the live session took no update until its new snapshots; neither does the replay', () => {
    const base: TradingEvent[] = [open(100), frame(120, wallet(10)), frame(121, { mt: 23, sn: 10, d: [order(1, 10)] }), frame(122, { mt: 26, sn: 10, d: [] }), frame(200, { mt: 100, sn: 11, h: 11 })];
    const malformed = new ReplayTradingFeed([...base, frame(300, '{"mt":24, not json'), frame(310, { mt: 24, sn: 12, d: [order(5, 12)] })], START);
    malformed.advanceTo(350);
    expect(view(malformed)).toMatchObject({ orders: [1], health: 'resyncing' });
    expect(malformed.session.malformedFrames).toBe(1);
    const gap = new ReplayTradingFeed([...base, frame(300, { mt: 100, sn: 14, h: 14 }), frame(310, { mt: 24, sn: 14, d: [order(5, 14)] })], START);
    gap.advanceTo(350);
    expect(view(gap)).toMatchObject({ orders: [1], health: 'resyncing' });
    expect(gap.session.head).toBe(11);
  });
});
