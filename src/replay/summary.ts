// `perpl replay FILE --info`: what a recording holds, without opening the screen (bug reports, CI).

import type { Recording } from '../transport/record/index.js';
import type { Timeline } from './timeline.js';

export interface RecordingSummary {
  network: string;
  chainId: number;
  startedAt: string;
  /** ms from the first to the last line. */
  durationMs: number;
  /** Frames by channel and direction, e.g. "md in": 1200. */
  frames: Record<string, number>;
  /** Recorded market-data connections (reconnects + 1). */
  marketDataConnections: number;
  streams: string[];
  skippedLines: number;
}

export function summarize(rec: Recording, tl: Timeline): RecordingSummary {
  const frames: Record<string, number> = {};
  let last = 0;
  for (const line of rec.lines) {
    last = Math.max(last, line.t);
    if ('dir' in line) frames[`${line.ch} ${line.dir}`] = (frames[`${line.ch} ${line.dir}`] ?? 0) + 1;
  }
  return {
    network: rec.header.network,
    chainId: rec.header.chainId,
    startedAt: new Date(rec.header.startedAt).toISOString(),
    durationMs: last,
    frames,
    marketDataConnections: tl.epochStarts.length,
    streams: [...tl.streams.keys()].sort(),
    skippedLines: rec.skipped,
  };
}
