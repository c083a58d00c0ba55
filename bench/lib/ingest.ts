// ingest: the cost of one market-data message without any UI. Real frames are recorded from the local
// exchange first (a plain socket subscribed to what the session subscribes to), then replayed:
//   floor:     JSON.parse of each text;
//   optimized: decodeInbound + MarketFeed.apply (what the session does per message);
//   baseline:  the same plus a per-message publish: the visible views built and written to the store.

import WebSocket from 'ws';
import { MarketFeed } from '../../src/client/market-data/feed.js';
import { chainStreams, marketStreams } from '../../src/client/market-data/streams.js';
import { decodeInbound } from '../../src/protocol/decode/index.js';
import { createTerminalStore } from '../../src/state/store.js';
import type { Figures } from './probe-types.js';
import { median, round } from './stats.js';

const RESOLUTION = 60;
const noop = (): void => undefined;

export async function recordFrames(wsBase: string, chainId: number, marketId: number, count: number, maxMs: number): Promise<string[]> {
  const ws = new WebSocket(`${wsBase}/ws/v1/market-data`, { perMessageDeflate: false });
  const texts: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.terminate();
      resolve();
    }, maxMs);
    ws.on('open', () => {
      const subs = [...chainStreams(chainId), ...marketStreams(marketId, RESOLUTION)].map((stream) => ({ stream, subscribe: true }));
      ws.send(JSON.stringify({ mt: 5, subs }));
    });
    ws.on('message', (data: Buffer) => {
      texts.push(data.toString('utf8'));
      if (texts.length >= count) {
        clearTimeout(timer);
        ws.terminate();
        resolve();
      }
    });
    ws.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
  return texts;
}

type Pass = (texts: readonly string[]) => void;

function floorPass(texts: readonly string[]): void {
  let sink = 0;
  for (const t of texts) sink += (JSON.parse(t) as { mt: number }).mt;
  if (sink < 0) throw new Error('unreachable');
}

function decodePass(chainId: number, marketId: number, publish: boolean): Pass {
  return (texts) => {
    const feed = new MarketFeed(marketId, RESOLUTION);
    for (const s of [...chainStreams(chainId), ...marketStreams(marketId, RESOLUTION)]) feed.routes.want(s);
    const store = createTerminalStore();
    let broken = 0;
    for (const t of texts) {
      const frame = decodeInbound(t);
      if (feed.apply(frame, Date.now(), noop) !== null) broken += 1;
      if (publish) {
        const m = feed.models;
        store.setState({ book: m.book.view(20), trades: m.trades.view(40), candles: m.candles.view(120), dataVersion: feed.changes });
      }
    }
    if (broken > 0) throw new Error(`replay broke the feed ${broken} times`);
  };
}

/** µs per message of one pass. */
function timeOnce(pass: Pass, texts: readonly string[]): number {
  const t0 = performance.now();
  pass(texts);
  return ((performance.now() - t0) * 1000) / texts.length;
}

/**
 * The floor and each pipeline timed in turn within every rep (after one warm-up pass each), so a ratio
 * compares passes run in the same machine state: on a shared, loaded machine the floor alone moves 2x
 * between runs. The ratio is the median of the per-rep ratios; the times are medians of their own.
 */
export function measureIngest(texts: readonly string[], chainId: number, marketId: number, reps: number): { optimized: Figures; baseline: Figures } {
  const passes = { floor: floorPass, optimized: decodePass(chainId, marketId, false), baseline: decodePass(chainId, marketId, true) };
  for (const pass of Object.values(passes)) pass(texts);
  const runs = { floor: [] as number[], optimized: [] as number[], baseline: [] as number[] };
  const ratios = { optimized: [] as number[], baseline: [] as number[] };
  for (let i = 0; i < reps; i++) {
    const floor = timeOnce(passes.floor, texts);
    runs.floor.push(floor);
    for (const mode of ['optimized', 'baseline'] as const) {
      const us = timeOnce(passes[mode], texts);
      runs[mode].push(us);
      ratios[mode].push(us / floor);
    }
  }
  const floorUs = median(runs.floor);
  const figures = (mode: 'optimized' | 'baseline'): Figures => {
    const us = median(runs[mode]);
    return {
      us_per_msg: round(us, 2),
      msgs_per_s: Math.round(1e6 / us),
      floor_us_per_msg: round(floorUs, 2),
      floor_ratio: round(median(ratios[mode]), 2),
      messages: texts.length,
    };
  };
  return { optimized: figures('optimized'), baseline: figures('baseline') };
}
