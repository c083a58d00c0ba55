// record-flag-records-the-session: the terminal started with `record` (`perpl --record FILE`) against the
// local exchange, trading with the demo key: once quit, the file holds the REST context and candles, the
// market-data feed and the trading socket (sign-in stripped, the order sent and its updates), never the
// key in any form, and `perpl replay` can build its timeline from it.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTimeline } from '../../src/replay/timeline.js';
import { startTui } from '../../src/app/tui.js';
import { readRecording, recordingSecrets, recordingText, STRIPPED, type FrameLine } from '../../src/transport/record/index.js';
import { createVirtualTerminal, eventually } from '../helpers/terminal.js';
import { type SimFixture, startFixture } from './helpers.js';

let f: SimFixture;
let savedCi: string | undefined;
beforeAll(async () => {
  // Ink writes nothing until unmount under CI=true (ARCHITECTURE.md).
  savedCi = process.env.CI;
  process.env.CI = 'false';
  f = await startFixture({ flow: 10 });
});
afterAll(async () => {
  if (savedCi === undefined) delete process.env.CI;
  else process.env.CI = savedCi;
  await f?.stop();
});

const mtOf = (l: FrameLine): number | undefined => (l.frame as { mt?: number }).mt;

it('the recording holds the session, the order sent, and no secret', async () => {
  const path = join(f.dir, 'session.ndjson');
  const vt = createVirtualTerminal(120, 40);
  const app = await startTui({
    local: { rest: f.sim.rest, ws: f.sim.ws, chainId: f.sim.chainId },
    home: f.dir,
    keyFile: f.sim.demoKeyFile,
    record: path,
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
  });
  try {
    const state = () => app.store.getState();
    await eventually(() => state().trading.account !== null && state().trading.lockReason === null, 15_000, 'orders unlocked');
    const marketId = state().market!.id;
    const price = f.sim.control.engine.book(marketId, 3).bid[2]!.p;
    const intents = app.services.trading!()!;
    const placed = await intents.place({ marketId, kind: 'limit', side: 'long', size: 10, price, leverage: 500 }).outcome;
    expect(placed.ok).toBe(true);
    await intents.cancelAll().outcome;
    await eventually(() => state().trading.orders.length === 0, 15_000, 'the order cancelled');
  } finally {
    await app.quit();
    vt.dispose();
  }

  expect(statSync(path).mode & 0o777).toBe(0o600);
  const text = recordingText(readFileSync(path));
  const demo = JSON.parse(readFileSync(f.sim.demoKeyFile, 'utf8')) as { api_key: string; private_key: string };
  for (const secret of recordingSecrets({ apiKey: demo.api_key, seed: Buffer.from(demo.private_key, 'hex') })) expect(text).not.toContain(secret);

  const recording = readRecording(path);
  expect(recording.header).toMatchObject({ network: 'local', chainId: f.sim.chainId });
  const frames = recording.lines.filter((l): l is FrameLine => 'dir' in l);
  const signIn = frames.find((l) => l.ch === 'trading' && l.dir === 'out' && mtOf(l) === 29);
  expect(signIn?.frame).toMatchObject({ api_key: STRIPPED, signature: STRIPPED, nonce: STRIPPED });
  // The order request went out on the trading socket, and the order's updates came back (mt 24).
  expect(frames.some((l) => l.ch === 'trading' && l.dir === 'out' && mtOf(l) === 22)).toBe(true);
  expect(frames.some((l) => l.ch === 'trading' && l.dir === 'in' && mtOf(l) === 24)).toBe(true);
  // REST: no X-API-* header survives with a value.
  for (const l of frames.filter((x) => x.ch === 'rest' && x.dir === 'out')) {
    const headers = (l.frame as { headers: Record<string, string> }).headers;
    for (const [k, v] of Object.entries(headers)) if (/^x-api-/i.test(k)) expect(v).toBe(STRIPPED);
  }

  const timeline = buildTimeline(recording);
  expect(timeline.entries.length).toBeGreaterThan(0);
  expect([...timeline.streams.keys()].some((s) => s.startsWith('order-book@'))).toBe(true);
  expect(timeline.candles.size).toBeGreaterThan(0);
}, 60_000);
