// The account at 80x24 (one line in the trading strip's bottom border) and without a key, and the header's
// funding rate from the exchange's funding snapshot on subscribing, before the first block, in the real app
// against the local exchange. (That the rate shows with no funding frame at all, from the context alone, is
// test/market-data/marks-and-funding.test.ts: the local exchange always answers the subscription with one.)

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSim } from '../../src/sim/index.js';
import { formatAtoms } from '../../src/ui/tabs/row-cells.js';
import { eventually } from '../helpers/terminal.js';
import { runAppInTerminal } from '../helpers/terminal-app.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';

const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const exchange = useScreenExchange('perpl-account-compact-', { blockMs: 100, seed: 41, flowStepsPerSec: 10 });

/** The trading strip's bottom border, where the account line is at 80x24. */
const accountLine = (lines: readonly string[]): string => lines.find((l) => l.startsWith('└─ ') && l.endsWith('┘') && !l.startsWith('└─┘')) ?? '';
const field = (line: string, name: string): string | undefined => new RegExp(`(?:^|\\s)${name} (\\S+)`).exec(line.slice(3))?.[1];
const cents = (text: string | undefined): number => Math.round(Number((text ?? 'NaN').replace(/,/g, '')) * 100);

describe('the account at 80x24 and without a key', () => {
  it('account-line-at-80x24: the demo balance, then uPnL with eq = balance + collateral + uPnL', async () => {
    const r = await exchange.open(80, 24, undefined, { keyFile: exchange.sim.demoKeyFile, home: exchange.home });
    const { vt, app } = r;
    await eventually(() => app.store.getState().trading.account !== null && app.store.getState().trading.lockReason === null, EXCHANGE_MS, 'signed in');
    const accountId = app.store.getState().trading.account!.accountId;
    const ledger = () => exchange.sim.control.engine.ledger(accountId);
    const flat = ledger();
    await vt.waitFor(() => field(accountLine(vt.lines()), 'eq') === formatAtoms(flat.balance), EXCHANGE_MS);
    expect(field(accountLine(vt.lines()), 'avail')).toBe(formatAtoms(flat.balance));
    // Nothing else is lost: the strip keeps its title, column header and key line above the border.
    const lines = vt.lines();
    const border = lines.indexOf(accountLine(lines));
    expect(border).toBe(21);
    expect(lines[15]).toContain('[Positions]');
    expect(lines[20]).toContain('x close');

    const intents = app.services.trading?.();
    const market = app.store.getState().market!;
    for (let i = 0; i < 20 && ledger().positions.length === 0; i++) {
      await intents!.place({ marketId: market.id, kind: 'market', side: 'long', size: 200, leverage: 500 }).outcome;
      await eventually(() => ledger().positions.length > 0, 1_000, 'a fill').catch(() => undefined);
    }
    const held = ledger();
    expect(held.positions).toHaveLength(1);
    await vt.waitFor(() => field(accountLine(vt.lines()), 'avail') === formatAtoms(held.balance) && /uPnL [+-]?\d/.test(accountLine(vt.lines())), EXCHANGE_MS);
    const line = accountLine(vt.lines());
    const collateral = formatAtoms(held.positions[0]!.c);
    expect(Math.abs(cents(field(line, 'eq')) - (cents(field(line, 'avail')) + cents(collateral) + cents(field(line, 'uPnL'))))).toBeLessThanOrEqual(1);
    expect(line).toMatch(/liq BTC \d+\.\d%/);
    expect(line.length).toBe(80);
  }, TEST_MS);

  it('no-key-no-account: without a trading key the panel says read-only, never zeros (80x24 and 200x50)', async () => {
    const small = await exchange.open(80, 24);
    await small.vt.waitFor('spread ', EXCHANGE_MS);
    expect(accountLine(small.vt.lines())).toMatch(/^└─ no account \(read-only\) ─+┘$/);
    await small.close();
    const wide = await exchange.open(200, 50);
    await wide.vt.waitFor('spread ', EXCHANGE_MS);
    const lines = wide.vt.lines();
    const top = lines.findIndex((l) => l.startsWith('┌─ Account'));
    expect(lines[top + 1]).toMatch(/^│no account \(read-only\) +│/);
    expect(lines.slice(top, top + 12).join('\n')).not.toMatch(/0\.00/);
  }, TEST_MS);
});

describe('the header from the first frame', () => {
  it('funding-shows-before-the-first-block: the rate and countdown are in the header at once, not after the next funding event', async () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-funding-first-'));
    // No block for a minute: no new funding event while the test looks; the rate is the one the exchange
    // already had (in the context, and in the funding snapshot it sends on subscribing).
    const sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 60_000, flowStepsPerSec: 10 });
    const r = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 200, 50);
    try {
      await r.vt.waitFor('spread ', EXCHANGE_MS);
      // The rate says whose it is: the last interval's (the exchange's latest settled event).
      await r.vt.waitFor((s) => /fund last [+-]?\d\.\d{4}%\/43m/.test(s.split('\n')[0] ?? ''), 15_000);
      expect(r.vt.lines()[0]).not.toContain('fund —');
    } finally {
      await r.close();
      await sim.stop();
      rmSync(home, { recursive: true, force: true });
    }
  }, TEST_MS);
});
