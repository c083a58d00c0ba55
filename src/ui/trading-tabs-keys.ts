// Keys of the bottom trading tabs when they have focus: switch tabs, move the selection, act on the
// selected row (close, collateral, TP/SL, cancel, amend), and drive the inline editor / confirm.
// Requests go through TerminalCommands.trading(); the UI itself does no I/O.

import { PositionSide, TriggerCondition } from '../protocol/enums.js';
import { formatScaled } from '../protocol/scaling.js';
import { setNotice } from '../state/actions.js';
import type { TerminalCommands } from '../state/commands.js';
import type { TerminalState, TerminalStore } from '../state/store.js';
import type { IntentHandle, TradingIntents } from '../state/trading-commands.js';
import {
  cycleHistoryView,
  editPromptText,
  moveSelection,
  openEditor,
  selectTab,
  setPrompt,
  setPromptError,
  stepTab,
  toggleMarketFilter,
  type TabIntent,
  type TradingTab,
} from '../state/trading-tabs.js';
import { amendIntent, closeIntent, collateralIntent, protectIntent, type EditorResult } from '../state/trading-tabs-intents.js';
import { selectedIndex, tabRows } from '../state/trading-tabs-rows.js';
import type { KeyInfo } from './keymap.js';

export interface TabKey extends KeyInfo {
  leftArrow?: boolean;
  rightArrow?: boolean;
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
}

const TAB_BY_INITIAL: Record<string, TradingTab> = { P: 'positions', O: 'orders', F: 'fills', H: 'history', J: 'journal' };

function marketOf(state: TerminalState, marketId: number) {
  return state.markets.find((m) => m.id === marketId) ?? (state.market?.id === marketId ? state.market : undefined);
}

function selectedRow(state: TerminalState) {
  const rows = tabRows(state);
  const index = selectedIndex(state, rows.rows.length);
  return { rows, index };
}

/** Linked untriggered orders of a position in one role (stop-loss = the loss side of the position). */
function linkedTriggers(state: TerminalState, positionId: number, side: number, role: 'tp' | 'sl'): number[] {
  const long = side !== PositionSide.Short;
  const lte = long === (role === 'sl');
  const lteConds: readonly number[] = [TriggerCondition.LTELast, TriggerCondition.LTEMark];
  return state.trading.orders
    .filter((o) => o.linkedPositionId === positionId && o.triggerCondition !== null && lteConds.includes(o.triggerCondition) === lte)
    .map((o) => o.orderId);
}

function describe(intent: TabIntent): string {
  switch (intent.kind) {
    case 'cancel':
      return `cancel ${intent.orderId}`;
    case 'cancelAll':
      return intent.marketId === undefined ? 'cancel all' : 'cancel all in market';
    case 'change':
      return `change ${intent.orderId}`;
    case 'close':
      return `close #${intent.positionId}`;
    case 'collateral':
      return `collateral #${intent.positionId}`;
    case 'protect':
      return `TP/SL #${intent.positionId}`;
  }
}

function send(intents: TradingIntents, intent: TabIntent, state: TerminalState): IntentHandle | string {
  switch (intent.kind) {
    case 'cancel':
      return intents.cancel(intent.orderId);
    case 'cancelAll':
      return intents.cancelAll(intent.marketId);
    case 'change':
      return intents.change(intent.orderId, { ...(intent.price !== undefined ? { price: intent.price } : {}), ...(intent.size !== undefined ? { size: intent.size } : {}) });
    case 'close':
      return intents.close(intent.positionId, intent.opts);
    case 'collateral':
      return intents.addCollateral(intent.positionId, intent.amount);
    case 'protect': {
      if (!intents.protect) return 'attaching TP/SL is not available here';
      const position = state.trading.positions.find((p) => p.positionId === intent.positionId);
      // Editing replaces: the old trigger of the same role is cancelled first.
      const roles: Array<'tp' | 'sl'> = [...(intent.tp !== undefined ? ['tp' as const] : []), ...(intent.sl !== undefined ? ['sl' as const] : [])];
      if (position) for (const role of roles) for (const oid of linkedTriggers(state, position.positionId, position.side, role)) intents.cancel(oid);
      return intents.protect(intent.positionId, {
        ...(intent.tp !== undefined ? { tp: { price: intent.tp, on: intent.on } } : {}),
        ...(intent.sl !== undefined ? { sl: { price: intent.sl, on: intent.on } } : {}),
      });
    }
  }
}

/** Sends a confirmed intent and reports its outcome in the footer notice. */
export function runTabIntent(store: TerminalStore, commands: TerminalCommands, intent: TabIntent): void {
  setPrompt(store, null);
  const intents = commands.trading?.() ?? null;
  if (!intents) {
    setNotice(store, 'read-only: no trading key loaded');
    return;
  }
  const locked = intents.lockReason();
  if (locked) {
    setNotice(store, `orders locked: ${locked}`);
    return;
  }
  const label = describe(intent);
  const handle = send(intents, intent, store.getState());
  if (typeof handle === 'string') {
    setNotice(store, `${label}: ${handle}`);
    return;
  }
  setNotice(store, `${label}: sent`);
  handle.outcome.then(
    (o) => setNotice(store, `${label}: ${o.message}`),
    (e: unknown) => setNotice(store, `${label}: ${e instanceof Error ? e.message : String(e)}`),
  );
}

function submitEditor(store: TerminalStore, commands: TerminalCommands): void {
  const state = store.getState();
  const prompt = state.tabs.prompt;
  if (prompt?.kind !== 'editor') return;
  let result: EditorResult = { error: 'that row is gone' };
  if (prompt.mode === 'amend') {
    const order = state.trading.orders.find((o) => o.orderId === prompt.targetId);
    const market = order && marketOf(state, order.marketId);
    if (order && market) result = amendIntent(prompt.text, order, market);
  } else {
    const position = state.trading.positions.find((p) => p.positionId === prompt.targetId);
    const market = position && marketOf(state, position.marketId);
    if (position && market) {
      result =
        prompt.mode === 'close'
          ? closeIntent(prompt.text, position, market)
          : prompt.mode === 'collateral'
            ? collateralIntent(prompt.text, position, market)
            : protectIntent(prompt.text, position, market);
    }
  }
  if ('error' in result) setPromptError(store, result.error);
  else if (result.confirm) setPrompt(store, { kind: 'confirm', question: result.confirm, intent: result.intent });
  else runTabIntent(store, commands, result.intent);
}

function handlePromptKey(store: TerminalStore, commands: TerminalCommands, input: string, key: TabKey): void {
  const prompt = store.getState().tabs.prompt;
  if (!prompt) return;
  if (prompt.kind === 'confirm') {
    // Default Cancel: only `y` proceeds; Enter, Esc, n and anything else back out.
    if (input === 'y' && !key.ctrl && !key.meta) runTabIntent(store, commands, prompt.intent);
    else setPrompt(store, null);
    return;
  }
  if (key.escape) setPrompt(store, null);
  else if (key.return) submitEditor(store, commands);
  else if (key.backspace || key.delete) editPromptText(store, (t) => t.slice(0, -1));
  else if (key.ctrl && input === 'u') editPromptText(store, () => ''); // clear the line, as in a shell
  else if (input && !key.ctrl && !key.meta && /^[\x20-\x7e]+$/.test(input)) editPromptText(store, (t) => t + input);
}

function openRowAction(store: TerminalStore, input: string): boolean {
  const state = store.getState();
  const { rows, index } = selectedRow(state);
  if (rows.tab === 'positions') {
    const position = rows.rows[index];
    if (!position || !['x', 'a', 't'].includes(input)) return false;
    if (input === 'x') openEditor(store, 'close', position.positionId);
    else if (input === 'a') openEditor(store, 'collateral', position.positionId);
    else {
      const market = marketOf(state, position.marketId);
      const current = state.trading.orders.filter((o) => o.linkedPositionId === position.positionId && o.triggerPrice !== null);
      const lteConds: readonly number[] = [TriggerCondition.LTELast, TriggerCondition.LTEMark];
      const long = position.side !== PositionSide.Short;
      const words = current.map((o) => `${lteConds.includes(o.triggerCondition ?? 0) === long ? 'sl' : 'tp'} ${market ? formatScaled(o.triggerPrice ?? 0, market.priceDecimals) : ''}`);
      openEditor(store, 'tpsl', position.positionId, words.join(' '));
    }
    return true;
  }
  if (rows.tab === 'orders') {
    const order = rows.rows[index];
    if (input === 'C') {
      const market = state.market;
      if (market) setPrompt(store, { kind: 'confirm', question: `cancel every order in ${market.symbol}?`, intent: { kind: 'cancelAll', marketId: market.id } });
      return true;
    }
    if (input === 'A') {
      setPrompt(store, { kind: 'confirm', question: 'cancel every open order in every market?', intent: { kind: 'cancelAll' } });
      return true;
    }
    if (!order) return input === 'c' || input === 'e';
    if (input === 'c') {
      setPrompt(store, { kind: 'confirm', question: `cancel order ${order.orderId}?`, intent: { kind: 'cancel', orderId: order.orderId } });
      return true;
    }
    if (input === 'e') {
      const market = marketOf(state, order.marketId);
      const prefill = market ? `${formatScaled(order.price, market.priceDecimals)} ${formatScaled(order.originalSize - order.filledSize, market.sizeDecimals)}` : '';
      openEditor(store, 'amend', order.orderId, prefill);
      return true;
    }
  }
  return false;
}

/**
 * Handles a key while the trading tabs have focus. Returns false for keys it leaves to the global
 * keymap (focus, quit, order entry...). `loadMore` asks the app for the next history page.
 */
export function handleTradingTabsKey(store: TerminalStore, commands: TerminalCommands, input: string, key: TabKey, pageRows: number): boolean {
  const state = store.getState();
  if (state.focus !== 'trading') return false;
  // Order entry, review, the command line and their confirms own the keyboard while open.
  const ui = state.tradingUi;
  if (ui.entry || ui.commandLine !== null || ui.confirm) return false;
  if (state.tabs.prompt) {
    handlePromptKey(store, commands, input, key);
    return true;
  }
  if (key.ctrl || key.tab || key.escape) return false;
  if (key.leftArrow || input === 'h') {
    stepTab(store, -1);
    return true;
  }
  if (key.rightArrow || input === 'l') {
    stepTab(store, 1);
    return true;
  }
  const tab = TAB_BY_INITIAL[input];
  if (tab) {
    selectTab(store, tab);
    return true;
  }
  const step = key.upArrow || input === 'k' ? -1 : key.downArrow || input === 'j' ? 1 : key.pageUp ? -pageRows : key.pageDown ? pageRows : input === 'g' ? -1e9 : input === 'G' ? 1e9 : 0;
  if (step !== 0) {
    const { rows, index } = selectedRow(state);
    moveSelection(store, step, rows.rows.length);
    // Paged history: ask for the next page when the cursor nears the end of what is loaded.
    if ('feed' in rows && step > 0 && index + step >= rows.rows.length - pageRows) commands.loadMoreHistory?.(rows.feed);
    return true;
  }
  if (state.tabs.tab === 'fills' || state.tabs.tab === 'history') {
    if (input === 'm') toggleMarketFilter(store);
    else if (input === 'v' && state.tabs.tab === 'history') cycleHistoryView(store);
    else if (input === 'r') {
      const rows = tabRows(store.getState());
      if ('feed' in rows) commands.loadMoreHistory?.(rows.feed);
    } else return false;
    return true;
  }
  return openRowAction(store, input);
}
