// Running a `:` command line, the confirms it and panic need (default answer Cancel), and the `!!`
// chord. Orders typed here go through the same review as keyed ones.

import { formatClosePercent } from '../domain/trading/close-share.js';
import { userMessage } from '../protocol/errors.js';
import { formatScaled, formatScaledTrim, parseLeverage } from '../protocol/scaling.js';
import { setNotice } from './actions.js';
import { answerAmend, closeAmendReview, openAmendReview, type OrderChange } from './amend-review.js';
import { parseCommandLine, type AmendCommand } from './command-line.js';
import { runLiveCommandLine } from './live-commands.js';
import type { TerminalCommands } from './commands.js';
import { currentMarket, disabledReason, entryFromCommand, reportOutcome, sendEntry } from './order-entry-actions.js';
import { maxLeverageHundredths } from './order-entry.js';
import type { TerminalState, TerminalStore } from './store.js';
import { askConfirm, patchTradingUi, pushToast } from './trading-actions.js';
import { amendIntent } from './trading-tabs-intents.js';

/** Two `!` within this long arm panic. */
export const PANIC_CHORD_MS = 1_500;

export function openCommandLine(store: TerminalStore): void {
  patchTradingUi(store, { commandLine: '', commandError: null, commandHint: null });
}

export function closeCommandLine(store: TerminalStore): void {
  patchTradingUi(store, { commandLine: null, commandError: null, commandHint: null });
}

export function editCommandLine(store: TerminalStore, text: string, hint: string | null = null): void {
  patchTradingUi(store, { commandLine: text.slice(0, 120), commandError: null, commandHint: hint });
}

function fail(store: TerminalStore, message: string): void {
  // The line stays open with the text so the trader can fix it.
  patchTradingUi(store, { commandError: message });
}

/**
 * Why a typed leverage (`:lev X`, or `lev X` on a typed order) is refused: not a leverage the form could
 * take (precision), no market to check it against, or above the current market's maximum (the form would
 * clamp it; a typed leverage is refused instead, naming the maximum: a typed command is never changed).
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

/** Enter on the command line. */
export function runCommandLine(store: TerminalStore, commands: TerminalCommands): void {
  const text = store.getState().tradingUi.commandLine ?? '';
  // :theme, :alert, :alerts (state/live-commands.ts).
  if (runLiveCommandLine(store, text)) return closeCommandLine(store);
  const cmd = parseCommandLine(text);
  const state = store.getState();
  switch (cmd.kind) {
    case 'error':
      fail(store, cmd.message);
      return;
    case 'order': {
      const refused = cmd.leverage !== undefined ? leverageRefusal(state, cmd.leverage) : null;
      if (refused) return fail(store, refused);
      closeCommandLine(store);
      entryFromCommand(store, cmd, { commands, nowMs: Date.now() });
      return;
    }
    case 'lev': {
      const refused = leverageRefusal(state, cmd.leverage);
      if (refused) return fail(store, refused);
      closeCommandLine(store);
      patchTradingUi(store, { leverage: cmd.leverage });
      setNotice(store, `leverage for new orders: ${cmd.leverage}x`);
      return;
    }
    case 'tf':
      closeCommandLine(store);
      store.setState({ resolution: cmd.seconds });
      commands.setResolution(cmd.seconds);
      return;
    case 'bell':
      closeCommandLine(store);
      patchTradingUi(store, { bell: cmd.on });
      setNotice(store, `bell ${cmd.on ? 'on' : 'off'}`);
      return;
    case 'market': {
      const want = cmd.symbol.toLowerCase();
      const hit = state.markets.find((m) => m.symbol.toLowerCase() === want || m.name.toLowerCase() === want || m.symbol.toLowerCase().startsWith(want));
      if (!hit) {
        fail(store, `market: no market "${cmd.symbol}"`);
        return;
      }
      closeCommandLine(store);
      commands.selectMarket(hit.id);
      store.setState({ bookCursor: null, notice: `market ${hit.symbol}` });
      return;
    }
    case 'amend': {
      // Reviewed like a new order (amend-review.ts): the order entry pane shows it, the confirm asks.
      const reason = disabledReason(state);
      if (reason) {
        fail(store, `cannot amend: ${reason}`);
        return;
      }
      const found = amendFor(store, cmd);
      if ('error' in found) {
        fail(store, found.error);
        return;
      }
      const refused = openAmendReview(store, found.orderId, found.change, Date.now());
      if (refused) {
        fail(store, refused.startsWith('cannot') ? refused : `amend: ${refused}`);
        return;
      }
      closeCommandLine(store);
      return;
    }
    case 'close':
    case 'cancel':
    case 'cancel-all': {
      const reason = disabledReason(state);
      if (reason) {
        fail(store, `cannot ${cmd.kind.replace('-', ' ')}: ${reason}`);
        return;
      }
      const question = describeConfirm(store, text);
      if (typeof question !== 'string') {
        fail(store, question.error);
        return;
      }
      closeCommandLine(store);
      patchTradingUi(store, { pendingCommand: text });
      askConfirm(store, { text: question, action: cmd.kind });
      return;
    }
  }
}

function positionFor(store: TerminalStore, symbol: string) {
  const state = store.getState();
  const want = symbol.toLowerCase();
  const market = state.trading.markets.find((m) => m.symbol.toLowerCase() === want || m.name.toLowerCase() === want || m.symbol.toLowerCase().startsWith(want));
  if (!market) return { error: `close: no market "${symbol}"` };
  const position = state.trading.positions.find((p) => p.marketId === market.id);
  if (!position) return { error: `close: no open ${market.symbol} position` };
  return { market, position };
}

/**
 * `:amend`: the same change the Open orders tab's `e` makes (trading-tabs-intents.ts amendIntent, exactly
 * scaled), read against the order as it is now. A size alone keeps the price; a price alone keeps the size.
 */
function amendFor(store: TerminalStore, cmd: AmendCommand): { orderId: number; change: OrderChange } | { error: string } {
  const state = store.getState();
  const order = state.trading.orders.find((o) => o.orderId === cmd.orderId);
  if (!order) return { error: `amend: order ${cmd.orderId} is not open` };
  const market = state.markets.find((m) => m.id === order.marketId);
  if (!market) return { error: `amend: market ${order.marketId} of order ${cmd.orderId} is not loaded` };
  const result = amendIntent(`${cmd.price ?? formatScaled(order.price, market.priceDecimals)} ${cmd.size ?? ''}`, order, market);
  if ('error' in result) return { error: `amend: ${result.error}` };
  if (result.intent.kind !== 'change' || result.intent.price === undefined) return { error: 'amend: nothing to change' };
  const { price, size } = result.intent;
  return { orderId: order.orderId, change: { price, ...(size !== undefined ? { size } : {}) } };
}

function describeConfirm(store: TerminalStore, text: string): string | { error: string } {
  const cmd = parseCommandLine(text);
  const state = store.getState();
  if (cmd.kind === 'close') {
    const found = positionFor(store, cmd.symbol);
    if ('error' in found) return { error: found.error ?? 'close: not found' };
    return `close ${formatClosePercent(cmd.bps)} of ${found.market.symbol} ${found.position.side === 2 ? 'short' : 'long'} at market?`;
  }
  if (cmd.kind === 'cancel') {
    if (!state.trading.orders.some((o) => o.orderId === cmd.orderId)) return { error: `cancel: order ${cmd.orderId} is not open` };
    return `cancel order ${cmd.orderId}?`;
  }
  if (cmd.kind === 'cancel-all') {
    const n = state.trading.orders.length;
    if (n === 0) return { error: 'cancel: no open orders' };
    return `cancel all ${n} open order${n === 1 ? '' : 's'}?`;
  }
  return { error: 'nothing to confirm' };
}

function runPending(store: TerminalStore, commands: TerminalCommands, text: string): void {
  const intents = commands.trading?.() ?? null;
  const cmd = parseCommandLine(text);
  if (!intents) return;
  if (cmd.kind === 'close') {
    const found = positionFor(store, cmd.symbol);
    if ('error' in found || !found.position) return;
    reportOutcome(store, `close ${found.market.symbol}`, intents.close(found.position.positionId, { kind: 'market', bps: cmd.bps }), Date.now);
  } else if (cmd.kind === 'cancel') {
    reportOutcome(store, `cancel ${cmd.orderId}`, intents.cancel(cmd.orderId), Date.now);
  } else if (cmd.kind === 'cancel-all') {
    reportOutcome(store, 'cancel all', intents.cancelAll(), Date.now);
  }
}

function runPanic(store: TerminalStore, commands: TerminalCommands, nowMs: number): void {
  const intents = commands.trading?.() ?? null;
  if (!intents) {
    setNotice(store, `panic: ${disabledReason(store.getState()) ?? 'no trading client'}`);
    return;
  }
  const state = store.getState();
  const orders = state.trading.orders.length;
  const positions = state.trading.positions.length;
  pushToast(store, `PANIC: cancelling ${orders} order${orders === 1 ? '' : 's'}, closing ${positions} position${positions === 1 ? '' : 's'}`, 'bad', nowMs);
  void intents.panic().outcome.then(
    (o) => {
      const ok = o.results.filter((r) => r.kind === 'definitive').length;
      const summary = o.results.length === 0 ? 'nothing was open' : `${ok}/${o.results.length} requests done${o.ok ? '' : `; ${o.message}`}`;
      pushToast(store, `panic: ${summary}`, o.ok ? 'good' : 'bad', Date.now());
    },
    (e: unknown) => pushToast(store, `panic failed: ${e instanceof Error ? e.message : String(e)}`, 'bad', Date.now()),
  );
}

/** `y` on a confirm: do it. Anything else: Cancel (the default). */
export function answerConfirm(store: TerminalStore, commands: TerminalCommands, yes: boolean, nowMs: number): void {
  const { confirm, pendingCommand } = store.getState().tradingUi;
  if (!confirm) return;
  askConfirm(store, null);
  patchTradingUi(store, { pendingCommand: null });
  if (confirm.action === 'amend') return answerAmend(store, commands, yes);
  // Another question (a quit on Ctrl-C) replaced the amend's: that review is over, nothing sent.
  if (store.getState().tradingUi.amend) closeAmendReview(store);
  if (!yes) {
    setNotice(store, 'cancelled');
    return;
  }
  if (confirm.action === 'quit') commands.quit();
  else if (confirm.action === 'send-order') sendEntry(store, commands, nowMs);
  else if (confirm.action === 'panic') runPanic(store, commands, nowMs);
  else if (pendingCommand) runPending(store, commands, pendingCommand);
}

/** `!`: the second press within PANIC_CHORD_MS asks to panic. */
export function pressPanicKey(store: TerminalStore, nowMs: number): void {
  const armed = store.getState().tradingUi.panicArmedAtMs;
  if (armed !== null && nowMs - armed <= PANIC_CHORD_MS) {
    patchTradingUi(store, { panicArmedAtMs: null });
    const s = store.getState().trading;
    askConfirm(store, { text: `PANIC: cancel ${s.orders.length} orders and close ${s.positions.length} positions at market?`, action: 'panic' });
    return;
  }
  patchTradingUi(store, { panicArmedAtMs: nowMs });
  setNotice(store, 'press ! again for panic');
}

/**
 * q / Ctrl-C: quits at once unless requests are in flight, then asks (default Cancel): the exchange may still
 * execute them and the trader would not see how. Asked again while asking (a second Ctrl-C) quits.
 */
export function requestQuit(store: TerminalStore, commands: TerminalCommands): void {
  const { trading, tradingUi, network } = store.getState();
  // The exchange started inside this terminal stops with it: its orders and positions are gone for good.
  const held = network?.inProcess === true ? trading.orders.length + trading.positions.length : 0;
  if ((trading.inFlight === 0 && held === 0) || tradingUi.confirm?.action === 'quit') {
    commands.quit();
    return;
  }
  const n = trading.inFlight;
  const inFlight = n > 0 ? `${n} request${n === 1 ? '' : 's'} in flight (the exchange may still execute them); ` : '';
  const wipe = held > 0 ? `quitting stops the local exchange started here and wipes its ${trading.orders.length} orders and ${trading.positions.length} positions (perpl sim --state FILE keeps them); ` : '';
  askConfirm(store, { text: `${inFlight}${wipe}quit anyway?`, action: 'quit' });
}

export { currentMarket };
