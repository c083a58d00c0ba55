// A second, independent implementation (Python stdlib, raw-socket WebSocket) rebuilds the order book
// from the snapshot and deltas; it must equal the exchange's own book once the exchange is paused.

import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../src/sim/index.js';
import { startTestSim } from './sim-setup.js';
import { requireTool } from '../helpers/ci.js';
import { watchChild } from '../helpers/watched-child.js';

const hasPython = spawnSync('python3', ['--version']).status === 0;
const SCRIPT = join(import.meta.dirname, 'independent_client.py');

let sim: RunningSim;

beforeAll(async () => {
  sim = await startTestSim({ blockMs: 50, flowStepsPerSec: 200 });
});
afterAll(() => sim.stop());

describe('independent client', () => {
  it('python-rebuilt-book-equals-exchange: snapshot + 300 deltas give the exchange\'s exact book', async (ctx) => {
    requireTool(ctx, 'python3', hasPython);
    const child = spawn('python3', [SCRIPT, sim.rest, sim.ws, '300'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const watched = watchChild(child);
    await watched.untilOut((out) => out.includes('SYNCED\n'), 'syncing');
    sim.control.pauseFlow();
    sim.control.pauseBlocks();
    child.stdin.write('go\n');
    expect(await watched.exited, watched.err).toBe(0);
    const result = JSON.parse(watched.out.split('\n').find((l) => l.startsWith('{'))!) as {
      market: number;
      applied: number;
      rebuilt: { bid: unknown[]; ask: unknown[] };
      rest: { bid: unknown[]; ask: unknown[] };
    };
    expect(result.applied).toBeGreaterThanOrEqual(300);
    const own = sim.control.engine.book(result.market, 100);
    expect(result.rebuilt.bid.length).toBeGreaterThan(0);
    expect(result.rebuilt).toEqual({ bid: own.bid, ask: own.ask });
    expect(result.rest).toEqual({ bid: own.bid, ask: own.ask });
    sim.control.resumeFlow();
    sim.control.resumeBlocks();
  });
});
