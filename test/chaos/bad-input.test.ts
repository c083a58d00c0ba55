// Session-level bad input: a hostile proxy in front of the real exchange pushes malformed, truncated,
// oversized and wrongly typed frames of every message type, unknown mt, non-JSON text and binary frames
// to a live market-data session and a live trading session (createTradingClient). Every frame must be
// counted and skipped, logged without secrets, a frame that may carry state must trigger a resync, and
// both sessions must end live and equal to the exchange.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { MarketDataSession } from '../../src/client/market-data/session.js';
import { createTradingClient, type TradingClient } from '../../src/client/trading/client.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import type { Context } from '../../src/protocol/frames.js';
import { decodeContext, decodeInbound } from '../../src/protocol/decode/index.js';
import { INBOUND_EXAMPLES } from '../../src/protocol/decode/wire-examples.js';
import { DELETE, fieldSites, replaceAt, wrongTypeReplacements } from '../../src/protocol/decode/wire-mutations.js';
import { type RunningSim, startSim } from '../../src/sim/index.js';
import { until } from '../trading/harness.js';
import { LONG } from './figures.js';
import { HostileProxy } from './hostile-proxy.js';

interface Bad {
  label: string;
  data: string | Buffer;
  /** mt the frame claims (for the resync expectation), if any. */
  mt: number | null;
}

const TRADING_STATE_MTS = new Set([19, 21, 23, 24, 25, 26, 27]);
const BOOK_MTS = new Set([15, 16]);

function failsToDecode(data: string | Buffer): boolean {
  try {
    decodeInbound(data);
    return false;
  } catch {
    return true;
  }
}

/** Every malformation of every example frame that the decoder must refuse, plus generic garbage. */
function badFrames(secrets: string[]): Bad[] {
  const out: Bad[] = [];
  for (const ex of INBOUND_EXAMPLES) {
    const mt = typeof ex.value.mt === 'number' ? ex.value.mt : null;
    const text = JSON.stringify(ex.value);
    const candidates: Array<[string, string | Buffer]> = [
      ['truncated', text.slice(0, Math.floor(text.length / 2))],
      ['truncated by one byte', text.slice(0, -1)],
      ['as binary, truncated', Buffer.from(text.slice(0, -3))],
      ['oversized', JSON.stringify({ ...ex.value, zz: 'x'.repeat(1_100_000) })],
      ...ex.required.map((k): [string, string] => [`without ${k}`, JSON.stringify(replaceAt(ex.value, [k], DELETE))]),
      ...fieldSites(ex.value)
        .slice(0, 8)
        .map((s): [string, string] => [`${s.path} wrongly typed`, JSON.stringify(replaceAt(ex.value, s.segments, wrongTypeReplacements(s.value)[0]))]),
      // A hostile server echoing secrets: the log must not repeat them.
      ...fieldSites(ex.value)
        .slice(0, 2)
        .map((s): [string, string] => [`${s.path} holding a secret`, JSON.stringify(replaceAt(ex.value, s.segments, { k: secrets }))]),
    ];
    for (const [what, data] of candidates) {
      // With its mt broken the frame no longer claims any type: nothing to resync for.
      const claims = what.startsWith('mt ') || what === 'without mt' ? null : mt;
      if (failsToDecode(data)) out.push({ label: `${ex.name}: ${what}`, data, mt: claims });
    }
  }
  const generic: Array<[string, string | Buffer, number | null]> = [
    ['unknown mt', '{"mt":9999,"d":[]}', 9999],
    ['mt as a string', '{"mt":"24","d":[]}', null],
    ['non-JSON text', 'hello, I am not JSON', null],
    ['empty text', '', null],
    ['JSON null', 'null', null],
    ['JSON array', '[1,2,3]', null],
    ['huge number mt', '{"mt":1e400}', null],
    ['deep nesting', `{"mt":24,"d":${'['.repeat(50_000)}${']'.repeat(50_000)}}`, 24],
    ['binary garbage (not UTF-8)', Buffer.from([0xff, 0xfe, 0x00, 0x81, 0xc3]), null],
    ['binary zeros', Buffer.alloc(64), null],
    ['NUL text', '\u0000\u0000', null],
    ['secret as non-JSON', `oops ${secrets.join(' ')}`, null],
  ];
  for (const [label, data, mt] of generic) if (failsToDecode(data)) out.push({ label, data, mt });
  return out;
}

let sim: RunningSim;
let home: string;
let context: Context;
let proxy: HostileProxy;
let trading: TradingClient;
let md: MarketDataSession;
let accountId: number;
let secrets: string[];
const logs: string[] = [];
const WANTS = { depth: 10, trades: 5, candles: 5 };

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-bad-input-'));
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 50, seed: 3, flowStepsPerSec: 20 });
  context = decodeContext(await (await fetch(`${sim.rest}/v1/pub/context`)).json());
  proxy = await HostileProxy.start(sim.ws);
  const w = sim.control.createWallet({ orderForwarding: true });
  accountId = w.accountId!;
  const key = sim.control.issueKey({ address: w.address, scopeMask: ScopeMask.ReadTrade });
  secrets = [key.apiKey, key.seedHex];
  const signer = new ApiKeySigner({ apiKey: key.apiKey, seed: Buffer.from(key.seedHex, 'hex') }, sim.chainId);
  const network = { name: 'local', chainId: sim.chainId, restBase: sim.rest, wsBase: proxy.url, appUrl: '', isMainnet: false };
  trading = createTradingClient({
    network,
    signer,
    scopeMask: ScopeMask.ReadTrade,
    markets: () => context.markets,
    accountId,
    journal: false,
    log: (l) => logs.push(l),
  });
  md = new MarketDataSession({
    wsBase: proxy.url,
    chainId: sim.chainId,
    context,
    marketId: context.markets[0]!.id,
    backoff: { baseMs: 50, maxMs: 300 },
    log: (l) => logs.push(l),
  });
  trading.start();
  md.start();
}, 30_000);
afterAll(async () => {
  trading?.stop();
  md?.stop();
  await proxy?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

const mdStats = () => md.snapshot(WANTS).stats;
const bothLive = () => trading.session.health() === 'live' && md.snapshot(WANTS).connection.health === 'live' && proxy.openClients >= 2;

describe('bad input from a hostile server, at the session level', () => {
  it('every bad frame is counted and skipped, state-bearing ones resync, secrets never logged, both sessions end equal to the exchange', async () => {
    await until(bothLive, 'both sessions live', 15_000);
    const btc = context.markets[0]!;
    // Some state to lose: an open position and a resting order.
    expect((await trading.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 100, leverage: 500 }).outcome).ok).toBe(true);
    const bid = sim.control.engine.book(btc.id, 1).bid[0]!.p;
    expect((await trading.commands.place({ marketId: btc.id, kind: 'limit', side: 'long', size: 100, price: bid - 5_000, leverage: 500 }).outcome).ok).toBe(true);

    const frames = badFrames(secrets);
    const problems: string[] = [];
    const isTradingState = (b: Bad) => b.mt !== null && TRADING_STATE_MTS.has(b.mt);
    const isBook = (b: Bad) => b.mt !== null && BOOK_MTS.has(b.mt);

    // Phase 1, in bulk: frames that carry no state either session keeps must only be counted and skipped.
    const plain = frames.filter((b) => !isTradingState(b) && !isBook(b));
    await until(bothLive, 'both sessions live', 15_000);
    const t0 = trading.session.malformedFrames;
    const m0 = mdStats().malformedFrames;
    const e0 = trading.session.epoch;
    for (const bad of plain) expect(proxy.inject(bad.data)).toBe(2);
    await until(() => trading.session.malformedFrames - t0 >= plain.length && mdStats().malformedFrames - m0 >= plain.length, 'every plain bad frame counted', 10_000).catch(() => undefined);
    if (trading.session.malformedFrames - t0 !== plain.length) problems.push(`trading counted ${trading.session.malformedFrames - t0} of ${plain.length} plain bad frames`);
    if (mdStats().malformedFrames - m0 !== plain.length) problems.push(`market data counted ${mdStats().malformedFrames - m0} of ${plain.length} plain bad frames`);
    if (trading.session.epoch !== e0) problems.push('trading reconnected over frames that carry no state');

    // Phase 2, one at a time: a bad book frame resyncs market data; a bad account/order/position frame
    // resyncs trading (each costs a reconnect, so the short run takes a sample per message type).
    const sampled = new Set<number>();
    const stateful = frames.filter((b) => {
      if (!isTradingState(b) && !isBook(b)) return false;
      if (LONG) return true;
      // Short run: one per message type, truncated for odd mts and wrongly typed for even ones.
      const wanted = b.mt! % 2 === 1 ? b.label.endsWith(': truncated') : b.label.includes('wrongly typed');
      if (!wanted || sampled.has(b.mt!)) return false;
      sampled.add(b.mt!);
      return true;
    });
    for (const bad of stateful) {
      await until(bothLive, `both sessions live before "${bad.label}"`, 15_000);
      const tBefore = trading.session.malformedFrames;
      const tEpoch = trading.session.epoch;
      const m = mdStats();
      expect(proxy.inject(bad.data)).toBe(2);
      const counted = await until(() => trading.session.malformedFrames > tBefore && mdStats().malformedFrames > m.malformedFrames, `"${bad.label}" counted`, 15_000).catch(() => false);
      if (!counted) problems.push(`not counted by both sessions: ${bad.label}`);
      if (isTradingState(bad)) {
        const resynced = await until(() => trading.session.epoch > tEpoch, `a trading resync after "${bad.label}"`, 15_000).catch(() => false);
        if (!resynced) problems.push(`trading did not resync after: ${bad.label}`);
      }
      if (isBook(bad) && mdStats().resyncs <= m.resyncs) problems.push(`market data did not resync after: ${bad.label}`);
    }
    const resyncsExpected = stateful.length;
    console.log(`bad input: ${frames.length} bad frames injected into both sessions, ${resyncsExpected} state-bearing; ` +
      `trading malformed ${trading.session.malformedFrames}, reconnects ${trading.session.epoch - 1}; market data malformed ${mdStats().malformedFrames}, resyncs ${mdStats().resyncs}`);
    expect(problems).toEqual([]);
    expect(frames.length).toBeGreaterThan(100);

    // Logged, but never a secret (a hostile server may echo them back) and never a whole frame.
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) {
      for (const s of secrets) expect(line).not.toContain(s);
      expect(line.length).toBeLessThan(2_000);
    }

    // Healthy again: the trading state equals the ledger, the book equals the exchange's.
    sim.control.pauseFlow();
    await until(bothLive, 'both sessions live at the end', 15_000);
    const ledger = () => {
      const l = sim.control.engine.ledger(accountId);
      return { b: l.balance, o: l.orders.map((o) => `${o.oid}:${o.st}:${o.fs}`).sort(), p: l.positions.map((p) => `${p.pid}:${p.s}:${p.c}`).sort() };
    };
    const client = () => {
      const st = trading.session.state;
      return { b: st.account?.b, o: [...st.orders.values()].map((o) => `${o.oid}:${o.st}:${o.fs}`).sort(), p: [...st.positions.values()].map((p) => `${p.pid}:${p.s}:${p.c}`).sort() };
    };
    await until(() => JSON.stringify(ledger()) === JSON.stringify(client()), 'trading state equal to the ledger', 10_000).catch(() => undefined);
    expect(client()).toEqual(ledger());
    expect(client().o.length).toBe(1);
    expect(client().p.length).toBe(1);
    const ex = sim.control.engine.book(btc.id, 1);
    await until(() => md.snapshot(WANTS).book.asks[0]?.price === ex.ask[0]?.p && md.snapshot(WANTS).book.bids[0]?.price === ex.bid[0]?.p, 'the book to equal the exchange', 10_000);
    const book = md.snapshot(WANTS).book;
    expect(book.bids[0]!.price).toBeLessThan(book.asks[0]!.price);
    sim.control.resumeFlow();
  }, 240_000);
});
