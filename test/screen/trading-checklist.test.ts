// The rest of issue #6 on screen, against the local exchange (200x50): a fill shows live in the Fills
// tab and rings the bell (and `:bell off` silences it); an order's blocks left until expiry; the
// stale-feed lock as the submit's reason; a limit close from `x`; editing an attached stop with `t`;
// liquidation distance and funding in the Positions tab; fw off and no account refuse the submit.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ScopeMask } from '../../src/protocol/enums.js';
import { formatScaled } from '../../src/protocol/scaling.js';
import { writeDemoKeyFile } from '../../src/sim/server/demo-key-file.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { entryPaneText } from '../helpers/entry-pane.js';
import { expectNothingSent } from '../helpers/sent.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';
import { waitFor } from '../helpers/wait.js';
import { confirmYes, flattenAccount, openLong, saidPrice, typeAndEnter, useTradingScreen } from '../helpers/trading-screen.js';

// Generous waits: CI runs the app, the exchange and the emulator on one loaded event loop. They poll.
const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-checklist-', { blockMs: 100, seed: 33, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

beforeEach(async () => {
  // Each test starts flat, unlocked, with no editor or entry open.
  screen.sim.control.resumeBlocks();
  screen.app.app.store.setState({ tabs: { ...state().tabs, prompt: null }, tradingUi: { ...state().tradingUi, entry: null, reviewing: false, confirm: null, commandLine: null } });
  await eventually(() => state().trading.lockReason === null, EXCHANGE_MS, 'trading unlocked');
  await flattenAccount(screen, EXCHANGE_MS);
}, TEST_MS);

const state = () => screen.app.app.store.getState();

const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
/** The bottom pane's lines (below the book/chart/trades row). */
const tabLines = () => screen.app.vt.lines().slice(36).join('\n');
const positionLine = () => tabLines().split('\n').find((l) => l.includes('▲ LONG')) ?? '';
const bells = () => screen.app.vt.stdout.raw.split('\u0007').length - 1;

async function command(text: string): Promise<void> {
  screen.app.vt.press(':');
  await screen.app.vt.waitFor(':█', UI_MS);
  await typeAndEnter(screen, text);
}

describe('trading checklist on screen', () => {
  it('fills-live-with-bell: a new fill shows in the open Fills tab and rings; :bell off keeps it quiet', async () => {
    screen.app.vt.press('F');
    await screen.app.vt.waitFor('[Fills]', UI_MS);
    const rang = bells();
    await openLong(screen, 100, EXCHANGE_MS);
    const fill = await waitFor(() => state().trading.fills[0], 'the fill', EXCHANGE_MS);
    // Live, without paging: the fill's order id is in the tab and the bell rang.
    await screen.app.vt.waitFor(() => tabLines().includes(String(fill.orderId)), EXCHANGE_MS);
    expect(bells()).toBeGreaterThan(rang);

    await command('bell off');
    await screen.app.vt.waitFor('bell off', UI_MS);
    const quiet = bells();
    const position = state().trading.positions[0]!;
    await screen.commands.close(position.positionId, { kind: 'market', bps: 10_000, slippageBps: 500 }).outcome;
    const closeFill = await waitFor(() => state().trading.fills.find((f) => f.orderId !== fill.orderId && f.type === 3), 'the close fill', EXCHANGE_MS);
    await screen.app.vt.waitFor(() => tabLines().includes(String(closeFill.orderId)), EXCHANGE_MS);
    await screen.app.vt.waitFor(/sold [\d.]+ [A-Z]+ @ [\d,.]+, taker/, UI_MS); // the toast still says so
    expect(bells()).toBe(quiet);
    await command('bell on');
    await screen.app.vt.waitFor('bell on', UI_MS);
  }, TEST_MS);

  it('blocks-left-then-stale-lock: an order with an expiry counts blocks; a stalled feed disables the submit with its reason', async () => {
    // Blocks advance by hand from here: the order neither expires nor counts down while the screen is read.
    screen.sim.control.pauseBlocks();
    const head = state().trading.health?.headBlock ?? 0;
    const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p;
    void screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: 20, price, leverage: 500, lastBlock: head + 20 });
    // One block at a time, each once the app has seen the one before: the order is admitted on a block.
    for (let i = 0; i < 10 && !state().trading.orders.some((o) => o.price === price); i++) {
      const seen = state().trading.health?.headBlock ?? 0;
      screen.sim.control.stepBlock();
      await eventually(() => (state().trading.health?.headBlock ?? 0) > seen || state().trading.orders.some((o) => o.price === price), EXCHANGE_MS, 'the app to see the block');
    }
    screen.app.vt.press('O');
    const order = await waitFor(() => state().trading.orders.find((o) => o.price === price && o.blocksLeft !== null), 'the order with its expiry', EXCHANGE_MS);
    await screen.app.vt.waitFor(() => tabLines().includes(`${order.blocksLeft} blk`), EXCHANGE_MS);
    expect(order.lastBlock).toBe(head + 20);

    // No heartbeat for a few seconds: the feed is stale and order entry says why it cannot send.
    await eventually(() => /stale/.test(state().trading.lockReason ?? ''), EXCHANGE_MS, 'the stale lock');
    screen.app.vt.press('b');
    await screen.app.vt.waitFor(() => /submit disabled: .*stale/.test(entryPaneText(screen.app.vt)), UI_MS);
    screen.app.vt.press(KEYS.enter);
    await screen.app.vt.waitFor('cannot send', UI_MS);
    screen.app.vt.press(KEYS.escape);
    await eventually(() => state().tradingUi.entry === null, UI_MS, 'entry closed');
    screen.sim.control.resumeBlocks();
    await eventually(() => state().trading.lockReason === null, EXCHANGE_MS, 'unlocked again');
  }, TEST_MS);

  it('limit-close-and-liq-distance: the Positions row shows liq distance and funding; x "50% @ PRICE" rests a close', async () => {
    await openLong(screen, 200, EXCHANGE_MS);
    screen.app.vt.press('P');
    const row = await waitFor(() => {
      const p = state().trading.positions[0];
      return p?.liquidationDistancePct != null ? p : undefined;
    }, 'the position with its liq distance', EXCHANGE_MS);
    await screen.app.vt.waitFor(() => positionLine().includes(px(row.liquidationPrice!)), EXCHANGE_MS);
    const header = tabLines().split('\n').find((l) => l.includes('uPnL')) ?? '';
    expect(header).toContain('dist');
    expect(header).toContain('funding');
    expect(positionLine()).toMatch(/\d+\.\d% /); // the distance in percent of mark

    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const above = mark + Math.round(mark / 50); // 2 % over the mark: rests as a sell
    screen.app.vt.press('x');
    await screen.app.vt.waitFor('close> ', UI_MS);
    await typeAndEnter(screen, `50% @ ${formatScaled(above, screen.market.priceDecimals)}`);
    await screen.app.vt.waitFor(`limit @ ${saidPrice(screen, above)}?`, UI_MS);
    await confirmYes(screen, UI_MS);
    screen.app.vt.press('O');
    await screen.app.vt.waitFor(() => tabLines().split('\n').some((l) => l.includes('▼ reduce L') && l.includes(px(above))), EXCHANGE_MS);
    expect(state().trading.positions[0]?.size).toBe(200); // resting, not filled
  }, TEST_MS);

  it('edit-stop-with-t: t shows the attached stop; a new price replaces it (one trigger left)', async () => {
    await openLong(screen, 100, EXCHANGE_MS);
    screen.app.vt.press('P');
    await screen.app.vt.waitFor(() => positionLine() !== '', EXCHANGE_MS);
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const first = mark - Math.round(mark / 20);
    const second = mark - Math.round(mark / 25);
    screen.app.vt.press('t');
    await screen.app.vt.waitFor('TP/SL> ', UI_MS);
    await typeAndEnter(screen, `sl ${formatScaled(first, screen.market.priceDecimals)}`);
    await screen.app.vt.waitFor('attach SL', UI_MS);
    await confirmYes(screen, UI_MS);
    await eventually(() => state().trading.orders.some((o) => o.triggerPrice === first), EXCHANGE_MS, 'the first stop');

    screen.app.vt.press('t');
    await screen.app.vt.waitFor(`TP/SL> sl ${formatScaled(first, screen.market.priceDecimals)}`, UI_MS);
    screen.app.vt.press('\u0015'); // Ctrl-U clears the line
    await screen.app.vt.waitFor(/TP\/SL> █/, UI_MS);
    await typeAndEnter(screen, `sl ${formatScaled(second, screen.market.priceDecimals)}`);
    await screen.app.vt.waitFor('attach SL', UI_MS);
    await confirmYes(screen, UI_MS);
    screen.app.vt.press('O');
    await screen.app.vt.waitFor(() => tabLines().includes(`≤ ${px(second)} mark`) && !tabLines().includes(`≤ ${px(first)} mark`), EXCHANGE_MS);
    expect(state().trading.orders.filter((o) => o.triggerPrice !== null).map((o) => o.triggerPrice)).toEqual([second]);
  }, TEST_MS);
});

describe('accounts that cannot trade', () => {
  async function appFor(opts: { orderForwarding?: boolean; account?: boolean }): Promise<{ r: RunningApp; dir: string }> {
    const w = screen.sim.control.createWallet(opts);
    const key = screen.sim.control.issueKey({ address: w.address, scopeMask: ScopeMask.ReadTrade });
    const dir = mkdtempSync(join(tmpdir(), 'perpl-locked-'));
    const keyFile = writeDemoKeyFile(dir, {
      api_key: key.apiKey, private_key: key.seedHex, network: 'local', chain_id: screen.sim.chainId,
      scope_mask: ScopeMask.ReadTrade, expires_at: 0, rest: screen.sim.rest, ws: screen.sim.ws,
    });
    const r = await runAppInTerminal({ rest: screen.sim.rest, ws: screen.sim.ws, chainId: screen.sim.chainId }, 200, 50, undefined, { keyFile, home: dir });
    return { r, dir };
  }

  it.each([
    ['fw-off', { orderForwarding: false }, 'order forwarding is off'],
    ['no-account', { account: false }, 'no exchange account'],
  ])('%s: b shows "submit disabled" with the reason and Enter sends nothing', async (_name, opts, reason) => {
    const { r, dir } = await appFor(opts);
    try {
      await eventually(() => (r.app.store.getState().trading.lockReason ?? '').includes(reason), EXCHANGE_MS, reason);
      await r.vt.waitFor('spread ', EXCHANGE_MS);
      r.vt.press('b');
      // The docked form wraps its rows: read them whole.
      await r.vt.waitFor(() => entryPaneText(r.vt).includes(`submit disabled: ${reason}`), UI_MS);
      await r.vt.type('1');
      // "cannot send" is Enter's own answer: once it shows, an order Enter sent would be in the journal.
      await expectNothingSent(dir, async () => {
        r.vt.press(KEYS.enter);
        await r.vt.waitFor('cannot send', UI_MS);
      });
      expect(r.app.store.getState().trading.journal.filter((e) => e.kind !== 'note')).toEqual([]);
    } finally {
      await r.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, TEST_MS);
});
