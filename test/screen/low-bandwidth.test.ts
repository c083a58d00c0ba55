// The low-bandwidth profile on the real app, an emulated terminal and a real local exchange: it draws
// ASCII only and says LB in the status bar; SSH_TTY turns it on unless --no-low-bandwidth.

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import type { VirtualTerminal } from '../helpers/terminal.js';

const exchange = useScreenExchange('perpl-lb-', { blockMs: 100, seed: 9, flowStepsPerSec: 20 });
const sshTtyBefore = process.env.SSH_TTY;

afterEach(() => {
  if (sshTtyBefore === undefined) delete process.env.SSH_TTY;
  else process.env.SSH_TTY = sshTtyBefore;
});

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
  it('lb-ascii-and-badge: --low-bandwidth draws only ASCII, with book, chart and tape, and shows LB', async () => {
    const { vt, app } = await open({ lowBandwidth: true });
    const screen = await vt.waitFor((s) => s.includes('* live') && s.includes('spread ') && s.includes('Trades') && s.includes('Chart'), 15_000);
    expect(screen.match(/[^\x20-\x7e\n]/g) ?? []).toEqual([]);
    expect(statusLine(vt)).toMatch(/\bLB\b/);
    expect(app.store.getState().live.lowBandwidth).toBe(true);
    // The row-diff writer keeps the emulated screen whole while the book moves: still ASCII, still live.
    await vt.waitFor((s) => s !== screen && s.includes('* live'), 15_000);
    expect(vt.screenText().match(/[^\x20-\x7e\n]/g) ?? []).toEqual([]);
  });

  it('lb-auto-over-ssh: SSH_TTY turns the profile on without a flag', async () => {
    process.env.SSH_TTY = '/dev/pts/7';
    const { vt, app } = await open();
    await vt.waitFor((s) => s.includes('* live') && s.includes('spread '), 15_000);
    expect(statusLine(vt)).toMatch(/\bLB\b/);
    expect(app.store.getState().live.lowBandwidth).toBe(true);
  });

  it('lb-off-by-flag: --no-low-bandwidth over SSH keeps the full glyphs and no badge', async () => {
    process.env.SSH_TTY = '/dev/pts/7';
    const { vt, app } = await open({ lowBandwidth: false });
    await vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 15_000);
    expect(statusLine(vt)).not.toMatch(/\bLB\b/);
    expect(app.store.getState().live.lowBandwidth).toBe(false);
  });
});
