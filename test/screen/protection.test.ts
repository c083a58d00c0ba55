// TP/SL and collateral as the trader sees them, in the real app against the local exchange (200x50, and
// 80x24 for the row): `t` sets "sl X tp Y" and the Positions row shows both; `t` again moves the stop and
// one stop is left; a refused new stop leaves the old one armed; `e` on a trigger moves its trigger price;
// a trigger's size follows a partial close; `a` reports the collateral the exchange credited.

import { beforeEach, describe, expect, it } from 'vitest';
import { formatScaled } from '../../src/protocol/scaling.js';
import { OrderStatus, OrderType } from '../../src/protocol/enums.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { formatAtoms } from '../../src/ui/tabs/row-cells.js';
import { journaledRequests } from '../helpers/sent.js';
import { eventually } from '../helpers/terminal.js';
import { parsePrice } from '../../src/protocol/scaling.js';
import { inEntryForm } from '../helpers/entry-pane.js';
import { KEYS, escapeRegExp } from '../helpers/terminal.js';
import { atQuietSize, confirmYes, flattenAccount, openLong, runCommand, saidPrice, sendReviewed, typeAndEnter, useTradingScreen } from '../helpers/trading-screen.js';

// Generous waits: CI runs the app, the exchange and the emulator on one loaded event loop. They poll.
const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-protection-', { blockMs: 100, seed: 45, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

beforeEach(async () => {
  // No editor, and no order form left under review by a test that ended early.
  screen.app.app.store.setState({ tabs: { ...state().tabs, prompt: null }, tradingUi: { ...state().tradingUi, entry: null, reviewing: false, confirm: null } });
  await flattenAccount(screen, EXCHANGE_MS);
}, TEST_MS);

const state = () => screen.app.app.store.getState();
const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
const typed = (raw: number) => formatScaled(raw, screen.market.priceDecimals);
/** As a confirm, a toast and the Journal say a price (grouped, trimmed). */
const said = (raw: number) => saidPrice(screen, raw);
const sz = (raw: number) => formatScaledGrouped(raw, screen.market.sizeDecimals);
const positionLine = () => screen.app.vt.lines().find((l) => l.includes('▲ LONG')) ?? '';
const tabLines = () => screen.app.vt.lines().slice(36).join('\n');
const mark = () => screen.sim.control.engine.marketState(screen.market.id)!.mrk;
/** Stop-loss trigger prices of the account in the exchange's own ledger. */
const ledgerStops = () => {
  const account = state().trading.account!.accountId;
  return screen.sim.control.engine
    .ledger(account)
    .orders.filter((o) => o.st === OrderStatus.Untriggered && o.t === OrderType.CloseLong && (o.tp ?? 0) < mark())
    .map((o) => o.tp);
};

async function openLongOnScreen(size: number): Promise<void> {
  await openLong(screen, size, EXCHANGE_MS);
  screen.app.vt.press('P');
  await screen.app.vt.waitFor(() => positionLine() !== '', EXCHANGE_MS);
}

/** Ctrl-U clears a prefilled editor; once it is seen empty the next key is typed (keys written together arrive as one chunk). */
async function clearEditor(): Promise<void> {
  const text = () => {
    const prompt = state().tabs.prompt;
    return prompt?.kind === 'editor' ? prompt.text : null;
  };
  if (text() === '') return;
  screen.app.vt.press('\u0015');
  await eventually(() => text() === '', UI_MS, 'the editor cleared');
}

/** `t` (the editor shows `prefilled`), the text, Enter, then y on the confirm (which must name `confirmPart`). */
async function setTpsl(text: string, confirmPart: string, prefilled = ''): Promise<void> {
  screen.app.vt.press('t');
  await screen.app.vt.waitFor(`TP/SL> ${prefilled}█`, UI_MS);
  await clearEditor();
  await typeAndEnter(screen, text);
  await screen.app.vt.waitFor(confirmPart, UI_MS);
  await confirmYes(screen, UI_MS);
}

describe('TP/SL on screen', () => {
  it('tp-sl-in-the-position-row-then-one-sl-after-moving-it', async () => {
    await openLongOnScreen(200);
    const m = mark();
    const sl1 = m - Math.round(m / 20);
    const tp = m + Math.round(m / 20);
    const sl2 = m - Math.round(m / 25);
    await setTpsl(`sl ${typed(sl1)} tp ${typed(tp)}`, `attach TP ${said(tp)} and SL ${said(sl1)}`);
    await screen.app.vt.waitFor(`SL ${said(sl1)} armed (mark), TP ${said(tp)} armed (mark)`, EXCHANGE_MS);
    await screen.app.vt.waitFor(() => positionLine().includes(px(sl1)) && positionLine().includes(px(tp)), EXCHANGE_MS);
    const header = screen.app.vt.lines().find((l) => l.includes('uPnL')) ?? '';
    expect(header).toMatch(/ TP +SL /);

    // `t` again shows what is armed; a new stop replaces the old one only.
    await setTpsl(`sl ${typed(sl2)}`, `attach SL ${said(sl2)} (on mark) to ▲ LONG ${screen.market.symbol}`, `sl ${typed(sl1)} tp ${typed(tp)}`);
    await screen.app.vt.waitFor(`SL ${said(sl2)} armed (mark); old SL ${said(sl1)} cancelled`, EXCHANGE_MS);
    await screen.app.vt.waitFor(() => positionLine().includes(px(sl2)) && !positionLine().includes(px(sl1)) && positionLine().includes(px(tp)), EXCHANGE_MS);
    await eventually(() => ledgerStops().length === 1, EXCHANGE_MS, 'one stop on the exchange');
    expect(ledgerStops()).toEqual([sl2]);

    // At 80x24 the row keeps its stop (the take-profit and the mark give way).
    screen.app.vt.resize(80, 24);
    try {
      await screen.app.vt.waitFor(() => positionLine().length <= 80 && positionLine().includes(px(sl2)), UI_MS);
      const narrow = screen.app.vt.lines().find((l) => l.includes('uPnL')) ?? '';
      expect(narrow).toMatch(/ SL\b/);
      expect(narrow).not.toMatch(/ TP\b/);
    } finally {
      screen.app.vt.resize(200, 50);
    }
  }, TEST_MS);

  it('refused-new-stop-keeps-the-old: the exchange refuses the new stop; the old one stays armed and on screen', async () => {
    await openLongOnScreen(200);
    const m = mark();
    const sl1 = m - Math.round(m / 20);
    const sl2 = m - Math.round(m / 25);
    await setTpsl(`sl ${typed(sl1)}`, `attach SL ${said(sl1)}`);
    await eventually(() => state().trading.orders.some((o) => o.triggerPrice === sl1), EXCHANGE_MS, 'the first stop');
    const engine = screen.sim.control.engine;
    const admit = engine.admit.bind(engine);
    engine.admit = (address, req, head) => ((req.tp ?? 0) > 0 ? { code: 400, error: 'trigger refused for the test' } : admit(address, req, head));
    const old = state().trading.orders.find((o) => o.triggerPrice === sl1)!;
    try {
      await setTpsl(`sl ${typed(sl2)}`, `attach SL ${said(sl2)}`, `sl ${typed(sl1)}`);
      // The new stop's request resolves as refused...
      await eventually(() => state().trading.journal.some((e) => e.kind === 'resolved' && e.text.includes('trigger refused for the test')), EXCHANGE_MS, 'the new stop refused');
    } finally {
      engine.admit = admit;
    }
    // ...and no cancel of the old stop was ever sent (the engine journals every request before it leaves),
    const cancels = state().trading.journal.filter((e) => e.kind === 'request' && e.text.includes(`cancel ${old.orderId}`));
    expect(cancels).toEqual([]);
    // so, blocks later, the exchange still holds the old stop, the row shows it and the outcome says so.
    const head = screen.sim.control.headBlock();
    await eventually(() => screen.sim.control.headBlock() >= head + 3, EXCHANGE_MS, 'three blocks');
    expect(ledgerStops()).toEqual([sl1]);
    expect(positionLine()).toContain(px(sl1));
    await screen.app.vt.waitFor(`SL ${said(sl2)} refused (rejected (400): trigger refused for the test); old SL ${said(sl1)} still armed`, EXCHANGE_MS);
    // The outcome is final: the journal on disk (not the store's copy of it) holds no cancel of the old stop.
    expect(journaledRequests(screen.home).filter((r) => r.label.includes(`cancel ${old.orderId}`))).toEqual([]);
  }, TEST_MS);

  it('trigger-amend-with-e: e on a stop prefills its trigger price and moves it (one stop left)', async () => {
    await openLongOnScreen(200);
    const m = mark();
    const sl1 = m - Math.round(m / 20);
    const sl2 = m - Math.round(m / 25);
    await setTpsl(`sl ${typed(sl1)}`, `attach SL ${said(sl1)}`);
    screen.app.vt.press('O');
    await screen.app.vt.waitFor(() => tabLines().includes(`≤ ${px(sl1)} mark`), EXCHANGE_MS);
    screen.app.vt.press('e');
    await screen.app.vt.waitFor(`move trigger> ${typed(sl1)}█`, UI_MS);
    await clearEditor();
    await typeAndEnter(screen, typed(sl2));
    await screen.app.vt.waitFor(`move SL ${said(sl1)} -> ${said(sl2)} (on mark)`, UI_MS);
    await confirmYes(screen, UI_MS);
    await screen.app.vt.waitFor(() => tabLines().includes(`≤ ${px(sl2)} mark`) && !tabLines().includes(`≤ ${px(sl1)} mark`), EXCHANGE_MS);
    await screen.app.vt.waitFor(`SL ${said(sl2)} armed (mark); old SL ${said(sl1)} cancelled`, EXCHANGE_MS);
    expect(ledgerStops()).toEqual([sl2]);
  }, TEST_MS);

  it('trigger-size-follows-partial-close: a stop for the whole position shows the half left after x 50%', async () => {
    await openLongOnScreen(200);
    const sl = mark() - Math.round(mark() / 20);
    await setTpsl(`sl ${typed(sl)}`, `attach SL ${said(sl)}`);
    const stopLine = () => tabLines().split('\n').find((l) => l.includes(`≤ ${px(sl)} mark`)) ?? '';
    screen.app.vt.press('O');
    await screen.app.vt.waitFor(() => stopLine().includes(sz(200)), EXCHANGE_MS);
    await screen.commands.close(state().trading.positions[0]!.positionId, { kind: 'market', bps: 5000, slippageBps: 500 }).outcome;
    await eventually(() => state().trading.positions[0]?.size === 100, EXCHANGE_MS, 'half closed');
    await screen.app.vt.waitFor(() => stopLine().includes(sz(100)) && !stopLine().includes(sz(200)), EXCHANGE_MS);
  }, TEST_MS);
});

describe('collateral on screen', () => {
  it('collateral-outcome-as-credited: a adds 100 and the notice says the new collateral and liq the row shows', async () => {
    await openLongOnScreen(10_000); // 0.1 BTC: adding 100 moves its liquidation price without removing it
    const before = BigInt(state().trading.positions[0]!.collateral);
    screen.app.vt.press('a');
    await screen.app.vt.waitFor('add collateral> ', UI_MS);
    await typeAndEnter(screen, '100');
    await screen.app.vt.waitFor('add 100.00 collateral', UI_MS);
    await confirmYes(screen, UI_MS);
    await eventually(() => BigInt(state().trading.positions[0]?.collateral ?? '0') === before + 100_000_000n, EXCHANGE_MS, 'collateral +100');
    const row = state().trading.positions[0]!;
    const told = `collateral +100.00 -> ${formatAtoms(row.collateral)}, liq ${said(row.liquidationPrice!)}`;
    await screen.app.vt.waitFor(told, EXCHANGE_MS);
    expect(screen.app.vt.screenText()).not.toMatch(/never retried|OrderDescIdTooLow/);
    await screen.app.vt.waitFor(() => positionLine().includes(formatAtoms(row.collateral)) && positionLine().includes(px(row.liquidationPrice!)), EXCHANGE_MS);
  }, TEST_MS);
});

// Issue 28 ("safe hands"): a stop the liquidation beats is refused with both figures where it is armed; TP/SL that
// cover part of a position say so in the review of the add that grows it and on its row; `r` resizes them with it.
describe('protection that never misleads', () => {
  const requests = () => state().trading.journal.filter((e) => e.kind === 'request').length;
  /** A 0.002 BTC long at 5x with a stop-loss `under` (a fraction) under the mark, armed for the 0.002: its price. */
  async function longWithStop(under: number): Promise<number> {
    await openLongOnScreen(200);
    const sl = mark() - Math.round(mark() * under);
    await setTpsl(`sl ${typed(sl)}`, `attach SL ${said(sl)}`);
    await eventually(() => state().trading.orders.some((o) => o.triggerPrice === sl), EXCHANGE_MS, 'the stop');
    return sl;
  }
  const SIZES = [
    [200, 50],
    [80, 24],
  ] as const;

  /** A refusal as the line shows it: whole at 200 columns; at 80 its figures, the end giving way to the typed text. */
  const shownAt = (cols: number, refusal: string): string => (cols === 200 ? refusal : refusal.replace(/: it would never fire$/, ''));

  for (const [cols, rows] of SIZES) {
    it(`sl-beyond-liquidation-refused-by-t-and-by-a-bracket at ${cols}x${rows}: both figures said, nothing sent`, async () => {
      await openLongOnScreen(200);
      if (cols !== 200) await atQuietSize(screen, cols, rows, UI_MS);
      const liq = state().trading.positions[0]!.liquidationPrice!;
      const sent = requests();
      // `t` on the long: a stop 10 ticks past its liquidation.
      screen.app.vt.press('P');
      screen.app.vt.press('t');
      await screen.app.vt.waitFor('TP/SL> ', UI_MS);
      await clearEditor();
      await typeAndEnter(screen, `sl ${typed(liq - 10)}`);
      // Both figures on screen at any width (at 80 columns the line keeps what was typed and the refusal's end gives way).
      const tRefusal = `SL ${said(liq - 10)} is beyond liquidation ${said(liq)}: it would never fire`;
      await screen.app.vt.waitFor(`✗ ${shownAt(cols, tRefusal)}`, UI_MS);
      expect(state().tabs.prompt?.error).toBe(tRefusal);
      screen.app.vt.press(KEYS.escape);
      await eventually(() => state().tabs.prompt === null, UI_MS, 'the editor closed');

      // A bracket: a limit buy 3 % under the mark (it rests: its liquidation after the fill is at its limit). The
      // review without a stop shows that liquidation; the stop past it is refused naming it, in the form and typed.
      const limit = typed(mark() - Math.round(mark() * 0.03));
      await runCommand(screen.app, `buy 0.002 @ ${limit} lev 5`);
      const review = await inEntryForm(screen.app.vt, /— review.* liq [\d,.]+ \(/, UI_MS);
      const after = parsePrice(/ liq ([\d,.]+) \(/.exec(review)![1]!.replace(/,/g, ''), screen.market.priceDecimals);
      const refusal = `SL ${said(after - 10)} is beyond liquidation ${said(after)}: it would never fire`;
      // In the form: back from the review, Tab to the stop-loss and type it; the reason stands beside the field.
      screen.app.vt.press(KEYS.escape);
      await eventually(() => !state().tradingUi.reviewing, UI_MS, 'back to the form');
      while (state().tradingUi.entry?.focus !== 'sl') {
        const at = state().tradingUi.entry?.focus;
        screen.app.vt.press(KEYS.tab);
        await eventually(() => state().tradingUi.entry?.focus !== at, UI_MS, 'the next field');
      }
      await screen.app.vt.type(typed(after - 10));
      await inEntryForm(screen.app.vt, `✗ ${refusal}`, UI_MS);
      screen.app.vt.press(KEYS.enter);
      await screen.app.vt.waitFor('fix sl', UI_MS);
      expect(state().tradingUi.reviewing).toBe(false);
      screen.app.vt.press(KEYS.escape);
      await eventually(() => state().tradingUi.entry === null, UI_MS, 'the form closed');
      // Typed: the `:` line cannot open its review and stays with the reason, read whole.
      await runCommand(screen.app, `buy 0.002 @ ${limit} lev 5 sl ${typed(after - 10)}`);
      await screen.app.vt.waitFor(`✗ ${shownAt(cols, refusal)}`, UI_MS);
      expect(state().tradingUi.commandError).toBe(refusal);
      expect(state().tradingUi.entry).toBeNull();
      screen.app.vt.press(KEYS.escape);
      await eventually(() => state().tradingUi.commandLine === null, UI_MS, 'the line closed');
      // Nothing left for either: no request journaled, no trigger on the exchange.
      expect(requests()).toBe(sent);
      expect(ledgerStops()).toEqual([]);
    }, TEST_MS);

    it(`add-to-a-protected-long-says-coverage at ${cols}x${rows}: the review says the SL will cover part of it, the row shows (0.002/0.004)`, async () => {
      const sl = await longWithStop(0.05);
      if (cols !== 200) await atQuietSize(screen, cols, rows, UI_MS);
      await runCommand(screen.app, 'buy 0.002 mkt lev 5');
      await inEntryForm(screen.app.vt, `SL covers 0.002 of 0.004 BTC after this fill: r resizes it with the order`, UI_MS);
      await sendReviewed(screen, EXCHANGE_MS);
      await eventually(() => state().trading.positions[0]?.size === 400, EXCHANGE_MS, 'the long grown to 0.004');
      screen.app.vt.press('P');
      await screen.app.vt.waitFor(() => positionLine().includes(`${px(sl)} (0.002/0.004)`), EXCHANGE_MS);
      await screen.app.vt.waitFor('BTC SL covers 0.002 of 0.004 BTC', UI_MS);
      // The stop was left as it was: for 0.002.
      expect(ledgerStops()).toEqual([sl]);
    }, TEST_MS);

    it(`add-past-existing-sl-warned-in-review at ${cols}x${rows}: stops covering the whole grown long; the review names both figures, y asks, the default cancels`, async () => {
      const sl = await longWithStop(0.13); // 5x: liquidated about 16 % under the entry
      // A reduce-only stop for the 0.002 the add brings: the two stops cover the whole 0.004 after it.
      const stop = mark() - Math.round(mark() * 0.12);
      await runCommand(screen.app, `sell 0.002 mkt stop ${typed(stop)} ro`);
      await sendReviewed(screen, EXCHANGE_MS);
      await eventually(() => state().trading.orders.some((o) => o.triggerPrice === stop), EXCHANGE_MS, 'the reduce-only stop');
      if (cols !== 200) await atQuietSize(screen, cols, rows, UI_MS);
      // At 10x (nothing else to ask about: a limit at the mark is no repeat of another test's market buy) the add
      // lifts the liquidation to about 11 % under the entry: over both stops.
      await runCommand(screen.app, `buy 0.002 @ ${typed(mark())} lev 10`);
      const warning = `after this fill liquidation ([\\d,.]+) beats your SLs ${escapeRegExp(said(stop))}, ${escapeRegExp(said(sl))}: they would never fire`;
      const review = await inEntryForm(screen.app.vt, new RegExp(warning), UI_MS);
      // Covered whole: no coverage line speaks for them, the warning alone does.
      expect(review).not.toContain('covers');
      const sent = requests();
      screen.app.vt.press('y');
      await eventually(() => state().tradingUi.confirm !== null, UI_MS, 'the question');
      expect(state().tradingUi.confirm!.text).toMatch(new RegExp(`^${warning}: send anyway\\?$`));
      await inEntryForm(screen.app.vt, /would never fire: send anyway\? y send anyway {3}any other key cancels/, UI_MS);
      // Enter, the default, cancels: back in the review (a sent order closes it), nothing journaled, the long as it was.
      screen.app.vt.press(KEYS.enter);
      await eventually(() => state().tradingUi.confirm === null, UI_MS, 'the question answered');
      expect(state().tradingUi.entry).not.toBeNull();
      expect(state().tradingUi.reviewing).toBe(true);
      expect(requests()).toBe(sent);
      expect(state().trading.positions[0]?.size).toBe(200);
    }, TEST_MS);
  }

  it('r-resizes-the-stop-with-the-add: the stop is re-armed for the grown long, the old one cancelled; the row shows it whole', async () => {
    const sl = await longWithStop(0.05);
    await runCommand(screen.app, 'buy 0.002 mkt lev 5');
    await inEntryForm(screen.app.vt, 'r resizes it with the order', UI_MS);
    screen.app.vt.press('r');
    await inEntryForm(screen.app.vt, 'SL covers 0.002 of 0.004 BTC after this fill: resized to 0.004 BTC with the order (r leaves it)', UI_MS);
    await sendReviewed(screen, EXCHANGE_MS);
    await screen.app.vt.waitFor(`TP/SL resized: SL ${said(sl)} armed (mark); old SL ${said(sl)} cancelled`, EXCHANGE_MS);
    const account = state().trading.account!.accountId;
    const stops = () => screen.sim.control.engine.ledger(account).orders.filter((o) => o.st === OrderStatus.Untriggered);
    await eventually(() => stops().length === 1, EXCHANGE_MS, 'one stop');
    expect(stops().map((o) => [o.tp, o.os])).toEqual([[sl, 400]]);
    screen.app.vt.press('P');
    await screen.app.vt.waitFor(() => positionLine().includes(px(sl)) && !positionLine().includes('(0.002/'), EXCHANGE_MS);
  }, TEST_MS);

  it('stop-beyond-liquidation-flagged-later: an add at 15x lifts the liquidation over the stop; the review warns, the row says !liq', async () => {
    const sl = await longWithStop(0.13); // 5x: liquidated about 16 % under the entry
    // Four times the size at 15x: the liquidation rises to about 5 % under the entry, over the stop.
    await runCommand(screen.app, 'buy 0.008 mkt lev 15');
    await inEntryForm(screen.app.vt, new RegExp(`SL covers 0\\.002 of 0\\.01 BTC after this fill \\(cannot resize: SL ${said(sl)} is beyond liquidation [\\d,.]+: it would never fire\\)`), UI_MS);
    await sendReviewed(screen, EXCHANGE_MS);
    await eventually(() => state().trading.positions[0]?.size === 1_000, EXCHANGE_MS, 'the long grown to 0.01');
    const liq = state().trading.positions[0]!.liquidationPrice!;
    expect(liq).toBeGreaterThan(sl);
    screen.app.vt.press('P');
    await screen.app.vt.waitFor(() => positionLine().includes(`${px(sl)} !liq (0.002/0.01)`), EXCHANGE_MS);
    await screen.app.vt.waitFor(`BTC SL ${said(sl)} is beyond liquidation ${said(liq)}: it would never fire; SL covers 0.002 of 0.01 BTC`, UI_MS);
  }, TEST_MS);
});
