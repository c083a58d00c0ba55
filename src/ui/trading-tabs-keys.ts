// Keys of the bottom trading tabs when they have focus: switch tabs, move the selection, act on the
// selected row (close, collateral, TP/SL, cancel, amend), and drive the inline editor / confirm.
// Requests go through TerminalCommands.trading(); the UI itself does no I/O.

import { protectionOf } from '../domain/trading/protection.js';
import { formatScaled } from '../protocol/scaling.js';
import { describeLocks } from '../domain/trading/session-locks.js';
import { focusPane, setNotice } from '../state/actions.js';
import { openAmendReview } from '../state/amend-review.js';
import { pushToast } from '../state/trading-actions.js';
import type { TerminalCommands } from '../state/commands.js';
import type { TerminalState, TerminalStore } from '../state/store.js';
import type { CommandHandle, TradingCommands } from '../domain/trading/commands.js';
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
import { amendIntent, closeIntent, collateralIntent, protectIntent, triggerMoveIntent, type EditorResult } from '../state/trading-tabs-intents.js';
import { selectedIndex, tabRows } from '../state/trading-tabs-rows.js';
import { resolveKey, type Action, type KeyInfo } from './keymap.js';

export interface TabKey extends KeyInfo {
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
}

function marketOf(state: TerminalState, marketId: number) {
  return state.markets.find((m) => m.id === marketId) ?? (state.market?.id === marketId ? state.market : undefined);
}

function selectedRow(state: TerminalState) {
  const rows = tabRows(state);
  const index = selectedIndex(state, rows.rows.length);
  return { rows, index };
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

function send(intents: TradingCommands, intent: TabIntent): CommandHandle | string {
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
      // One replace in the client: the new trigger is armed first, the old of its role cancelled after.
      if (!intents.replaceProtection) return 'setting TP/SL is not available here';
      const spec = (price: number) => ({ price, on: intent.on, ...(intent.size !== undefined ? { size: intent.size } : {}) });
      return intents.replaceProtection(
        intent.positionId,
        { ...(intent.tp !== undefined ? { tp: spec(intent.tp) } : {}), ...(intent.sl !== undefined ? { sl: spec(intent.sl) } : {}) },
        intent.replacing !== undefined ? { replacing: [intent.replacing] } : {},
      );
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
  const locked = describeLocks(intents.locks());
  if (locked) {
    setNotice(store, `orders locked: ${locked}`);
    return;
  }
  const label = describe(intent);
  const handle = send(intents, intent);
  if (typeof handle === 'string') {
    setNotice(store, `${label}: ${handle}`);
    return;
  }
  setNotice(store, `${label}: sent`);
  handle.outcome.then(
    (o) => {
      // TP/SL and collateral outcomes name what they changed ("SL 65,000.0 armed (mark); old SL ... cancelled",
      // "collateral +100.00 -> 502.28, liq ..."): shown whole in a toast, and kept as the notice.
      if (intent.kind !== 'protect' && intent.kind !== 'collateral') return setNotice(store, `${label}: ${o.message}`);
      setNotice(store, o.message);
      pushToast(store, o.message, o.ok ? 'good' : 'bad', Date.now());
    },
    (e: unknown) => setNotice(store, `${label}: ${e instanceof Error ? e.message : String(e)}`),
  );
}

/** A trigger's change moves its trigger, not a resting price: it keeps the TP/SL path. */
function isTrigger(state: TerminalState, orderId: number): boolean {
  return state.trading.orders.find((o) => o.orderId === orderId)?.triggerPrice != null;
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
  } else if (prompt.mode === 'trigger') {
    const order = state.trading.orders.find((o) => o.orderId === prompt.targetId);
    const market = order && marketOf(state, order.marketId);
    const position = order && state.trading.positions.find((p) => p.positionId === order.linkedPositionId);
    if (order && market) result = triggerMoveIntent(prompt.text, order, position, market);
  } else {
    const position = state.trading.positions.find((p) => p.positionId === prompt.targetId);
    const market = position && marketOf(state, position.marketId);
    if (position && market) {
      result =
        prompt.mode === 'close'
          ? closeIntent(prompt.text, position, market)
          : prompt.mode === 'collateral'
            ? collateralIntent(prompt.text, position, market)
            : protectIntent(prompt.text, position, market, protectionOf(position, state.trading.orders));
    }
  }
  if ('error' in result) setPromptError(store, result.error);
  else if (result.intent.kind === 'change' && !isTrigger(state, result.intent.orderId)) {
    // Reviewed like a new order: the order entry pane shows the order as it would stand, the confirm asks.
    const { orderId, price, size } = result.intent;
    const refused = openAmendReview(store, orderId, { ...(price !== undefined ? { price } : {}), ...(size !== undefined ? { size } : {}) }, Date.now());
    if (refused) setPromptError(store, refused);
    else setPrompt(store, null);
  } else if (result.confirm) setPrompt(store, { kind: 'confirm', question: result.confirm, intent: result.intent });
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

/** The row actions of the Positions and Open orders tabs; false when the action means nothing here. */
function openRowAction(store: TerminalStore, action: Action): boolean {
  const state = store.getState();
  const { rows, index } = selectedRow(state);
  if (rows.tab === 'positions') {
    const position = rows.rows[index];
    if (!position) return false;
    if (action === 'closePosition') openEditor(store, 'close', position.positionId);
    else if (action === 'addCollateral') openEditor(store, 'collateral', position.positionId);
    else if (action === 'editTpsl') {
      const market = marketOf(state, position.marketId);
      const { stopLoss, takeProfit } = protectionOf(position, state.trading.orders);
      const price = (raw: number) => (market ? formatScaled(raw, market.priceDecimals) : '');
      const words = [...stopLoss.map((t) => `sl ${price(t.price)}`), ...takeProfit.map((t) => `tp ${price(t.price)}`)];
      openEditor(store, 'tpsl', position.positionId, words.join(' '));
    } else return false;
    return true;
  }
  if (rows.tab === 'orders') {
    const order = rows.rows[index];
    if (action === 'cancelMarketOrders') {
      const market = state.market;
      if (market) setPrompt(store, { kind: 'confirm', question: `cancel every order in ${market.symbol}?`, intent: { kind: 'cancelAll', marketId: market.id } });
      return true;
    }
    if (action === 'cancelAllOrders') {
      setPrompt(store, { kind: 'confirm', question: 'cancel every open order in every market?', intent: { kind: 'cancelAll' } });
      return true;
    }
    if (!order) return action === 'cancelOrder' || action === 'amendOrder';
    if (action === 'cancelOrder') {
      setPrompt(store, { kind: 'confirm', question: `cancel order ${order.orderId}?`, intent: { kind: 'cancel', orderId: order.orderId } });
      return true;
    }
    if (action === 'amendOrder' && order.triggerPrice !== null) {
      // A trigger moves its TRIGGER price (a replace: the exchange changes resting orders only).
      const market = marketOf(state, order.marketId);
      openEditor(store, 'trigger', order.orderId, market ? formatScaled(order.triggerPrice, market.priceDecimals) : '');
      return true;
    }
    if (action === 'amendOrder') {
      const market = marketOf(state, order.marketId);
      const prefill = market ? `${formatScaled(order.price, market.priceDecimals)} ${formatScaled(order.originalSize - order.filledSize, market.sizeDecimals)}` : '';
      openEditor(store, 'amend', order.orderId, prefill);
      return true;
    }
  }
  return false;
}

const TAB_BY_ACTION: Partial<Record<Action, TradingTab>> = {
  tabPositions: 'positions', tabOrders: 'orders', tabFills: 'fills', tabHistory: 'history', tabJournal: 'journal',
  focusPositions: 'positions', focusOrders: 'orders',
};

function stepOf(action: Action, pageRows: number): number {
  return { up: -1, down: 1, pageUp: -pageRows, pageDown: pageRows, top: -1e9, bottom: 1e9 }[action as string] ?? 0;
}

/** Runs an action of the trading tabs; false for actions that belong to someone else. */
function runTabsAction(store: TerminalStore, commands: TerminalCommands, action: Action, pageRows: number): boolean {
  const state = store.getState();
  const tab = TAB_BY_ACTION[action];
  if (action === 'focusPositions' || action === 'focusOrders') {
    focusPane(store, 'trading');
    if (tab) selectTab(store, tab);
    return true;
  }
  if (state.focus !== 'trading') return false;
  if (action === 'prevTab' || action === 'nextTab') {
    stepTab(store, action === 'prevTab' ? -1 : 1);
    return true;
  }
  if (tab) {
    selectTab(store, tab);
    return true;
  }
  const step = stepOf(action, pageRows);
  if (step !== 0) {
    const { rows, index } = selectedRow(state);
    moveSelection(store, step, rows.rows.length);
    // Paged history: ask for the next page when the cursor nears the end of what is loaded.
    if ('feed' in rows && step > 0 && index + step >= rows.rows.length - pageRows) commands.loadMoreHistory?.(rows.feed);
    return true;
  }
  if (state.tabs.tab === 'fills' || state.tabs.tab === 'history') {
    if (action === 'marketFilter') toggleMarketFilter(store);
    else if (action === 'historyView' && state.tabs.tab === 'history') cycleHistoryView(store);
    else if (action === 'refreshHistory') {
      const rows = tabRows(store.getState());
      if ('feed' in rows) commands.refreshHistory?.(rows.feed);
    } else return false;
    return true;
  }
  return openRowAction(store, action);
}

/**
 * Handles a key for the trading tabs: their inline editor / confirm while one is open (it owns the
 * keyboard), else the tabs' actions from the keymap (5 / 6 from anywhere, the rest while the tabs have
 * focus). Returns false for keys it leaves to the global keymap (focus, quit, order entry...).
 */
export function handleTradingTabsKey(store: TerminalStore, commands: TerminalCommands, input: string, key: TabKey, pageRows: number): boolean {
  const state = store.getState();
  // Order entry, review, the command line and their confirms own the keyboard while open.
  const ui = state.tradingUi;
  if (ui.entry || ui.commandLine !== null || ui.confirm) return false;
  if (state.focus === 'trading' && state.tabs.prompt) {
    handlePromptKey(store, commands, input, key);
    return true;
  }
  const action = resolveKey(input, key, state.focus);
  return action !== null && runTabsAction(store, commands, action, pageRows);
}
