// The local exchange against what live was captured sending (wire.md 15; captures/README.md names each
// recording). Each test states a fact of a capture, checks that the capture holds it, and runs the local
// exchange the way the captured session ran (`--like testnet`, testnet ETH, an IOC open of 0.014 ETH at 2x,
// then 5 AUSD of margin added) to hold it to the same.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketLabel } from '../../src/domain/market-label.js';
import type { RunningSim, SimWallet } from '../../src/sim/index.js';
import { FrameClient, signedInTrading, type Frame } from '../sim/helpers.js';
import { startTestSim } from '../sim/sim-setup.js';

const CAPTURES = new URL('./captures/', import.meta.url);

/** The LAXU recording: both directions of the trading socket, in order. */
const laxu: { dir: 'in' | 'out'; frame: Frame }[] = readFileSync(new URL('laxu-testnet-2026-10-05.jsonl', CAPTURES), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { dir: 'in' | 'out'; frame: Frame });
const laxuIn = laxu.filter((e) => e.dir === 'in').map((e) => e.frame);
/** What the capture's client sent before the add-margin request (its t 6 is the second mt 22). */
const laxuTopUpAt = laxu.findIndex((e) => e.dir === 'out' && e.frame['t'] === 6);
const laxuAfterTopUp = laxu.slice(laxuTopUpAt + 1).filter((e) => e.dir === 'in').map((e) => e.frame);

interface ContextCapture {
  instances: Record<string, unknown>[];
  markets: { id: number; instance_id: number; config: { maker_fees: number[]; taker_fees: number[] } }[];
}
const contexts = JSON.parse(readFileSync(new URL('perpguard-context-2026-09-26.json', CAPTURES), 'utf8')) as Record<'mainnet' | 'testnet', ContextCapture>;

interface Row {
  [field: string]: unknown;
  at?: { b?: number; t?: number };
  c?: { b?: number; t?: number };
  ots?: { b?: number; t?: number };
}
const rows = (f: Frame): Row[] => (Array.isArray(f['d']) ? (f['d'] as Row[]) : []);
const DATA_FRAMES = new Set([21, 24, 25, 27, 28]);

/**
 * A block's account frames as the capture and the test compare them: each frame by what it says about the
 * request (the `lfr` step from `lfrBefore`, the account events' types, the order rows' t / st / sr / lv, the
 * position rows' sr), in the order sent.
 */
function blockShape(frames: Frame[], lfrBefore: number): string[] {
  return frames.map((f) => {
    switch (f.mt) {
      case 21: {
        const events = Array.isArray(f['h']) ? (f['h'] as { et: number }[]).map((e) => `et ${e.et}`) : ['no events'];
        return `21 lfr +${(f['lfr'] as number) - lfrBefore} ${events.join(',')}`;
      }
      case 24:
        return `24 ${rows(f).map((o) => `t ${String(o['t'])} st ${String(o['st'])} sr ${String(o['sr'])} lv ${String(o['lv'])}`).join(',')}`;
      case 27:
        return `27 ${rows(f).map((p) => `sr ${String(p['sr'])}`).join(',')}`;
      default:
        return String(f.mt);
    }
  });
}

/** The account frames after a request, by block (sn), oldest block first. */
function byBlock(frames: Frame[]): Map<number, Frame[]> {
  const blocks = new Map<number, Frame[]>();
  for (const f of frames) {
    if (!DATA_FRAMES.has(f.mt) || typeof f.sn !== 'number') continue;
    blocks.set(f.sn, [...(blocks.get(f.sn) ?? []), f]);
  }
  return blocks;
}

/** Every block timestamp a frame carries (`at`, `c`, `ots`, at any depth), with where it was. */
function blockTimes(value: unknown, path = '', out: { path: string; t: number }[] = []): { path: string; t: number }[] {
  if (Array.isArray(value)) value.forEach((v, i) => blockTimes(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const stamp = v as { t?: unknown };
      if ((k === 'at' || k === 'c' || k === 'ots') && typeof stamp === 'object' && stamp !== null && typeof stamp.t === 'number') {
        out.push({ path: `${path}.${k}`, t: stamp.t });
      }
      blockTimes(v, `${path}.${k}`, out);
    }
  }
  return out;
}

/** Order rows whose id does not encode their creation block, and position rows whose id does not encode their opening block. */
function idsNotEncodingTheirBlock(frames: Frame[]): string[] {
  const wrong: string[] = [];
  for (const f of frames) {
    for (const r of rows(f)) {
      if (f.mt === 24 && typeof r.c?.b === 'number' && Math.floor((r['oid'] as number) / 65536) !== r.c.b) wrong.push(`oid ${String(r['oid'])} made in ${r.c.b}`);
      if (f.mt === 27 && typeof r.ots?.b === 'number' && Math.floor((r['pid'] as number) / 65536) !== r.ots.b) wrong.push(`pid ${String(r['pid'])} opened in ${r.ots.b}`);
    }
  }
  return wrong;
}

/** Blocks with an mt 21 and no mt 28 beside it. */
function accountUpdatesWithoutStats(frames: Frame[]): number[] {
  const blocks = byBlock(frames);
  return [...blocks].filter(([, fs]) => fs.some((f) => f.mt === 21) && !fs.some((f) => f.mt === 28)).map(([sn]) => sn);
}

let testnet: RunningSim;
let mainnet: RunningSim;
let trader: { wallet: SimWallet; ws: FrameClient; md: FrameClient };
/** The local session, as the captured one: lfr before the top-up, and every frame after it was sent. */
let topUp: { rq: number; lfrBefore: number; from: number };

async function context(sim: RunningSim): Promise<ContextCapture> {
  return (await (await fetch(`${sim.rest}/v1/pub/context`)).json()) as ContextCapture;
}

beforeAll(async () => {
  [testnet, mainnet] = await Promise.all([
    startTestSim({ like: 'testnet', blockMs: 50, flowStepsPerSec: 20 }),
    startTestSim({ like: 'mainnet', blockMs: 100, flowStepsPerSec: 0 }),
  ]);
  const eth = testnet.control.engine.context(0, Date.now()).markets.find((m) => marketLabel(m) === 'ETH')!.id;
  const wallet = testnet.control.createWallet();
  const key = testnet.control.issueKey({ address: wallet.address, scopeMask: 3 });
  const ws = await signedInTrading(testnet.ws, testnet.chainId, key);
  const md = await FrameClient.open(`${testnet.ws}/ws/v1/market-data`);
  md.send({ mt: 5, subs: [`order-book@${eth}`, `trades@${eth}`, `candles@${eth}*60`, `market-state@${testnet.chainId}`, `heartbeat@${testnet.chainId}`].map((stream) => ({ stream, subscribe: true })) });
  trader = { wallet, ws, md };
  const acc = wallet.accountId;
  // As captured: an IOC open of 14 lots at 2x (rq 11 there), then 5 AUSD added to its position (rq 12).
  ws.send({ mt: 22, sn: 1, rq: 1, mkt: eth, acc, t: 1, p: 0, s: 14, fl: 4, ms: 100, lv: 200, lb: 0 });
  await ws.waitFor((f) => f.mt === 27 && rows(f).some((p) => p['sr'] === 21), 10_000);
  // A cancel of an order that does not exist: a request that changes no statistic.
  ws.send({ mt: 22, sn: 2, rq: 2, mkt: eth, acc, oid: 1, t: 5, s: 0, fl: 0, lv: 0, lb: 0 });
  await ws.waitFor((f) => f.mt === 24 && rows(f).some((o) => o['rq'] === 2), 10_000);
  topUp = { rq: 3, lfrBefore: 2, from: ws.frames.length };
  ws.send({ mt: 22, sn: 3, rq: 3, mkt: eth, acc, t: 6, p: 0, s: 0, a: '5000000', fl: 0, lv: 0, lb: 0 });
  await ws.waitFor((f) => f.mt === 24 && rows(f).some((o) => o['rq'] === 3), 10_000, topUp.from);
  await md.waitFor((f) => f.mt === 18, 10_000);
});
afterAll(async () => {
  trader?.ws.close();
  trader?.md.close();
  await Promise.all([testnet?.stop(), mainnet?.stop()]);
});

describe('the local exchange as live was captured', () => {
  it('add-margin-in-two-steps: the credit with lfr unchanged, then blocks later lfr + 1 and st 7 sr 32 (LAXU 10-05)', () => {
    const captured = [...byBlock(laxuAfterTopUp)];
    const capturedLfr = (laxuIn.find((f) => f.mt === 21)!['lfr'] as number);
    // The capture: two blocks, six apart.
    expect(captured.map(([, fs]) => blockShape(fs, capturedLfr))).toEqual([
      ['21 lfr +0 et 3', '28', '27 sr 6'],
      ['21 lfr +1 no events', '28', '24 t 6 st 7 sr 32 lv 0'],
    ]);
    const local = [...byBlock(trader.ws.frames.slice(topUp.from))];
    expect(local.map(([, fs]) => blockShape(fs, topUp.lfrBefore))).toEqual(captured.map(([, fs]) => blockShape(fs, capturedLfr)));
    expect(local[1]![0] - local[0]![0]).toBe(captured[1]![0] - captured[0]![0]);
  });

  it('collateral-report-lv-0: the add-margin request is reported with leverage 0, as it was sent (LAXU 10-05)', () => {
    const reportOf = (frames: Frame[]) => frames.filter((f) => f.mt === 24).flatMap(rows).find((o) => o['t'] === 6)!;
    expect(reportOf(laxuIn)).toMatchObject({ lv: 0, os: 0, r: true });
    expect(reportOf(trader.ws.frames)).toMatchObject({ rq: topUp.rq, lv: 0, os: 0, r: true });
  });

  it('mt-28-with-every-mt-21: every account update comes with the account stats of its block, changed or not (LAXU 10-05)', () => {
    expect(accountUpdatesWithoutStats(laxuIn)).toEqual([]);
    const updates = trader.ws.frames.filter((f) => f.mt === 21);
    // The open, the cancel of nothing, the credit and the report: four blocks with an mt 21.
    expect(updates.length).toBeGreaterThanOrEqual(4);
    expect(accountUpdatesWithoutStats(trader.ws.frames)).toEqual([]);
  });

  it('ids-encode-their-block: oid >> 16 is the block the order was made in, pid >> 16 the block the position opened in (LAXU 10-05)', () => {
    expect(idsNotEncodingTheirBlock(laxuIn)).toEqual([]);
    expect(idsNotEncodingTheirBlock(trader.ws.frames)).toEqual([]);
    // The open's order and position, the cancel and the top-up's report: rows that name their block.
    const orders = trader.ws.frames.filter((f) => f.mt === 24).flatMap(rows).filter((o) => typeof o.c?.b === 'number');
    const positions = trader.ws.frames.filter((f) => f.mt === 27).flatMap(rows).filter((p) => typeof p.ots?.b === 'number');
    expect(orders.length).toBeGreaterThanOrEqual(3);
    expect(positions.length).toBeGreaterThanOrEqual(1);
  });

  it('whole-second-block-times: every at.t, c.t and ots.t is a whole second, on both sockets and over REST (LAXU 10-05)', async () => {
    const captured = laxuIn.flatMap((f) => blockTimes(f));
    expect(captured.length).toBeGreaterThan(10);
    expect(captured.filter((s) => s.t % 1000 !== 0)).toEqual([]);
    const rest = [await context(testnet), await (await fetch(`${testnet.rest}/v1/market-data/ticker`)).json()];
    const local = [...trader.ws.frames, ...trader.md.frames, ...rest].flatMap((f) => blockTimes(f));
    expect(local.length).toBeGreaterThan(50);
    expect(local.filter((s) => s.t % 1000 !== 0)).toEqual([]);
  });

  it('eight-fee-tiers: maker_fees and taker_fees list live\'s eight tiers on both networks (PerpGuard contexts 2026-09-26)', async () => {
    for (const [net, sim] of [['mainnet', mainnet], ['testnet', testnet]] as const) {
      const tiers = contexts[net].markets[0]!.config;
      expect(tiers.maker_fees).toHaveLength(8);
      for (const m of contexts[net].markets) expect(m.config).toMatchObject(tiers);
      for (const m of (await context(sim)).markets) {
        expect(m.config.maker_fees).toEqual(tiers.maker_fees);
        expect(m.config.taker_fees).toEqual(tiers.taker_fees);
      }
    }
  });

  it('instance-as-listed: --like testnet lists instance 12 with testnet\'s minimums and no equity cap, mainnet instance 1 with its own (PerpGuard contexts 2026-09-26)', async () => {
    const listed = ({ ver: _ver, address: _address, ...rest }: Record<string, unknown>) => rest;
    for (const [net, sim] of [['mainnet', mainnet], ['testnet', testnet]] as const) {
      const captured = listed(contexts[net].instances[0]!);
      const local = await context(sim);
      expect(local.instances.map(listed)).toEqual([captured]);
      expect(new Set(local.markets.map((m) => m.instance_id))).toEqual(new Set([captured['id']]));
    }
    // The account is of that instance too, in the wallet snapshot's accounts and stats.
    const snapshot = trader.ws.frames.find((f) => f.mt === 19)!;
    expect([...(snapshot['as'] as { in: number }[]), ...(snapshot['sts'] as { in: number }[])].map((a) => a.in)).toEqual([12, 12]);
  });
});
