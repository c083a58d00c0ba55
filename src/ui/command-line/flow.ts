// The `:` command line: open, edit (the one line editor), history (Up / Down), Tab completion, and Enter,
// which runs the line. Orders typed here go through the same review as keyed ones; `:close` and `:cancel`
// ask the one confirm; the rest acts at once through TerminalActions.

import { closeSizeOfBps, formatClosePercent } from '../../domain/trading/close-share.js';
import { fractionUnits } from '../../domain/trading/size-words.js';
import type { TerminalActions } from '../../domain/terminal-actions.js';
import { userMessage } from '../../protocol/errors.js';
import { formatScaled, formatScaledTrim, parseLeverage } from '../../protocol/scaling.js';
import { setNotice } from '../../state/actions.js';
import { maxLeverageHundredths } from '../../state/order-entry.js';
import { marketsOf, type TerminalState, type TerminalStore } from '../../state/store.js';
import { askConfirm, setBell } from '../../state/trading-actions.js';
import {
  closeLine as closeCommandLine,
  openLine as openCommandLine,
  refuseLine,
  rememberLine,
  setDefaultLeverage,
  setLineText as editCommandLine,
  showHistoryLine,
} from '../../state/command-line-actions.js';
import { openAmendReview, type OrderChange } from '../open-orders/amend-review.js';
import { completeLine } from './completion.js';
import { parseLine, type ParsedLine, type TypedAmend } from './parse.js';
import { runPnlLine } from '../ledger/pnl-line.js';
import { runAccountLine } from '../accounts/account-line.js';
import { runWorkspaceLine } from './workspace-line.js';
import { currentMarket, disabledReason } from '../order-entry/flow.js';
import { amendIntent } from '../open-orders/editors.js';
import { resolveAmendWords } from './amend-words.js';
import { cancelAllQuestion } from '../confirm/cancel-all.js';
import { keyStampOf } from '../actions/execution-origin.js';
import { answerConfirmWith } from '../confirm/answers.js';
import { marketLabel } from '../../domain/market-label.js';
import { cancelScaleQuestion, newestGroup, openScaleReview } from '../algos/scale-flow.js';
import { openTwapConfirm } from '../algos/twap-flow.js';
import { openTrailConfirm } from '../algos/trail-flow.js';
import { openChaseConfirm } from '../algos/chase-flow.js';
import { askBreakevenStop } from './breakeven-line.js';
import { reviewTypedOrder } from './typed-order.js';

// Opening, closing and typing into the line are the store's own changes (state/command-line-actions.ts).
export { closeCommandLine, editCommandLine, openCommandLine };

/** Up (-1) / Down (+1): the previous / next line run before; past the newest, an empty line. */
export function stepCommandHistory(store: TerminalStore, direction: -1 | 1): void {
  const { commandHistory: history, commandHistoryAt: at } = store.getState().tradingUi;
  if (history.length === 0) return;
  const from = at ?? history.length;
  const next = Math.max(0, Math.min(history.length, from + direction));
  showHistoryLine(store, history[next] ?? '', next === history.length ? null : next);
}

/** Tab: completes the line's first word or its argument; several candidates are listed after the line. */
export function completeOnTab(store: TerminalStore): void {
  const state = store.getState();
  const text = state.tradingUi.commandLine ?? '';
  const choices = {
    orderIds: state.trading.orders.map((o) => o.orderId),
    symbols: state.markets.map((m) => m.symbol),
    hasGroups: state.trading.orders.some((o) => o.group !== undefined),
  };
  const { text: completed, candidates } = completeLine(text, choices);
  editCommandLine(store, completed, candidates.length > 1 ? candidates.join('  ') : null);
}

const remember = (store: TerminalStore, text: string): void => rememberLine(store, text.trim());
const fail = refuseLine;

/**
 * Why a typed leverage (`:lev X`, or `lev X` on a typed order) is refused: not a leverage the form could
 * take (precision), no market to check it against, or above the current market's maximum (the form would
 * clamp it; a typed leverage is refused instead, naming the maximum: a typed line is never changed).
 */
function leverageRefusal(state: TerminalState, text: string): string | null {
  let hundredths: number;
  try {
    hundredths = parseLeverage(text);
  } catch (e) {
    return `lev: ${userMessage(e)}`;
  }
  if (!state.market) return 'lev: no market loaded';
  const market = currentMarket(state);
  if (!market) return `lev: the config of ${state.market.symbol} is not loaded (no trading key): its maximum is unknown`;
  const max = maxLeverageHundredths(market);
  return hundredths > max ? `lev: ${text}x is above the ${market.symbol || market.name} maximum of ${formatScaledTrim(max, 2)}x` : null;
}

/** How a line's order is reviewed: `skipReview` over the config's `[confirm] skipReview` (a preset says its own). */
export interface LineReview {
  skipReview?: boolean;
}

/** Enter on the command line (or a preset key): runs what the line says. */
export function runCommandLine(store: TerminalStore, actions: TerminalActions, keyAtMs?: number, review: LineReview = {}): void {
  const text = store.getState().tradingUi.commandLine ?? '';
  remember(store, text);
  // :theme, :alert, :alerts, :stats, :key (workspace-line.ts).
  if (runWorkspaceLine(store, text)) return closeCommandLine(store);
  if (runPnlLine(store, actions, text, Date.now())) return closeCommandLine(store);
  const account = runAccountLine(store, actions, text);
  if (account) return account.refused ? fail(store, account.refused) : closeCommandLine(store);
  const typed = parseLine(text);
  const state = store.getState();
  switch (typed.kind) {
    case 'error':
      fail(store, typed.message);
      return;
    case 'order': {
      const refused = typed.leverage !== undefined ? leverageRefusal(state, typed.leverage) : null;
      if (refused) return fail(store, refused);
      // The line closes only once the review is open: a refused order leaves the trader's keys in the line.
      const unreviewed = reviewTypedOrder(store, typed, { actions, nowMs: Date.now(), ...(keyAtMs !== undefined ? { keyAtMs } : {}), ...review });
      if (unreviewed) return fail(store, unreviewed);
      closeCommandLine(store);
      return;
    }
    case 'scale': {
      const refused = (typed.leverage !== undefined ? leverageRefusal(state, typed.leverage) : null) ?? openScaleReview(store, typed, Date.now());
      if (refused) return fail(store, refused);
      closeCommandLine(store);
      return;
    }
    case 'twap': {
      const refused = (typed.leverage !== undefined ? leverageRefusal(state, typed.leverage) : null) ?? openTwapConfirm(store, typed);
      if (refused) return fail(store, refused);
      closeCommandLine(store);
      return;
    }
    case 'trail':
    case 'chase': {
      const refused =
        typed.kind === 'trail'
          ? openTrailConfirm(store, typed)
          : ((typed.leverage !== undefined ? leverageRefusal(state, typed.leverage) : null) ?? openChaseConfirm(store, typed));
      if (refused) return fail(store, refused);
      closeCommandLine(store);
      return;
    }
    case 'breakeven-stop': {
      const refused = askBreakevenStop(store, typed.on);
      if (refused) return fail(store, refused);
      closeCommandLine(store);
      return;
    }
    case 'lev': {
      const refused = leverageRefusal(state, typed.leverage);
      if (refused) return fail(store, refused);
      closeCommandLine(store);
      setDefaultLeverage(store, typed.leverage);
      setNotice(store, `leverage for new orders: ${typed.leverage}x`);
      return;
    }
    case 'tf':
      closeCommandLine(store);
      actions.setResolution(typed.seconds);
      return;
    case 'export':
      closeCommandLine(store);
      void actions.exportHistory(typed.ask);
      return;
    case 'bell':
      closeCommandLine(store);
      setBell(store, typed.on);
      setNotice(store, `bell ${typed.on ? 'on' : 'off'}`);
      return;
    case 'market': {
      const hit = marketsOf(state).resolve(typed.symbol);
      if (!hit) {
        fail(store, `market: no market "${typed.symbol}"`);
        return;
      }
      closeCommandLine(store);
      actions.selectMarket(hit.id, hit.symbol);
      return;
    }
    case 'amend': {
      // Reviewed like a new order (amend-review.ts): the order entry pane shows it, the confirm asks.
      const reason = disabledReason(state);
      if (reason) {
        fail(store, `cannot amend: ${reason}`);
        return;
      }
      const found = amendFor(store, typed);
      if ('error' in found) {
        fail(store, found.error);
        return;
      }
      const refused = openAmendReview(store, found.orderId, found.change, Date.now(), found.said);
      if (refused) {
        fail(store, refused.startsWith('cannot') ? refused : `amend: ${refused}`);
        return;
      }
      closeCommandLine(store);
      return;
    }
    case 'close':
    case 'cancel':
    case 'cancel-group':
    case 'cancel-all': {
      const reason = disabledReason(state);
      if (reason) {
        fail(store, `cannot ${typed.kind === 'cancel-group' ? 'cancel scale' : typed.kind.replace('-', ' ')}: ${reason}`);
        return;
      }
      const bound = typed.kind === 'close' ? closeOnScreen(state, text, typed.symbol) : text;
      if (bound === null) {
        fail(store, 'close: no market on screen (close SYMBOL)');
        return;
      }
      const question = questionOf(store, bound);
      if (typeof question !== 'string') {
        fail(store, question.error);
        return;
      }
      closeCommandLine(store);
      askConfirm(store, { text: question, action: { kind: 'command', text: bound }, at: 'bar' });
      return;
    }
  }
}

/**
 * `:close` without a market names the market on screen in the line it confirms, so the confirm closes the
 * market it asked about even if the screen moves to another before y. Null when no market is on screen.
 */
function closeOnScreen(state: TerminalState, text: string, symbol: string): string | null {
  if (symbol !== '') return text;
  const onScreen = state.market?.symbol;
  return onScreen ? text.replace(/^\s*close\b/, `close ${onScreen}`) : null;
}

function positionFor(store: TerminalStore, symbol: string) {
  const state = store.getState();
  const listed = marketsOf(state).resolve(symbol);
  const market = listed && marketsOf(state).configOf(listed.id);
  if (!market) return { error: `close: no market "${symbol}"` };
  const position = state.trading.positions.find((p) => p.marketId === market.id);
  if (!position) return { error: `close: no open ${marketLabel(market)} position` };
  return { market, position };
}

/**
 * `:amend`: the same change the Open orders tab's `e` makes (ui/open-orders/editors.ts amendIntent, exactly
 * scaled), read against the order as it is now. A size alone keeps the price; a price alone keeps the size.
 */
function amendFor(store: TerminalStore, typed: TypedAmend): { orderId: number; change: OrderChange; said: string } | { error: string } {
  const state = store.getState();
  const order = state.trading.orders.find((o) => o.orderId === typed.orderId);
  if (!order) return { error: `amend: order ${typed.orderId} is not open` };
  const market = marketsOf(state).byId(order.marketId);
  const config = marketsOf(state).configOf(order.marketId);
  if (!market || !config) return { error: `amend: market ${order.marketId} of order ${typed.orderId} is not loaded` };
  const amend = resolveAmendWords(state, typed, order, config);
  if ('error' in amend) return amend;
  const result = amendIntent(`${amend.price ?? formatScaled(order.price, market.priceDecimals)} ${amend.size ?? ''}`, order, market);
  if ('error' in result) return { error: `amend: ${result.error}` };
  if (result.intent.kind !== 'change' || result.intent.price === undefined) return { error: 'amend: nothing to change' };
  const { price, size } = result.intent;
  return { orderId: order.orderId, change: { price, ...(size !== undefined ? { size } : {}) }, said: amend.said };
}

/** The share a `:close` takes ("1/4", "50%") and the whole units it comes to of a position of `positionSize`. */
function closeShareOf(typed: Extract<ParsedLine, { kind: 'close' }>, positionSize: number): { words: string; size: number } {
  if (!typed.fraction) return { words: formatClosePercent(typed.bps), size: closeSizeOfBps(positionSize, typed.bps) };
  const { numerator, denominator } = typed.fraction;
  return { words: `${numerator}/${denominator}`, size: Number(fractionUnits(BigInt(positionSize), numerator, denominator)) };
}

function questionOf(store: TerminalStore, text: string): string | { error: string } {
  const typed = parseLine(text);
  const state = store.getState();
  if (typed.kind === 'close') {
    const found = positionFor(store, typed.symbol);
    if ('error' in found) return { error: found.error ?? 'close: not found' };
    const share = closeShareOf(typed, found.position.size);
    if (typed.fraction && share.size === 0) return { error: `close: ${share.words} of the position is less than one lot` };
    return `close ${share.words} of ${marketLabel(found.market)} ${found.position.side === 2 ? 'short' : 'long'} at market?`;
  }
  if (typed.kind === 'cancel') {
    if (!state.trading.orders.some((o) => o.orderId === typed.orderId)) return { error: `cancel: order ${typed.orderId} is not open` };
    return `cancel order ${typed.orderId}?`;
  }
  if (typed.kind === 'cancel-group') {
    const newest = newestGroup(state.trading.orders);
    if (!newest) return { error: 'cancel: no scaled order is open' };
    return cancelScaleQuestion(newest.orders.length);
  }
  if (typed.kind === 'cancel-all') {
    const n = state.trading.orders.length;
    if (n === 0) return { error: 'cancel: no open orders' };
    return cancelAllQuestion(state, `cancel all ${n} open order${n === 1 ? '' : 's'}`);
  }
  return { error: 'nothing to confirm' };
}

/** A confirmed `:close` / `:cancel` / `:cancel all`, read again against what is open now; `keyAtMs`: the `y` that confirmed it. */
export function runConfirmedLine(store: TerminalStore, actions: TerminalActions, text: string, keyAtMs?: number): void {
  const typed = parseLine(text);
  const key = keyStampOf(store.getState(), keyAtMs);
  if (typed.kind === 'close') {
    const found = positionFor(store, typed.symbol);
    if ('error' in found || !found.position) {
      setNotice(store, 'error' in found ? (found.error ?? 'close: not found') : 'close: not found');
      return;
    }
    // A fraction closes its exact share of the position as it is at `y` (rounded down to the lot).
    const share = closeShareOf(typed, found.position.size);
    const opts = typed.fraction ? { kind: 'market' as const, size: share.size } : { kind: 'market' as const, bps: typed.bps };
    if (typed.fraction && share.size === 0) return setNotice(store, `close: ${share.words} of the position is less than one lot`);
    void actions.close(found.position.positionId, opts, `close ${marketLabel(found.market)}`, key);
  } else if (typed.kind === 'cancel') {
    void actions.cancel(typed.orderId, `cancel ${typed.orderId}`, key);
  } else if (typed.kind === 'cancel-group') {
    // Read again at y: the group's legs open now (a fill since the question takes a leg out).
    const newest = newestGroup(store.getState().trading.orders);
    if (!newest) {
      setNotice(store, 'cancel: no scaled order is open');
      return;
    }
    void actions.cancelGroup(newest.orders.map((o) => o.orderId), 'cancel scale', key);
  } else if (typed.kind === 'cancel-all') {
    void actions.cancelAll(undefined, 'cancel all', key);
  }
}

answerConfirmWith('command', { yes: ({ store, actions, keyAtMs }, action) => runConfirmedLine(store, actions, action.text, keyAtMs) });
