// Issue 28's paste attack in a real terminal: the BUILT app in a private tmux server (its in-process local
// exchange, a long position opened with `:buy 0.01 mkt`), then what a trader's clipboard and a fast burst
// send: `note ESC ]!!y` pasted with `tmux paste-buffer -p` (bracketed, since the app asks for it) into the
// `:` line and at the top level, `!!y` in one write, and `note ESC ]!!y` typed into the `:` line in one
// write, at 200x50, 80x24 and 20x6. Before the fix the paste closed the line, asked to panic and answered
// it: the account was flattened. Read back with `tmux capture-pane`; each step waits for what the screen
// must show, and a question left unanswered is proven by the Esc that cancels it ("cancelled").

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireTool } from '../helpers/ci.js';
import { buildApp } from './built-app.js';
import { hasTmux, tmuxServer, type TmuxServer } from './tmux-server.js';

const ATTACK = 'note\u001b]!!y';

const noPanicAsked = (s: string) => !s.includes('PANIC');

/** The `:` line at the foot of the screen, holding `text` (the cursor after it). */
const commandLineHolds = (s: string, text: string) => s.split('\n').some((l) => l.startsWith(`:${text}█`));

/** `!!y` in one write: panic is asked, the y never answers it; the Esc after it cancels the question still open. */
async function burstAsksAndStops(t: TmuxServer, size: string): Promise<void> {
  t.burst('!!y');
  await t.until((s) => s.includes('PANIC'), `${size}: !!y in one write asks to panic`);
  t.key('Escape');
  await t.until((s) => noPanicAsked(s) && s.includes('cancelled'), `${size}: the Esc after !!y cancels the question the y left open`);
}

/** At a size with the layout: the `:` line takes the paste whole, the top level ignores it, a typed burst stops at ESC. */
async function pastesAreText(t: TmuxServer, size: string): Promise<void> {
  t.key(':');
  await t.until((s) => commandLineHolds(s, ''), `${size}: the : line open`);
  t.paste(ATTACK);
  await t.until((s) => commandLineHolds(s, 'note]!!y'), `${size}: the paste in the : line as text (ESC removed)`);
  expect(noPanicAsked(t.screen()), `${size}: nothing asked by the pasted !!y`).toBe(true);
  t.key('Escape');
  await t.until((s) => !commandLineHolds(s, 'note]!!y'), `${size}: Esc closes the : line the paste left open`);

  t.paste(ATTACK);
  await t.until((s) => s.includes('paste ignored: no line has focus'), `${size}: a paste at the top level ignored with a notice`);
  expect(noPanicAsked(t.screen()), `${size}: nothing asked by the top-level paste`).toBe(true);

  await burstAsksAndStops(t, size);

  // Unbracketed, as typed or pasted by a terminal without bracketed paste: ESC ] starts a terminal string
  // that takes the rest of the write, so the line keeps "note" and nothing else runs.
  t.key(':');
  await t.until((s) => commandLineHolds(s, ''), `${size}: the : line open again`);
  t.burst(ATTACK);
  await t.until((s) => commandLineHolds(s, 'note'), `${size}: the burst's text before ESC in the : line`);
  expect(noPanicAsked(t.screen()), `${size}: nothing asked by the burst`).toBe(true);
  t.key('Escape');
  await t.until((s) => !commandLineHolds(s, 'note'), `${size}: Esc closes the : line`);
}

const positionRow = (s: string) => /▲ LONG\s+BTC\s+0\.01000/.test(s);

describe('paste in tmux', () => {
  it('tmux-paste-never-flattens: note ESC ]!!y pasted and !!y in one write at 200x50, 80x24 and 20x6 answer no question; the long stays open', async (ctx) => {
    requireTool(ctx, 'tmux', hasTmux);
    const app = buildApp('tmux-paste');
    const home = mkdtempSync(join(tmpdir(), 'perpl-tmux-paste-'));
    const socket = join(home, 'tmux.sock');
    const t = tmuxServer(socket);
    try {
      t.startApp(app.entry, home, 200, 50);
      await t.until((s) => s.includes('trading ● live') && s.includes('Account #'), 'the app live with its account', 30_000);

      t.key(':');
      await t.until((s) => commandLineHolds(s, ''), 'the : line open');
      t.burst('buy 0.01 mkt');
      await t.until((s) => commandLineHolds(s, 'buy 0.01 mkt'), ':buy typed');
      t.key('Enter');
      await t.until((s) => s.includes('y send'), 'the review of the buy');
      t.key('y');
      await t.until(positionRow, 'the long on the Positions tab', 20_000);

      await pastesAreText(t, '200x50');
      t.resize(80, 24);
      // The narrow layout: no Account pane, the account in the border under the tabs.
      await t.until((s) => s.includes('└─ eq ') && positionRow(s), '80x24 with the long');
      await pastesAreText(t, '80x24');

      t.resize(20, 6);
      await t.until((s) => s.includes('too small: 20x6'), 'the too-small screen at 20x6');
      t.key(':');
      await t.until(() => t.words().includes(': nothing acts'), '20x6: : opens no line');
      t.paste(ATTACK);
      await t.until(() => t.words().includes('paste ignored: no line has focus'), '20x6: the paste ignored with a notice');
      await burstAsksAndStops(t, '20x6');

      t.resize(200, 50);
      await t.until(positionRow, 'back at 200x50, the long still open');
      expect(t.screen()).not.toContain('no open positions');
      expect(t.screen()).not.toContain('[exited');
    } finally {
      t.stop();
      app.dispose();
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
