// trading-down-shows-as-of: with a position open, the trading socket is refused (closed with 3401, every
// reconnect alike, as a revoked key loops) while the market data stays live. The Positions row and the
// account (the panel at 200x50, the strip's border line at 80x24) are dimmed, cell by cell in the emulated
// terminal, and marked "as of HH:MM:SS" (local time of the trading session's last data); the header says
// trading is refused beside "● live". When the trading socket is admitted again, the marker and the
// dimming go. Before, the rows stayed bright with a uPnL moving with market data as if current.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clockText } from '../../src/ui/status/trading-freshness.js';
import { startTradingGateProxy, type TradingGateProxy } from '../helpers/trading-gate-proxy.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { eventually, type VirtualTerminal } from '../helpers/terminal.js';
import type { RunningApp } from '../helpers/terminal-app.js';

const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const exchange = useScreenExchange('perpl-trading-down-', { blockMs: 100, seed: 61, flowStepsPerSec: 10 });
let proxy: TradingGateProxy;

beforeAll(async () => {
  proxy = await startTradingGateProxy(exchange.sim.ws);
});
afterEach(() => proxy?.admit());
afterAll(async () => {
  await proxy?.close();
});

/** Whether the cells of `text` on screen row `row` are drawn dim (SGR 2). */
function dimAt(vt: VirtualTerminal, row: number, text: string): boolean {
  const line = vt.lines()[row] ?? '';
  const col = line.indexOf(text);
  if (col < 0) throw new Error(`"${text}" is not on row ${row}: ${line}`);
  const buffer = vt.term.buffer.active;
  const cells = buffer.getLine(buffer.viewportY + row)!;
  return [...text].every((_, i) => (cells.getCell(col + i)?.isDim() ?? 0) !== 0);
}

const rowOf = (vt: VirtualTerminal, test: (line: string) => boolean): number => vt.lines().findIndex(test);
const positionRow = (vt: VirtualTerminal): number => rowOf(vt, (l) => l.includes('▲ LONG'));
const MARKER = /as of (\d\d:\d\d:\d\d) \(trading key refused\)/;

async function openWithLong(cols: number, rows: number): Promise<RunningApp> {
  const r = await exchange.open(cols, rows, 'BTC', { keyFile: exchange.sim.demoKeyFile, home: exchange.home, wsUrl: proxy.url });
  const state = () => r.app.store.getState();
  await eventually(() => state().trading.account !== null && state().trading.lockReason === null, EXCHANGE_MS, 'signed in');
  const intents = r.app.services.trading!()!;
  const market = state().market!;
  for (let i = 0; i < 20 && state().trading.positions.length === 0; i++) {
    await intents.place({ marketId: market.id, kind: 'market', side: 'long', size: 200, leverage: 500 }).outcome;
    await eventually(() => state().trading.positions.length > 0, 1_000, 'a fill').catch(() => undefined);
  }
  await r.vt.waitFor((s) => s.includes('▲ LONG') && /uPnL\s+[+-]?\d/.test(s), EXCHANGE_MS);
  return r;
}

/** Takes trading down; returns the "as of" time the app should show (its trading session's last data). */
async function refuseTrading(r: RunningApp): Promise<string> {
  proxy.refuse();
  await eventually(() => r.app.store.getState().trading.health?.keyRefused !== undefined, EXCHANGE_MS, 'trading refused');
  const last = r.app.store.getState().trading.health!.lastDataAt;
  expect(last).not.toBeNull();
  // Market data stays live: only trading is down.
  await r.vt.waitFor((s) => /● live +trading ✕ key refused/.test(s.split('\n')[0] ?? ''), EXCHANGE_MS);
  return clockText(last!);
}

describe('trading down while market data is live', () => {
  it('trading-down-shows-as-of-200x50: the Positions row and the account panel are dimmed and marked "as of"; live again, they are not', async () => {
    const r = await openWithLong(200, 50);
    const { vt } = r;
    vt.press('4'); // the trading tabs, on Positions
    expect(dimAt(vt, positionRow(vt), 'LONG')).toBe(false);
    const accountTop = rowOf(vt, (l) => /┌─ Account #\d+/.test(l));
    const equityRow = () => rowOf(vt, (l) => /│equity +[\d,.]+ *│/.test(l));
    expect(accountTop).toBeGreaterThan(0);
    expect(dimAt(vt, equityRow(), 'equity')).toBe(false);
    expect(vt.screenText()).not.toMatch(/as of \d\d:/);

    const asOf = await refuseTrading(r);
    // The Positions key line and the account panel both say as of when.
    await vt.waitFor((s) => s.split('\n').some((l) => MARKER.exec(l)?.[1] === asOf && l.includes('x close')), EXCHANGE_MS);
    const lines = vt.lines();
    const footer = lines.findIndex((l) => MARKER.test(l) && l.includes('x close'));
    expect(footer).toBeGreaterThan(positionRow(vt));
    // The account box is narrow: when, and why as far as it fits, on its first line.
    expect(lines[accountTop + 1]).toMatch(new RegExp(`^│as of ${asOf} \\(key refused\\) *│`));
    expect(dimAt(vt, positionRow(vt), 'LONG')).toBe(true);
    expect(dimAt(vt, equityRow(), 'equity')).toBe(true);
    expect(dimAt(vt, rowOf(vt, (l) => /│uPnL +[+-]?[\d,.]+ *│/.test(l)), 'uPnL')).toBe(true);

    proxy.admit();
    await vt.waitFor((s) => /● live +trading ● live/.test(s.split('\n')[0] ?? '') && !/as of \d\d:/.test(s) && s.includes('▲ LONG'), EXCHANGE_MS);
    expect(dimAt(vt, positionRow(vt), 'LONG')).toBe(false);
    expect(dimAt(vt, equityRow(), 'equity')).toBe(false);
  }, TEST_MS);

  it('trading-down-shows-as-of-80x24: the Positions row and the account line in the border are dimmed and marked "as of"', async () => {
    const r = await openWithLong(80, 24);
    const { vt } = r;
    const border = () => rowOf(vt, (l) => l.startsWith('└─ ') && l.endsWith('┘') && !l.startsWith('└─┘'));
    await vt.waitFor((s) => s.split('\n').some((l) => l.startsWith('└─ eq ')), EXCHANGE_MS);
    expect(dimAt(vt, positionRow(vt), 'LONG')).toBe(false);
    expect(dimAt(vt, border(), 'eq ')).toBe(false);

    const asOf = await refuseTrading(r);
    await vt.waitFor((s) => MARKER.exec(s.split('\n').find((l) => l.startsWith('└─ ')) ?? '')?.[1] === asOf, EXCHANGE_MS);
    expect(vt.lines()[border()]).toMatch(/^└─ as of \d\d:\d\d:\d\d \(trading key refused\) eq /);
    expect(dimAt(vt, border(), 'eq ')).toBe(true);
    expect(dimAt(vt, positionRow(vt), 'LONG')).toBe(true);
    expect(vt.lines().some((l) => MARKER.test(l) && !l.startsWith('└─ '))).toBe(true); // the Positions key line

    proxy.admit();
    await vt.waitFor((s) => !/as of \d\d:/.test(s) && s.split('\n').some((l) => l.startsWith('└─ eq ')) && s.includes('▲ LONG'), EXCHANGE_MS);
    expect(dimAt(vt, positionRow(vt), 'LONG')).toBe(false);
    expect(dimAt(vt, border(), 'eq ')).toBe(false);
  }, TEST_MS);
});
