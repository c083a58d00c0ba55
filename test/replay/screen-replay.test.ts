// replay-shows-the-live-screen: the real app, live against the local exchange, and the real app again
// through `perpl replay` of a recording of that feed, in an emulated 200x50 terminal: once the market
// is frozen and the replay has reached its end, the book pane shows the same rows.

import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReplay } from '../../src/app/run-replay.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { createVirtualTerminal } from '../helpers/terminal.js';
import { runAppInTerminal } from '../helpers/terminal-app.js';
import { type SimFixture, recordMarketData, startFixture, until } from './helpers.js';

const BOOK_WIDTH = 40;
const ROWS_EACH_SIDE = 6;

let f: SimFixture;
let savedCi: string | undefined;
beforeAll(async () => {
  // Ink writes nothing until unmount under CI=true (ARCHITECTURE.md).
  savedCi = process.env.CI;
  process.env.CI = 'false';
  f = await startFixture();
});
afterAll(async () => {
  if (savedCi === undefined) delete process.env.CI;
  else process.env.CI = savedCi;
  await f?.stop();
});

/** The book pane's rows around the spread line. */
function bookRows(lines: string[]): string[] {
  const i = lines.findIndex((l) => l.slice(0, BOOK_WIDTH).includes('spread '));
  if (i < 0) return [];
  return lines.slice(Math.max(0, i - ROWS_EACH_SIDE), i + ROWS_EACH_SIDE + 1).map((l) => l.slice(0, BOOK_WIDTH));
}

it('the replayed screen shows the same book rows as the live run', async () => {
  const marketId = f.context.markets[0]!.id;
  const path = join(f.dir, 'screen.ndjson');
  const recorded = recordMarketData(f, marketId, path);
  let stopping: Promise<void> | null = null;
  const stopRecording = (): Promise<void> => (stopping ??= recorded.stop());
  const liveApp = await runAppInTerminal({ rest: f.sim.rest, ws: f.sim.ws, chainId: f.sim.chainId }, 200, 50);
  let liveRows: string[];
  try {
    await liveApp.vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 10_000);
    f.sim.control.pauseFlow();
    // Frozen book (blocks go on, so the app keeps publishing and painting): wait until the live screen
    // shows the exchange's best bid and ask around the spread line.
    const market = f.context.markets[0]!;
    const book = f.sim.control.engine.book(marketId, 1);
    const bestBid = formatScaledGrouped(book.bid[0]?.p ?? 0, market.config.price_decimals);
    const bestAsk = formatScaledGrouped(book.ask[0]?.p ?? 0, market.config.price_decimals);
    await until(() => {
      const rows = bookRows(liveApp.vt.lines());
      return rows[ROWS_EACH_SIDE - 1]?.includes(bestAsk) && rows[ROWS_EACH_SIDE + 1]?.includes(bestBid);
    }, 'the live screen to show the frozen book');
    liveRows = bookRows(liveApp.vt.lines());
    // The recording ends with what the live screen showed: resting flow orders still expire while the flow is
    // paused, and one that left a deeper level while the live app closed (a second under CI's load) was
    // recorded, and the replay ended on a book the live screen never showed.
    await stopRecording();
  } finally {
    await stopRecording();
    await liveApp.close();
    f.sim.control.resumeFlow();
  }
  expect(liveRows.join('\n')).toMatch(/\d/);

  const vt = createVirtualTerminal(200, 50);
  const replay = await startReplay({
    file: path,
    speed: 20,
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
  });
  try {
    await until(() => replay.server.clock.ended, 'the replay to end', 15_000);
    await vt.waitFor((s) => JSON.stringify(bookRows(s.split('\n'))) === JSON.stringify(liveRows), 15_000).catch(() => {});
    expect(bookRows(vt.lines())).toEqual(liveRows);
    expect(vt.screenText()).toContain('REPLAY'); // the network badge: never the live exchange's
    // Space (taken by the replay, not the UI) pauses.
    vt.press(' ');
    await until(() => replay.server.clock.paused, 'space to pause the replay');
  } finally {
    await replay.tui.quit();
    await replay.done;
    vt.dispose();
  }
}, 40_000);
