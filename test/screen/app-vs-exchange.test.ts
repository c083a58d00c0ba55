// The "done when": the real app, in an emulated terminal, against a real local exchange.

import { afterEach, describe, expect, it } from 'vitest';
import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON, RESTORE_SEQUENCE } from '../../src/terminal/manners.js';
import type { OrderRequestFrame } from '../../src/protocol/frames.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { pressThenSentinel } from '../helpers/keys.js';
import { KEYS } from '../helpers/terminal.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import type { RunningApp } from '../helpers/terminal-app.js';

const exchange = useScreenExchange('perpl-screen-', { blockMs: 100, seed: 11, flowStepsPerSec: 40 });

afterEach(() => {
  exchange.sim.control.resumeFlow();
  exchange.sim.control.resumeBlocks();
});

async function open(cols: number, rows: number, market?: string): Promise<RunningApp> {
  return exchange.open(cols, rows, market);
}

/** Waits until the app shows a live book for a market and returns that market. */
async function waitForLiveBook(r: RunningApp) {
  await r.vt.waitFor((screen) => screen.includes('● live') && screen.includes('spread '), 10_000);
  const market = r.app.store.getState().market;
  if (!market) throw new Error('no market in the store');
  return market;
}

/** The lines of the book pane just above and below the spread line. */
function aroundSpread(lines: string[], bookWidth = 40): { above: string; below: string } {
  const i = lines.findIndex((l) => l.slice(0, bookWidth).includes('spread '));
  return { above: lines[i - 1]?.slice(0, bookWidth) ?? '', below: lines[i + 1]?.slice(0, bookWidth) ?? '' };
}

describe('the terminal against the local exchange', () => {
  it('book-shows-exchange-best-prices: best ask above and best bid below the spread match the engine', async () => {
    const r = await open(200, 50);
    const market = await waitForLiveBook(r);
    exchange.sim.control.pauseFlow();
    exchange.sim.control.pauseBlocks();
    const book = exchange.sim.control.engine.book(market.id, 1);
    const bestAsk = formatScaledGrouped(book.ask[0]?.p ?? 0, market.priceDecimals);
    const bestBid = formatScaledGrouped(book.bid[0]?.p ?? 0, market.priceDecimals);
    const screen = await r.vt.waitFor((s) => {
      const { above, below } = aroundSpread(s.split('\n'));
      return above.includes(bestAsk) && below.includes(bestBid);
    });
    const { above, below } = aroundSpread(screen.split('\n'));
    expect(above).toContain(bestAsk);
    expect(below).toContain(bestBid);
  });

  it('tape-shows-new-trade: a market buy executed by the exchange appears on top of the tape with an up arrow', async () => {
    const r = await open(200, 50);
    const market = await waitForLiveBook(r);
    exchange.sim.control.pauseFlow();
    const wallet = exchange.sim.control.createWallet();
    const size = 1234; // an odd size no flow trade is likely to share
    const sizeText = formatScaledGrouped(size, market.sizeDecimals);
    expect(r.vt.screenText()).not.toContain(sizeText);
    const head = exchange.sim.control.headBlock();
    const order: OrderRequestFrame = {
      mt: 22,
      sn: 1,
      rq: 1,
      mkt: market.id,
      acc: wallet.accountId ?? 0,
      t: 1,
      p: 0,
      s: size,
      ms: 500,
      fl: 4,
      lv: 500,
      lb: head + 20,
    };
    expect(exchange.sim.control.engine.admit(wallet.address, order, head).code).toBe(0);
    // The tape's row, inside a pane: the header's open interest can read the same figure (the only position).
    const tapeRow = (line: string) => line.includes('│') && line.includes(sizeText);
    const screen = await r.vt.waitFor((s) => s.split('\n').some((line) => tapeRow(line) && line.includes('▲')), 10_000);
    const row = screen.split('\n').find(tapeRow) ?? '';
    expect(row).toContain('▲');
  });

  it('resize-relays-the-screen: 200x50 -> 80x24 -> 200x50 keeps every pane inside the terminal', async () => {
    const r = await open(200, 50);
    await waitForLiveBook(r);
    r.vt.resize(80, 24);
    await r.vt.waitFor((s) => {
      const lines = s.split('\n');
      // Narrow: header on the second row, footer on the frame's last row (rows - 2), bottom border above it.
      return (lines[1] ?? '').trimStart().startsWith('mark') && (lines[22] ?? '').includes('q quit') && (lines[21] ?? '').startsWith('└');
    });
    r.vt.resize(200, 50);
    await r.vt.waitFor((s) => {
      const lines = s.split('\n');
      return (lines[0] ?? '').includes('mark') && (lines[48] ?? '').includes('q quit');
    });
  });

  it('too-small-screen: 70x20 says so and the layout comes back at 80x24', async () => {
    const r = await open(80, 24);
    await waitForLiveBook(r);
    r.vt.resize(70, 20);
    await r.vt.waitFor('terminal too small (need 80x24, have 70x20)');
    r.vt.resize(80, 24);
    const screen = await r.vt.waitFor((s) => s.includes('spread ') && !s.includes('too small'));
    expect(screen).toContain('Trades');
  });

  it('picker-switches-market: / then typing a symbol and Enter shows that market', async () => {
    const r = await open(200, 50);
    const first = await waitForLiveBook(r);
    const other = r.app.store.getState().markets.find((m) => m.id !== first.id);
    if (!other) throw new Error('the local exchange lists one market only');
    r.vt.press('/');
    await r.vt.waitFor('▸ Market');
    await r.vt.type(other.symbol.toLowerCase());
    await r.vt.waitFor((s) => new RegExp(`›\\s+${other.symbol}\\b`).test(s));
    r.vt.press(KEYS.enter);
    await r.vt.waitFor((s) => s.includes(`Book ${other.symbol}`) && s.includes('spread '), 10_000);
    expect(r.app.store.getState().market?.id).toBe(other.id);
  });

  it('bracketed-paste-on-at-start-off-at-quit: the app asks for marked pastes before its first frame and takes it back at quit', async () => {
    const r = await open(80, 24);
    await waitForLiveBook(r);
    const start = r.vt.stdout.raw;
    expect(start.indexOf(BRACKETED_PASTE_ON)).toBeGreaterThanOrEqual(0);
    expect(start.indexOf(BRACKETED_PASTE_ON)).toBeLessThan(start.indexOf('q quit'));
    expect(start).not.toContain(BRACKETED_PASTE_OFF);
    r.vt.press('q');
    await r.app.done;
    const raw = r.vt.stdout.raw;
    expect(raw.split(BRACKETED_PASTE_OFF)).toHaveLength(2);
    expect(raw.lastIndexOf(BRACKETED_PASTE_OFF)).toBeGreaterThan(raw.lastIndexOf('q quit'));
    expect(raw.lastIndexOf(BRACKETED_PASTE_OFF)).toBeGreaterThan(raw.lastIndexOf(BRACKETED_PASTE_ON));
  });

  it('quit-restores-terminal: q unmounts, writes the restore sequence and leaves raw mode off', async () => {
    const r = await open(80, 24);
    await waitForLiveBook(r);
    // Esc never quits: once Tab (the sentinel) has moved the focus, Esc was handled, and restored nothing.
    await pressThenSentinel(r.vt, [KEYS.escape], { key: KEYS.tab, effect: () => r.app.store.getState().focus === 'chart' });
    expect(r.vt.stdout.raw.includes(RESTORE_SEQUENCE)).toBe(false);
    r.vt.press('q');
    await r.app.done;
    const raw = r.vt.stdout.raw;
    expect(raw.split(RESTORE_SEQUENCE)).toHaveLength(2); // exactly once
    expect(raw.lastIndexOf(RESTORE_SEQUENCE)).toBeGreaterThan(raw.lastIndexOf('q quit')); // after the last frame
    await r.close(); // a second quit must not restore again
    expect(r.vt.stdout.raw.split(RESTORE_SEQUENCE)).toHaveLength(2);
    expect(r.vt.stdin.rawModeCalls.at(-1)).toBe(false);
  });
});
