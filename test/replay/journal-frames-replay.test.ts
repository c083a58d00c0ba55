// replay-journal-shows-the-live-frames: the real app, trading on the local exchange and recording itself
// (`--record`), sends a limit buy that rests; Enter on its Journal line shows the raw frames behind it (the
// mt 22 sent, the mt 3 ack, the mt 24 rows). `perpl replay` of that file, played to the end, must show the
// same frames on Enter on the same Journal line, at 200x50 (the page as live drew it, row for row) and at
// 80x24 (the page's lines, scrolled through) — not the Journal's words alone with no frame behind them.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplay } from '../../src/app/run-replay.js';
import type { DetailSubject } from '../../src/state/detail-overlay.js';
import type { TerminalState } from '../../src/state/store.js';
import { detailLines } from '../../src/ui/detail/detail-lines.js';
import { selectedJournalEntry } from '../../src/ui/journal/rows.js';
import { createVirtualTerminal, eventually, KEYS, type VirtualTerminal } from '../helpers/terminal.js';
import { runAppInTerminal } from '../helpers/terminal-app.js';
import { waitFor } from '../helpers/wait.js';
import { type SimFixture, startFixture, until } from './helpers.js';

const UI_MS = 15_000;
const TEST_MS = 90_000;

/** The detail page's box (the rows from its title to its bottom border), as drawn. */
function pageRows(vt: VirtualTerminal): string[] {
  const lines = vt.lines();
  const top = lines.findIndex((l) => l.includes('(raw frames)'));
  if (top < 0) return [];
  const left = lines[top]!.lastIndexOf('┌', lines[top]!.indexOf('(raw frames)'));
  const right = lines[top]!.indexOf('┐', left);
  const bottom = lines.findIndex((l, i) => i > top && l[left] === '└');
  return lines.slice(top, bottom + 1).map((l) => l.slice(left, right + 1));
}

/** The frame lines of a page (sent / received, then their continuations), as the store builds them at `width`. */
function frameLines(state: TerminalState, requestKey: string, width: number): string[] {
  const subject: DetailSubject = { kind: 'journal', requestKey };
  return detailLines(subject, state, width);
}

/** J, the Journal line of `requestKey` selected (the newest lines are on top), Enter: the page of its frames. */
async function openFramesOf(vt: VirtualTerminal, state: () => TerminalState, requestKey: string): Promise<void> {
  vt.press('4');
  vt.press('J');
  await eventually(() => state().tabs.tab === 'journal', UI_MS, 'the Journal tab');
  await eventually(() => state().trading.journal.some((e) => e.requestKey === requestKey), UI_MS, 'the request in the Journal');
  // Down (j) to a line of the request: the newest lines come first and the cursor starts on the top one.
  for (let i = 0; i < 50 && selectedJournalEntry(state())?.requestKey !== requestKey; i++) {
    const before = state().tabs.selected.journal;
    vt.press('j');
    await eventually(() => state().tabs.selected.journal !== before, UI_MS, 'the cursor to move');
  }
  expect(selectedJournalEntry(state())?.requestKey).toBe(requestKey);
  vt.press(KEYS.enter);
  await eventually(() => {
    const detail = state().workspace.detail;
    return detail?.subject.kind === 'journal' && detail.subject.requestKey === requestKey;
  }, UI_MS, 'the detail page of the request');
  await vt.waitFor('(raw frames)', UI_MS);
}

let f: SimFixture;
let savedCi: string | undefined;
let recordingPath: string;
let requestKey: string;
/** What the live app showed on Enter at 200x50: the page as drawn, and its lines as built at 80x24's width. */
let livePage: string[];
let liveLines: (width: number) => string[];

beforeAll(async () => {
  // Ink writes nothing until unmount under CI=true (ARCHITECTURE.md).
  savedCi = process.env.CI;
  process.env.CI = 'false';
  f = await startFixture({ flow: 10 });
  recordingPath = join(f.dir, 'journal-frames.ndjson');
  const app = await runAppInTerminal({ rest: f.sim.rest, ws: f.sim.ws, chainId: f.sim.chainId }, 200, 50, undefined, {
    keyFile: f.sim.demoKeyFile,
    home: f.dir,
    record: recordingPath,
  });
  try {
    const state = () => app.app.store.getState();
    await eventually(() => state().trading.account !== null && state().trading.lockReason === null, UI_MS, 'orders unlocked');
    await app.vt.waitFor('spread ', UI_MS);
    const market = state().market!;
    // A bid resting deep in the book: its request gets an ack and an order row (mt 24), and nothing fills it.
    const price = f.sim.control.engine.book(market.id, 10).bid.at(-1)!.p;
    const intents = app.app.services.trading!()!;
    expect((await intents.place({ marketId: market.id, kind: 'limit', side: 'long', size: 10, price, leverage: 500 }).outcome).ok).toBe(true);
    // The store follows the engine at the publisher's pace (up to a frame behind the outcome): wait for the line.
    const request = await waitFor(() => state().trading.journal.find((e) => e.kind === 'request'), 'the request in the Journal', UI_MS);
    requestKey = request.requestKey;
    const ofRequest = () => state().trading.journal.filter((e) => e.requestKey === requestKey);
    await eventually(() => ofRequest().some((e) => e.kind === 'update' && e.raw !== undefined), UI_MS, 'the order row of the request');
    await openFramesOf(app.vt, state, requestKey);
    livePage = pageRows(app.vt);
    const live = state();
    liveLines = (width) => frameLines(live, requestKey, width);
  } finally {
    await app.close();
  }
}, TEST_MS);

afterAll(async () => {
  if (savedCi === undefined) delete process.env.CI;
  else process.env.CI = savedCi;
  await f?.stop();
});

describe('a replay keeps the raw frames behind the Journal', () => {
  it('the live page showed the frames (what the replay must show)', () => {
    const text = livePage.join('\n');
    expect(text).toMatch(/sent \{.{0,80}"mt":22[,}]/);
    expect(text).toMatch(/received \{.{0,80}"mt":3[,}]/);
    expect(text).toMatch(/received \{"at":\{/);
  });

  it.each([
    [200, 50],
    [80, 24],
  ])('replay-journal-shows-the-live-frames at %ix%i: Enter on the Journal line shows the frames the live run showed', async (cols, rows) => {
    const vt = createVirtualTerminal(cols, rows);
    const r = await startReplay({ file: recordingPath, speed: 10, stdout: vt.stdout as unknown as NodeJS.WriteStream, stdin: vt.stdin as unknown as NodeJS.ReadStream });
    try {
      const state = () => r.tui.store.getState();
      await vt.waitFor('spread ', UI_MS);
      await until(() => r.server.clock.ended, 'the replay to end', 30_000);
      await openFramesOf(vt, state, requestKey);
      // Every frame of the request, as the live Journal kept it (the page at this width is built from them).
      const inner = cols - 2;
      await eventually(() => JSON.stringify(frameLines(state(), requestKey, inner)) === JSON.stringify(liveLines(inner)), UI_MS, 'the frames of the live run');
      expect(frameLines(state(), requestKey, inner)).toEqual(liveLines(inner));
      if (cols === 200) {
        // The page as the live run drew it, row for row.
        await vt.waitFor(() => JSON.stringify(pageRows(vt)) === JSON.stringify(livePage), UI_MS);
        expect(pageRows(vt)).toEqual(livePage);
      } else {
        // Narrow: the request's frame is on the page, cut to its width.
        await vt.waitFor(/sent \{.{0,60}"mt":22/, UI_MS);
      }
    } finally {
      await r.tui.quit();
      await r.done;
      vt.dispose();
    }
  }, TEST_MS);
});
