// Keys of order entry, review, confirm, the `:` command line and the `!!` panic chord. Runs before the
// global keymap: while one of these is open it owns the keyboard (Esc backs out one level); their own
// keys (y, Enter, Tab, typing) are fixed. Opening them goes through the keymap (buy, sell, commandLine, panic).

import { setNotice } from '../state/actions.js';
import { completeCommandLine } from '../state/command-completion.js';
import { answerConfirm, closeCommandLine, editCommandLine, openCommandLine, pressPanicKey, runCommandLine } from '../state/command-actions.js';
import type { TerminalCommands } from '../state/commands.js';
import { cycleChoice, stepField, TEXT_FIELDS, typeInto } from '../state/order-entry.js';
import { acceptReview, closeEntry, openEntry, startReview, updateEntry } from '../state/order-entry-actions.js';
import type { TerminalStore } from '../state/store.js';
import { patchTradingUi } from '../state/trading-actions.js';
import { displayKey } from './help.js';
import { resolveKey, type KeyInfo } from './keymap.js';
import { activeBindings, keyOf } from './keymap-table.js';

export interface TradingKey extends KeyInfo {
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
}

const PRINTABLE = /^[\x20-\x7e]+$/;

function printable(input: string, key: TradingKey): boolean {
  return input !== '' && !key.ctrl && !key.meta && !key.tab && !key.return && !key.escape && PRINTABLE.test(input);
}

function entryKey(store: TerminalStore, commands: TerminalCommands, input: string, key: TradingKey, nowMs: number): void {
  const { entry, reviewing } = store.getState().tradingUi;
  if (!entry) return;
  if (reviewing) {
    if (key.escape) patchTradingUi(store, { reviewing: false });
    else if (key.return || input === 'y') acceptReview(store, commands, nowMs);
    return;
  }
  if (key.escape) closeEntry(store);
  else if (key.return) startReview(store, { commands, nowMs });
  else if (key.tab || key.downArrow) updateEntry(store, { ...entry, focus: stepField(entry, key.shift && key.tab ? -1 : 1) });
  else if (key.upArrow) updateEntry(store, { ...entry, focus: stepField(entry, -1) });
  else if (key.backspace || key.delete) updateEntry(store, typeInto(entry, '', true));
  else if (key.leftArrow || key.rightArrow || (input === ' ' && !TEXT_FIELDS.has(entry.focus)) || (input === ' ' && entry.focus === 'size')) {
    updateEntry(store, cycleChoice(entry));
  } else if (printable(input, key) && TEXT_FIELDS.has(entry.focus)) updateEntry(store, typeInto(entry, input, false));
}

function completeOnTab(store: TerminalStore, text: string): void {
  const state = store.getState();
  const choices = { orderIds: state.trading.orders.map((o) => o.orderId), symbols: state.markets.map((m) => m.symbol) };
  const { text: completed, candidates } = completeCommandLine(text, choices);
  editCommandLine(store, completed, candidates.length > 1 ? candidates.join('  ') : null);
}

function commandLineKey(store: TerminalStore, commands: TerminalCommands, input: string, key: TradingKey): void {
  const text = store.getState().tradingUi.commandLine ?? '';
  if (key.escape) closeCommandLine(store);
  else if (key.return) runCommandLine(store, commands);
  else if (key.tab) completeOnTab(store, text);
  else if (key.backspace || key.delete) {
    if (text === '') closeCommandLine(store);
    else editCommandLine(store, text.slice(0, -1));
  } else if (printable(input, key)) editCommandLine(store, text + input);
}

/** True when the key was consumed by trading: an open entry, review, confirm or command line, or buy / sell / commandLine / panic. */
export function handleTradingKey(store: TerminalStore, commands: TerminalCommands, input: string, key: TradingKey, nowMs = Date.now()): boolean {
  const state = store.getState();
  const ui = state.tradingUi;
  if (key.ctrl && input === 'c') return false;
  if (ui.confirm) {
    // Default answer Cancel: only `y` proceeds; Enter, Esc and anything else cancel.
    answerConfirm(store, commands, input === 'y' || input === 'Y', nowMs);
    return true;
  }
  if (ui.commandLine !== null) {
    commandLineKey(store, commands, input, key);
    return true;
  }
  if (ui.entry) {
    entryKey(store, commands, input, key, nowMs);
    return true;
  }
  // The tabs' inline editor (part of the same screen, its own slice) types these characters itself.
  if (state.tabs.prompt) return false;
  const action = resolveKey(input, key, state.focus);
  if (action === 'panic') {
    pressPanicKey(store, nowMs);
    // The notice names the key in force (panic may be remapped away from `!`).
    const panicKey = keyOf(activeBindings(), 'panic');
    if (store.getState().tradingUi.panicArmedAtMs === nowMs && panicKey) setNotice(store, panicNotice(panicKey));
    return true;
  }
  if (ui.panicArmedAtMs !== null) patchTradingUi(store, { panicArmedAtMs: null });
  if (action === 'buy' || action === 'sell') {
    openEntry(store, action === 'buy' ? 'long' : 'short');
    return true;
  }
  if (action === 'commandLine') {
    openCommandLine(store);
    return true;
  }
  const notice = store.getState().notice;
  if (key.escape && notice && /^press .+ again for panic$/.test(notice)) setNotice(store, null);
  return false;
}

function panicNotice(key: string): string {
  return `press ${displayKey(key)} again for panic`;
}
