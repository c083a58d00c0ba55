// Shared pieces of the record/replay tests: a local exchange on port 0, temp dirs, polling.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeContext } from '../../src/protocol/decode/index.js';
import type { Context } from '../../src/protocol/frames.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { chainStreams, marketStreams } from '../../src/client/market-data/streams.js';
import { FrameRecorder } from '../../src/transport/record/index.js';
import { ReconnectingSocket } from '../../src/transport/ws/index.js';

export interface SimFixture {
  sim: RunningSim;
  dir: string;
  context: Context;
  contextJson: unknown;
  stop(): Promise<void>;
}

export async function startFixture(opts: { flow?: number } = {}): Promise<SimFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'perpl-replay-'));
  const sim = await startSim({ like: 'classic', port: 0, seed: 11, blockMs: 50, flowStepsPerSec: opts.flow ?? 40, home: dir, quiet: true });
  const contextJson: unknown = await (await fetch(`${sim.rest}/v1/pub/context`)).json();
  return {
    sim,
    dir,
    context: decodeContext(contextJson),
    contextJson,
    stop: async () => {
      await sim.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Records the market-data frames of `marketId` (and the chain streams) to `path`: what a
 * MarketDataSession sends, through the same ReconnectingSocket + tap. Started; `stop` closes the file.
 */
export function recordMarketData(f: SimFixture, marketId: number, path: string): { headBlock(): number | null; stop(): Promise<void> } {
  const recorder = new FrameRecorder({ path, network: 'local', chainId: f.sim.chainId, context: f.contextJson });
  const streams = [...chainStreams(f.sim.chainId), ...marketStreams(marketId, 60)];
  let head: number | null = null;
  const socket = new ReconnectingSocket({
    url: `${f.sim.ws}/ws/v1/market-data`,
    tap: recorder.tap('md'),
    onOpen: (conn) => conn.send(JSON.stringify({ mt: 5, subs: streams.map((stream) => ({ stream, subscribe: true })) })),
    onFrame: (text) => {
      const beat = /^\{"mt":100,.*"h":(\d+)/.exec(text);
      if (beat) head = Number(beat[1]);
    },
  });
  socket.start();
  return {
    /** The head block of the last heartbeat recorded: every frame before it is in the file. */
    headBlock: () => head,
    async stop() {
      socket.stop();
      await recorder.close();
    },
  };
}

/** Polling, as the trading tests poll. */
export { until } from '../trading/harness.js';

export { sleep } from '../helpers/wait.js';
