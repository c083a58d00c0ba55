// replay-never-says-live: `perpl replay` of a recording, in an emulated 80x24 and 200x50 terminal: the
// header's health badge says the replay plays ("▶ replay"), is paused ("‖ replay", space) or has ended,
// and never "● live", though the app's feed from the local replay server is live. Before, a replay
// looked exactly like the live exchange in the header.

import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReplay } from '../../src/app/run-replay.js';
import { createVirtualTerminal } from '../helpers/terminal.js';
import { type SimFixture, recordMarketData, sleep, startFixture, until } from './helpers.js';

let f: SimFixture;
let path: string;
let savedCi: string | undefined;
beforeAll(async () => {
  // Ink writes nothing until unmount under CI=true (ARCHITECTURE.md).
  savedCi = process.env.CI;
  process.env.CI = 'false';
  f = await startFixture();
  path = join(f.dir, 'never-live.ndjson');
  const recorded = recordMarketData(f, f.context.markets[0]!.id, path);
  await until(() => (recorded.headBlock() ?? 0) > 0, 'a heartbeat recorded');
  await sleep(1_500);
  await recorded.stop();
}, 30_000);
afterAll(async () => {
  if (savedCi === undefined) delete process.env.CI;
  else process.env.CI = savedCi;
  await f?.stop();
});

for (const [cols, rows] of [[200, 50], [80, 24]] as const) {
  it(`replay-never-says-live at ${cols}x${rows}: playing, paused and ended, the header says replay`, async () => {
    const vt = createVirtualTerminal(cols, rows);
    const replay = await startReplay({ file: path, speed: 1, stdout: vt.stdout as unknown as NodeJS.WriteStream, stdin: vt.stdin as unknown as NodeJS.ReadStream });
    const header = () => vt.lines().slice(0, 2).join('\n');
    try {
      // The feed from the replay server is live, the header says replay.
      await until(() => replay.tui.store.getState().connection.health === 'live', 'the replay feed live', 15_000);
      await vt.waitFor(() => header().includes('▶ replay'), 15_000);
      expect(vt.screenText()).not.toContain('● live');
      vt.press(' ');
      await until(() => replay.server.clock.paused, 'space to pause the replay');
      await vt.waitFor(() => header().includes('‖ replay'), 10_000);
      expect(vt.screenText()).not.toContain('● live');
      vt.press(' ');
      await until(() => replay.server.clock.ended, 'the replay to end', 15_000);
      await vt.waitFor(() => header().includes('■ replay end'), 10_000);
      expect(vt.screenText()).not.toContain('live');
    } finally {
      await replay.tui.quit();
      await replay.done;
      vt.dispose();
    }
  }, 60_000);
}
