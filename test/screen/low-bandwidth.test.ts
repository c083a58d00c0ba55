// The low-bandwidth profile on the real app, an emulated terminal and a real local exchange: it draws
// ASCII only when the terminal cannot show Unicode (locale not UTF-8, or TERM linux/vt100/dumb) and says LB
// in the status bar; SSH_TTY turns it on unless --no-low-bandwidth. A UTF-8 terminal over SSH keeps its boxes.

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import type { VirtualTerminal } from '../helpers/terminal.js';

const exchange = useScreenExchange('perpl-lb-', { blockMs: 100, seed: 9, flowStepsPerSec: 20 });
const ENV_NAMES = ['SSH_TTY', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TERM'] as const;
const envBefore = new Map(ENV_NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const [name, value] of envBefore) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The terminal's locale as the app reads it: LC_ALL and LC_CTYPE cleared so LANG decides. */
function useLocale(lang: string): void {
  delete process.env.LC_ALL;
  delete process.env.LC_CTYPE;
  process.env.LANG = lang;
  process.env.TERM = 'xterm-256color';
}

/** Box-drawing and the live dot: what a terminal without Unicode could not show. */
const UNICODE_FRAME = /[─│┌┐└┘●]/;

let homes = 0;
async function open(opts: { lowBandwidth?: boolean } = {}) {
  return exchange.open(160, 40, undefined, {
    home: join(exchange.home, `home-${homes++}`),
    ...(opts.lowBandwidth !== undefined ? { lowBandwidth: opts.lowBandwidth } : {}),
  });
}

/** The status bar's last words: `LB` is the badge, after READ-ONLY / the key expiry. */
function statusLine(vt: VirtualTerminal): string {
  return vt.lines()[0] ?? '';
}

describe('low-bandwidth profile on screen', () => {
  it('lb-ascii-and-badge: --low-bandwidth on a non-UTF-8 terminal draws only ASCII, with book, chart and tape, and shows LB', async () => {
    useLocale('C');
    const { vt, app } = await open({ lowBandwidth: true });
    const screen = await vt.waitFor((s) => s.includes('* live') && s.includes('spread ') && s.includes('Trades') && s.includes('Chart'), 15_000);
    expect(screen.match(/[^\x20-\x7e\n]/g) ?? []).toEqual([]);
    expect(statusLine(vt)).toMatch(/\bLB\b/);
    expect(app.store.getState().workspace.lowBandwidth).toBe(true);
    // The row-diff writer keeps the emulated screen whole while the book moves: still ASCII, still live.
    await vt.waitFor((s) => s !== screen && s.includes('* live'), 15_000);
    expect(vt.screenText().match(/[^\x20-\x7e\n]/g) ?? []).toEqual([]);
  });

  it('lb-auto-over-ssh: SSH_TTY turns the profile on without a flag', async () => {
    process.env.SSH_TTY = '/dev/pts/7';
    const { vt, app } = await open();
    // The live dot is '●' or '*' as the test machine's locale decides (lb-unicode-over-ssh pins both).
    await vt.waitFor((s) => /[●*] live/.test(s) && s.includes('spread '), 15_000);
    expect(statusLine(vt)).toMatch(/\bLB\b/);
    expect(app.store.getState().workspace.lowBandwidth).toBe(true);
  });

  it('lb-unicode-over-ssh: over SSH a UTF-8 terminal keeps its box-drawing; with LANG=C it becomes ASCII', async () => {
    process.env.SSH_TTY = '/dev/pts/7';
    useLocale('en_US.UTF-8');
    const utf8 = await open();
    const screen = await utf8.vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 15_000);
    expect(screen).toMatch(UNICODE_FRAME);
    expect(statusLine(utf8.vt)).toMatch(/\bLB\b/);
    expect(utf8.app.store.getState().workspace.lowBandwidth).toBe(true);
    await utf8.close();

    useLocale('C');
    const plain = await open();
    const ascii = await plain.vt.waitFor((s) => s.includes('* live') && s.includes('spread '), 15_000);
    expect(ascii.match(/[^\x20-\x7e\n]/g) ?? []).toEqual([]);
    expect(statusLine(plain.vt)).toMatch(/\bLB\b/);
  });

  it('lb-off-by-flag: --no-low-bandwidth over SSH keeps the full glyphs and no badge', async () => {
    process.env.SSH_TTY = '/dev/pts/7';
    const { vt, app } = await open({ lowBandwidth: false });
    await vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 15_000);
    expect(statusLine(vt)).not.toMatch(/\bLB\b/);
    expect(app.store.getState().workspace.lowBandwidth).toBe(false);
  });
});
