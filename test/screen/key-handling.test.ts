// The defects of the old key handling (issue 15), each on screen against the local exchange: keys that
// arrive together in one read are each handled; Ctrl-C steps back one level in a form or review; the
// too-small screen's hidden UI takes no key but panic, whose question fits there (issue 28); Ctrl-U /
// Ctrl-W edit every line; `?` in a form shows the form's keys; Space never enters a text field; the footer
// shows the keys of the mode in use; the help scrolls with a "more" marker at 80x24; every confirm reads
// the same; an order the exchange is certain to refuse is blocked in the form; the `:` line keeps a history.

import { afterEach, describe, expect, it } from 'vitest';
import { stepField } from '../../src/state/order-entry.js';
import { eventually, KEYS, sleep } from '../helpers/terminal.js';
import { entryPaneText } from '../helpers/entry-pane.js';
import { expectNothingSent } from '../helpers/sent.js';
import { flattenAccount, openLong, runCommand, useTradingScreen } from '../helpers/trading-screen.js';

const EXCHANGE_MS = 20_000;
const UI_MS = 8_000;
const TEST_MS = 90_000;

const screen = useTradingScreen('perpl-key-handling-', { blockMs: 100, seed: 15, flowStepsPerSec: 20 }, { exchangeMs: EXCHANGE_MS, hookMs: 60_000 });
const state = () => screen.app.app.store.getState();
const vt = () => screen.app.vt;
const entry = () => state().tradingUi.entry;
/** The footer: the last line with text on it. */
const footer = () => vt().lines().filter((l) => l.trim() !== '').at(-1) ?? '';

/** Presses each key on its own read (a pause between, so each reaches the app alone). */
async function keys(...presses: string[]): Promise<void> {
  for (const k of presses) {
    vt().press(k);
    await sleep(15);
  }
}

/** Opens the buy form and waits for it. */
async function openForm(): Promise<void> {
  vt().press('b');
  await eventually(() => entry() !== null, UI_MS, 'the order form');
  await vt().waitFor('Order entry', UI_MS);
}

/** Back to the panes, whatever is open. */
async function toPanes(): Promise<void> {
  for (let i = 0; i < 6 && (entry() !== null || state().workspace.help.open || state().picker.open || state().tradingUi.commandLine !== null || state().tradingUi.confirm); i++) {
    vt().press(KEYS.escape);
    await sleep(30);
  }
  await eventually(() => entry() === null && !state().workspace.help.open && !state().picker.open && state().tradingUi.commandLine === null && !state().tradingUi.confirm, UI_MS, 'the panes');
}

afterEach(async () => {
  if (vt().term.cols !== 200 || vt().term.rows !== 50) vt().resize(200, 50);
  await toPanes();
});

describe('keys of one read, each handled', () => {
  it('chunked-backspaces-clear-the-size: four Backspaces in one read clear "10", then 2 makes the size 2 (not 102)', async () => {
    await openForm();
    await vt().type('10');
    await eventually(() => entry()?.size === '10', UI_MS, 'size 10');
    vt().press(KEYS.backspace.repeat(4));
    await sleep(15);
    vt().press('2');
    await eventually(() => (entry()?.size ?? '').endsWith('2'), UI_MS, 'the 2 typed');
    expect(entry()?.size).toBe('2');
    await vt().waitFor(/size +2 BTC/, UI_MS);
  }, TEST_MS);

  it('chunked-tabs-each-move-a-field: two Tabs in one read move two fields', async () => {
    await openForm();
    const form = entry()!;
    const twoOn = stepField({ ...form, focus: stepField(form, 1) }, 1);
    vt().press('\t\t');
    await eventually(() => entry()?.focus !== 'size', UI_MS, 'the focus to move');
    expect(entry()?.focus).toBe(twoOn);
  }, TEST_MS);
});

describe('Ctrl-C steps back one level', () => {
  it('ctrl-c-in-a-form-closes-the-form-not-the-app; in the review it goes back to the form', async () => {
    await openForm();
    await vt().type('1');
    vt().press(KEYS.enter);
    await eventually(() => state().tradingUi.reviewing, UI_MS, 'the review');
    vt().press(KEYS.ctrlC);
    await eventually(() => !state().tradingUi.reviewing, UI_MS, 'back to the form');
    expect(entry()?.size).toBe('1');
    vt().press(KEYS.ctrlC);
    await eventually(() => entry() === null, UI_MS, 'the form closed');
    // The app still runs and takes keys: the help opens.
    vt().press('?');
    await vt().waitFor('Help: Trading keys', UI_MS);
  }, TEST_MS);
});

describe('only what is visible acts', () => {
  it('keys-inert-on-the-too-small-screen: y, b, : and Enter there send nothing and open nothing', async () => {
    await openLong(screen, 100, EXCHANGE_MS);
    const bid = state().book?.bids.at(-1)?.price ?? 0;
    await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: 100, price: Math.max(1, bid - 5_000), leverage: 500 }).outcome;
    await eventually(() => state().trading.orders.length === 1, EXCHANGE_MS, 'the resting order');
    const journal = state().trading.journal.length;
    vt().resize(60, 20);
    await vt().waitFor('terminal too small', UI_MS);
    await keys('y', 'b', ':', KEYS.enter);
    // The sentinel: the screen names the last key as doing nothing there, so every key before it was handled.
    vt().press('z');
    await vt().waitFor('z: nothing acts while the terminal is too small (q quits)', UI_MS);
    expect(state().trading.positions.length).toBe(1);
    expect(state().trading.orders.length).toBe(1);
    expect(state().tradingUi.confirm).toBeNull();
    expect(entry()).toBeNull();
    expect(state().tradingUi.commandLine).toBeNull();
    expect(state().trading.journal.length).toBe(journal);
    vt().resize(200, 50);
    await vt().waitFor('spread ', UI_MS);
    await flattenAccount(screen, EXCHANGE_MS);
  }, TEST_MS);

  // Issue 28, item 9: before, !! on the too-small screen did nothing ("!: nothing acts ..."): no panic below 80x24.
  it('panic-asks-on-the-too-small-screen: !! at 60x20 asks the whole question there; Esc cancels and nothing is sent', async () => {
    await openLong(screen, 100, EXCHANGE_MS);
    vt().resize(60, 20);
    await vt().waitFor('terminal too small', UI_MS);
    await keys('!', '!');
    await vt().waitFor('PANIC: cancel 0 orders and close 1 positions at market?', UI_MS);
    await vt().waitFor('y yes   any other key cancels', UI_MS);
    await expectNothingSent(screen.home, async () => {
      vt().press(KEYS.escape);
      await vt().waitFor((s) => s.includes('cancelled') && !s.includes('PANIC'), UI_MS);
    });
    expect(state().trading.positions.length).toBe(1);
    vt().resize(200, 50);
    await vt().waitFor('spread ', UI_MS);
    await flattenAccount(screen, EXCHANGE_MS);
  }, TEST_MS);

  // Issue 28, item 10: at 20x6 the lines of the too-small screen were drawn over each other ("terminq quitssmall").
  it('too-small-message-never-overprints-at-20x6: every line on a row of its own, and the panic question fits whole', async () => {
    vt().resize(20, 6);
    await keys('!');
    const screenText = await vt().waitFor((s) => s.includes('press ! again'), UI_MS);
    const rows = screenText.split('\n').map((l) => l.trim());
    expect(rows.slice(0, 3)).toEqual(['too small: 20x6,', 'need 80x24', 'q quits']);
    await keys('!');
    const asked = await vt().waitFor('y yes', UI_MS);
    expect(asked.split('\n').map((l) => l.trim()).filter(Boolean).join(' ')).toBe('PANIC: cancel 0 orders and close 0 positions at market? y yes other keys cancel');
    vt().press(KEYS.escape);
    await eventually(() => state().tradingUi.confirm === null, UI_MS, 'the question cancelled');
    vt().resize(200, 50);
    await vt().waitFor('spread ', UI_MS);
  }, TEST_MS);
});

describe('every line edits the same way', () => {
  it('ctrl-u-ctrl-w-in-every-line: the size field, the picker, the : line and the help filter', async () => {
    await openForm();
    await vt().type('12');
    await eventually(() => entry()?.size === '12', UI_MS, 'size 12');
    vt().press('\u0017');
    await eventually(() => entry()?.size === '', UI_MS, 'Ctrl-W in the size field');
    await vt().type('34');
    await eventually(() => entry()?.size === '34', UI_MS, 'size 34');
    vt().press('\u0015');
    await eventually(() => entry()?.size === '', UI_MS, 'Ctrl-U in the size field');
    await toPanes();

    vt().press('/');
    await eventually(() => state().picker.open, UI_MS, 'the picker');
    await vt().type('ab cd');
    await eventually(() => state().picker.query === 'ab cd', UI_MS, 'the picker query');
    vt().press('\u0017');
    await eventually(() => state().picker.query === 'ab ', UI_MS, 'Ctrl-W in the picker');
    vt().press('\u0015');
    await eventually(() => state().picker.query === '', UI_MS, 'Ctrl-U in the picker');
    await toPanes();

    vt().press(':');
    await eventually(() => state().tradingUi.commandLine === '', UI_MS, 'the : line');
    await vt().type('tf 5m');
    await eventually(() => state().tradingUi.commandLine === 'tf 5m', UI_MS, 'typed');
    vt().press('\u0017');
    await eventually(() => state().tradingUi.commandLine === 'tf ', UI_MS, 'Ctrl-W on the : line');
    vt().press('\u0015');
    await eventually(() => state().tradingUi.commandLine === '', UI_MS, 'Ctrl-U on the : line');
    await toPanes();

    vt().press('?');
    await eventually(() => state().workspace.help.open, UI_MS, 'the help');
    await vt().type('cancel order');
    await eventually(() => state().workspace.help.query === 'cancel order', UI_MS, 'the filter');
    vt().press('\u0017');
    await eventually(() => state().workspace.help.query === 'cancel ', UI_MS, 'Ctrl-W in the filter');
    vt().press('\u0015');
    await eventually(() => state().workspace.help.query === '', UI_MS, 'Ctrl-U in the filter');
  }, TEST_MS);

  it('question-mark-in-a-form-shows-the-form-keys: ? opens the order entry keys and types nothing', async () => {
    await openForm();
    await vt().type('1');
    await eventually(() => entry()?.size === '1', UI_MS, 'size 1');
    vt().press('?');
    await vt().waitFor('Help: Order entry keys', UI_MS);
    expect(vt().screenText()).toContain('review the order');
    expect(entry()?.size).toBe('1');
    vt().press(KEYS.escape);
    await eventually(() => !state().workspace.help.open, UI_MS, 'the help closed');
    expect(entry()?.size).toBe('1');
  }, TEST_MS);

  it('space-in-a-text-field-never-enters-it: "1 2" typed into the price field is 12', async () => {
    await openForm();
    vt().press(KEYS.tab);
    await eventually(() => entry()?.focus !== 'size', UI_MS, 'the next field');
    while (entry()?.focus !== 'price') {
      vt().press(KEYS.tab);
      await sleep(20);
    }
    vt().press('\u0015');
    await eventually(() => entry()?.price === '', UI_MS, 'the price cleared');
    await keys('1', ' ', '2');
    await eventually(() => (entry()?.price ?? '').endsWith('2'), UI_MS, 'the 2 typed');
    expect(entry()?.price).toBe('12');
  }, TEST_MS);

  it('footer-shows-the-keys-of-the-mode: the form, the : line and the help each list their own keys', async () => {
    await vt().waitFor(() => footer().includes('command') && footer().includes('quit'), UI_MS);
    await openForm();
    await vt().waitFor(() => footer().includes('Enter review') && footer().includes('Esc close'), UI_MS);
    expect(footer()).not.toContain(': command');
    await toPanes();
    vt().press(':');
    await vt().waitFor(() => footer().includes('Enter run') && footer().includes('Tab complete'), UI_MS);
    await toPanes();
    vt().press('?');
    await vt().waitFor(() => footer().includes('Esc close') && footer().includes('scroll'), UI_MS);
    expect(footer()).not.toContain('b buy');
  }, TEST_MS);
});

describe('the help at 80x24', () => {
  it('help-scrolls-with-more-at-80x24: full width, a "more" marker, j and PgDn scroll', async () => {
    vt().resize(80, 24);
    await vt().waitFor('spread ', UI_MS);
    vt().press('?');
    const shown = await vt().waitFor('more (j / PgDn)', UI_MS);
    // The box spans the screen, not a 24-column column.
    const title = shown.split('\n').find((l) => l.includes('Help:')) ?? '';
    expect(title.trimEnd().length).toBeGreaterThan(70);
    vt().press('j');
    await vt().waitFor('↑ 1 above', UI_MS);
    vt().press('\u001b[6~');
    await vt().waitFor(/↑ \d{2,} above|↑ [2-9] above/, UI_MS);
  }, TEST_MS);
});

describe('one confirm', () => {
  it('one-confirm-look: the cancel of a row and panic ask the same way, y and "any other key cancels"', async () => {
    const bid = state().book?.bids.at(-1)?.price ?? 0;
    await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: 100, price: Math.max(1, bid - 5_000), leverage: 500 }).outcome;
    await eventually(() => state().trading.orders.length === 1, EXCHANGE_MS, 'the resting order');
    await keys('4', 'O', 'c');
    await vt().waitFor(/cancel .*y cancel order   any other key cancels|y [a-z ]+   any other key cancels/, UI_MS);
    vt().press('n');
    await eventually(() => state().tradingUi.confirm === null, UI_MS, 'cancelled');
    expect(state().trading.orders.length).toBe(1);
    await keys('!', '!');
    await vt().waitFor(/PANIC: .*y [a-z ]+   any other key cancels/, UI_MS);
    vt().press(KEYS.escape);
    await eventually(() => state().tradingUi.confirm === null, UI_MS, 'cancelled');
    expect(state().trading.orders.length).toBe(1);
    await flattenAccount(screen, EXCHANGE_MS);
  }, TEST_MS);

  it('refused-for-certain-is-blocked-in-the-form: a size whose margin is far above the balance never reaches review', async () => {
    const journal = state().trading.journal.length;
    await openForm();
    await vt().type('100000');
    await eventually(() => entry()?.size === '100000', UI_MS, 'the size');
    vt().press(KEYS.enter);
    await vt().waitFor(() => entryPaneText(vt()).includes('the exchange would refuse it'), UI_MS);
    expect(state().tradingUi.reviewing).toBe(false);
    expect(state().tradingUi.confirm).toBeNull();
    // y in the form is no "send anyway": it is no key there, and nothing is sent.
    vt().press('y');
    vt().press(KEYS.enter);
    await vt().waitFor(() => entryPaneText(vt()).includes('the exchange would refuse it'), UI_MS);
    expect(state().tradingUi.confirm).toBeNull();
    expect(state().trading.journal.length).toBe(journal);
  }, TEST_MS);
});

describe('the : line', () => {
  it('command-line-history-up-down: Up brings back the lines run, newest first; Down goes forward', async () => {
    await runCommand(screen.app, 'tf 5m');
    await eventually(() => state().resolution === 300, UI_MS, '5m');
    await runCommand(screen.app, 'tf 15m');
    await eventually(() => state().resolution === 900, UI_MS, '15m');
    vt().press(':');
    await eventually(() => state().tradingUi.commandLine === '', UI_MS, 'the : line');
    vt().press(KEYS.up);
    await eventually(() => state().tradingUi.commandLine === 'tf 15m', UI_MS, 'the newest line');
    vt().press(KEYS.up);
    await eventually(() => state().tradingUi.commandLine === 'tf 5m', UI_MS, 'the older line');
    vt().press(KEYS.down);
    await eventually(() => state().tradingUi.commandLine === 'tf 15m', UI_MS, 'forward again');
    await vt().waitFor(':tf 15m█', UI_MS);
  }, TEST_MS);
});
