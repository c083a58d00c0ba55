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

/** Median µs per message over `reps` passes (after one warm-up pass). */
function timePass(pass: Pass, texts: readonly string[], reps: number): number {
  pass(texts);
  const runs: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    pass(texts);
    runs.push(((performance.now() - t0) * 1000) / texts.length);
  }
  return median(runs);
}

export function measureIngest(texts: readonly string[], chainId: number, marketId: number, reps: number): { optimized: Figures; baseline: Figures } {
  const floorUs = timePass(floorPass, texts, reps);
  const figures = (us: number): Figures => ({
    us_per_msg: round(us, 2),
    msgs_per_s: Math.round(1e6 / us),
    floor_us_per_msg: round(floorUs, 2),
    floor_ratio: round(us / floorUs, 2),
    messages: texts.length,
  });
  return {
    optimized: figures(timePass(decodePass(chainId, marketId, false), texts, reps)),
    baseline: figures(timePass(decodePass(chainId, marketId, true), texts, reps)),
  };
}
