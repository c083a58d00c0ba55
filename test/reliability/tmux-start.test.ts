// Keys typed while the app starts, in a real terminal. tmux keeps the cursor where the main screen had it when
// the app switches to the alternate screen (xterm.js, the pty tests' terminal, does not), and Ink writes the
// first frame from the cursor: four keys echoed while node started drew the header four columns to the right,
// its end cut, the stale cells left beside the row-diffed frames after it. The BUILT app in a private tmux
// server, on its in-process exchange, at 80x24 and 200x50.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireTool } from '../helpers/ci.js';
import { buildApp } from './built-app.js';
import { hasTmux, tmuxServer } from './tmux-server.js';

describe('keys typed while the app starts, in tmux', () => {
  it('cursor-moved-before-start-never-shifts-the-first-frame: the header starts at the left edge however the typed keys left the cursor (80x24, 200x50)', async (ctx) => {
    requireTool(ctx, 'tmux', hasTmux);
    const app = buildApp('tmux-start');
    const home = mkdtempSync(join(tmpdir(), 'perpl-tmux-start-'));
    const socket = join(home, 'tmux.sock');
    const t = tmuxServer(socket);
    try {
      for (const [cols, rows] of [
        [80, 24],
        [200, 50],
      ] as const) {
        // `?mar` on the main screen first, as the terminal echoes keys typed while node starts; the same keys
        // typed again as it starts (read once the screen reads keys: the help, filtered by "mar").
        t.startApp(app.entry, home, cols, rows, "printf '?mar'; ");
        t.burst('?mar');
        await t.until((s) => s.includes('trading ● live') && s.includes('? mar▏'), `${cols}x${rows}: the live screen, trading, with the help filtered by "mar"`, 30_000);
        const header = t.screen().split('\n')[0] ?? '';
        expect(header, `${cols}x${rows}: the header row`).toMatch(/^ LOCAL sim /);
        expect(header.trimEnd(), `${cols}x${rows}: the header's end`).toMatch(/rtt \d+ms$/);
        t.tmux('kill-session', '-t', 'app');
      }
    } finally {
      t.stop();
      app.dispose();
      rmSync(home, { recursive: true, force: true });
    }
  }, 90_000);
});
