// TerminalActions over the program's TerminalServices: every request a key can make is sent here, after the
// session's typed locks, and its outcome is reported one way: the footer notice says it went, then a toast
// (and the notice) says how it ended; what never reached the engine also gets a Journal line, so the Journal
// holds every outcome.

import type { CommandHandle, CommandOutcome, TradingCommands } from '../../domain/trading/commands.js';
import { groupHandle, legCancelled, legPlaced, legsOutcome } from '../../domain/trading/command-group.js';
import { NO_KEY_LOCK, describeLocks, type SessionLock } from '../../domain/trading/session-locks.js';
import type { AlgoControl } from '../../domain/algos/algo-row.js';
import type { ActionResult, CopyOutcome, TerminalActions, TerminalServices } from '../../domain/terminal-actions.js';
import { userMessage } from '../../protocol/errors.js';
import { marketChosen, resolutionChosen, setNotice } from '../../state/actions.js';
import type { TerminalStore } from '../../state/store.js';
import { pushToast } from '../../state/trading-actions.js';
import { tradingLocks } from '../../state/trading-locks.js';

/** What the footer says after `y`: inside tmux the copy is sent but nothing can confirm it arrived. */
export function copyNotice(outcome: CopyOutcome, text: string): string {
  if (outcome === 'too-long') return 'too long to copy';
  if (outcome === 'sent-unconfirmed') return `copy sent (cannot confirm inside tmux; needs set-clipboard on): ${text}`;
  return `copied: ${text}`;
}

/** The one line an outcome is reported with, and how it looks. */
export function resultText(result: ActionResult): { text: string; tone: 'good' | 'bad' } {
  switch (result.kind) {
    case 'done':
      return { text: `${result.label}: ${result.outcome.message}`, tone: result.outcome.ok ? 'good' : 'bad' };
    case 'locked':
      return { text: `${result.label}: orders locked: ${describeLocks(result.locks) ?? ''}`, tone: 'bad' };
    case 'refused':
      return { text: `${result.label} refused: ${result.message}`, tone: 'bad' };
  }
}

/** Toast + notice; a Journal line when the engine never saw it (locked, refused before sending). */
export function reportResult(store: TerminalStore, result: ActionResult, trading: TradingCommands | null, now: () => number = Date.now): ActionResult {
  const { text, tone } = resultText(result);
  setNotice(store, text);
  pushToast(store, text, tone, now());
  if (result.kind !== 'done') trading?.note(text);
  return result;
}

/** Why nothing can be sent with no trading side: one starting says so; else no key. */
function withoutTrading(store: TerminalStore): SessionLock[] {
  const locks = tradingLocks(store.getState());
  return locks.length > 0 ? locks : [NO_KEY_LOCK];
}

/** The key thread's order when its handle is gone (the review changed first): the Journal follows it. */
const FIRED_UNTRACKED: CommandHandle = { rqs: () => [], outcome: Promise.resolve({ ok: false, results: [], message: 'sent on its key; its outcome is in the Journal' }) };

function refusedBeforeSending(outcome: CommandOutcome): boolean {
  return outcome.results.length > 0 && outcome.results.every((r) => r.kind === 'invalid' && r.rq === 0);
}

interface SendOptions {
  /** The outcome's own words (panic counts its requests). */
  summarize?: (outcome: CommandOutcome) => CommandOutcome;
  /** Said when it leaves (panic says how much it cancels and closes). */
  onSend?: () => void;
  /** It has left already (the key thread sent it): a lock now does not hold it back, its outcome is said. */
  alreadySent?: boolean;
}

export function createTerminalActions(store: TerminalStore, services: TerminalServices, now: () => number = Date.now): TerminalActions {
  const send = async (label: string, make: (t: TradingCommands) => CommandHandle, opts: SendOptions = {}): Promise<ActionResult> => {
    const trading = services.trading?.() ?? null;
    if (!trading) return reportResult(store, { kind: 'locked', label, locks: withoutTrading(store) }, null, now);
    const locks = trading.locks();
    if (locks.length > 0 && !opts.alreadySent) return reportResult(store, { kind: 'locked', label, locks }, trading, now);
    // The requests leave first (journal line, fdatasync, socket send all run in make), the words after:
    // every store write repaints the screen at once, and a key's order must not wait behind a frame.
    let handle: CommandHandle | null = null;
    let thrown: unknown = null;
    try {
      handle = make(trading);
    } catch (e) {
      thrown = e;
    }
    setNotice(store, `${label}: sent`);
    opts.onSend?.();
    let outcome: CommandOutcome;
    try {
      if (!handle) throw thrown;
      outcome = await handle.outcome;
    } catch (e) {
      outcome = { ok: false, results: [], message: userMessage(e) };
    }
    if (refusedBeforeSending(outcome)) return reportResult(store, { kind: 'refused', label, message: outcome.message }, trading, now);
    return reportResult(store, { kind: 'done', label, outcome: opts.summarize ? opts.summarize(outcome) : outcome }, trading, now);
  };

  /** An algo request: answered at once by the runner (nothing waits on the exchange), reported one way. */
  const algo = (label: string, ask: (c: AlgoControl) => { refused: string } | { said: string }): ActionResult => {
    const control = services.algos?.() ?? null;
    const trading = services.trading?.() ?? null;
    if (!control) return reportResult(store, { kind: 'locked', label, locks: withoutTrading(store) }, trading, now);
    const answer = ask(control);
    if ('refused' in answer) return reportResult(store, { kind: 'refused', label, message: answer.refused }, trading, now);
    return reportResult(store, { kind: 'done', label, outcome: { ok: true, results: [], message: answer.said } }, trading, now);
  };
  const said = (refusal: string | null, words: string) => (refusal === null ? { said: words } : { refused: refusal });
  const startedWords = (started: { id: string } | { refused: string }) => ('refused' in started ? started : { said: `started ${started.id}` });

  return {
    startTwap: (spec, label) => algo(label, (c) => startedWords(c.startTwap(spec))),
    startTrail: (spec, label) => algo(label, (c) => startedWords(c.startTrail(spec))),
    startChase: (spec, label) => algo(label, (c) => startedWords(c.startChase(spec))),
    pauseAlgo: (id) => algo(`pause ${id}`, (c) => said(c.pause(id), 'paused')),
    resumeAlgo: (id) => algo(`resume ${id}`, (c) => said(c.unpause(id), 'resumed')),
    cancelAlgo: (id) => algo(`cancel ${id}`, (c) => said(c.cancel(id), 'cancelled')),
    place: (order, label) => send(label, (t) => t.place(order)),
    placeFired: (label) => send(label, (t) => t.firedPlace?.() ?? FIRED_UNTRACKED, { alreadySent: true }),
    // The key press goes along only when there is one (a command without it is the same call as before).
    amend: (orderId, change, label, key) => send(label, (t) => (key ? t.change(orderId, change, key) : t.change(orderId, change))),
    placeGroup: (orders, label) =>
      send(label, (t) => groupHandle(orders.map((o) => t.place(o))), { summarize: (o) => legsOutcome(o, orders.length, 'placed', legPlaced) }),
    placeScale: async (group, orders, label) => {
      const control = services.algos?.() ?? null;
      const scale: { started?: { id: string } | { refused: string } } = {};
      const notListed = (o: CommandOutcome): CommandOutcome =>
        scale.started && 'refused' in scale.started ? { ...o, message: `${o.message} (not in the Algos tab: ${scale.started.refused})` } : o;
      const make = (t: TradingCommands): CommandHandle => {
        // Journaled before the first leg leaves (send has checked the locks: a locked scale is not journaled).
        if (control) scale.started = control.startScale(group);
        return groupHandle(orders.map((o) => t.place(o)));
      };
      const result = await send(label, make, { summarize: (o) => notListed(legsOutcome(o, orders.length, 'placed', legPlaced)) });
      if (control && scale.started && 'id' in scale.started) {
        // Each leg's rq when the outcome has every leg's result; else the order journal's requests of the group say.
        const results = result.kind === 'done' ? result.outcome.results : [];
        const whole = result.kind === 'refused' || results.length === orders.length;
        control.scalePlaced(scale.started.id, whole ? results.filter(legPlaced).map((r) => r.rq) : null, orders.length);
      }
      return result;
    },
    cancel: (orderId, label, key) => send(label, (t) => (key ? t.cancel(orderId, key) : t.cancel(orderId))),
    cancelGroup: (orderIds, label, key) =>
      send(label, (t) => groupHandle(orderIds.map((id) => (key ? t.cancel(id, key) : t.cancel(id)))), {
        summarize: (o) => legsOutcome(o, orderIds.length, 'cancelled', legCancelled),
      }),
    cancelAll: (marketId, label, key) => send(label, (t) => (key ? t.cancelAll(marketId, key) : t.cancelAll(marketId))),
    close: (positionId, opts, label, key) => send(label, (t) => (key ? t.close(positionId, opts, key) : t.close(positionId, opts))),
    addCollateral: (positionId, amount, label) => send(label, (t) => t.addCollateral(positionId, amount)),
    replaceProtection: (positionId, p, opts, label, key) =>
      send(label, (t) => (key ? t.replaceProtection(positionId, p, opts, key) : t.replaceProtection(positionId, p, opts))),
    panic: (key) => {
      // Algos first: no child may leave after the cancels and closes.
      services.algos?.()?.stopAll('panic');
      const { trading } = store.getState();
      const orders = trading.orders.length;
      const positions = trading.positions.length;
      return send('panic', (t) => (key ? t.panic(key) : t.panic()), {
        // Info, not the error tone: panic leaving is what the trader asked for; only its outcome can be an error.
        onSend: () => pushToast(store, `PANIC: cancelling ${orders} order${orders === 1 ? '' : 's'}, closing ${positions} position${positions === 1 ? '' : 's'}`, 'info', now()),
        summarize: (o) => {
          const done = o.results.filter((r) => r.kind === 'definitive').length;
          const message = o.results.length === 0 ? 'nothing was open' : `${done}/${o.results.length} requests done${o.ok ? '' : `; ${o.message}`}`;
          return { ...o, ok: o.ok || o.results.length === 0, message };
        },
      });
    },
    selectMarket: (marketId, symbol) => {
      services.selectMarket(marketId);
      marketChosen(store, symbol);
    },
    setResolution: (seconds) => {
      resolutionChosen(store, seconds);
      services.setResolution(seconds);
    },
    copyText: (text) => {
      if (!services.copyText) return;
      setNotice(store, copyNotice(services.copyText(text), text));
    },
    loadMoreHistory: (kind) => services.loadMoreHistory?.(kind),
    refreshHistory: (kind) => services.refreshHistory?.(kind),
    loadLedger: () => services.loadLedger?.(),
    loadOlderCandles: () => services.loadOlderCandles?.(),
    exportHistory: async (ask) => {
      const label = `export ${ask.kind}`;
      const running = services.exportHistory?.(ask, (line) => setNotice(store, `${label}: ${line}`)) ?? null;
      if (!running) {
        reportResult(store, { kind: 'refused', label, message: 'no API key: the history is read over signed REST' }, services.trading?.() ?? null, now);
        return;
      }
      setNotice(store, `${label}: reading the history…`);
      let text: string;
      let tone: 'good' | 'bad';
      try {
        const written = await running;
        // The file's name first: on a narrow footer the directory (always $PERPL_HOME/exports) is what gets cut.
        const cut = Math.max(written.path.lastIndexOf('/'), written.path.lastIndexOf('\\'));
        const where = cut < 0 ? written.path : `${written.path.slice(cut + 1)} in ${written.path.slice(0, cut)}`;
        text = `${label}: ${written.rows} row${written.rows === 1 ? '' : 's'} written to ${where}`;
        tone = 'good';
      } catch (e) {
        text = `${label} failed: ${userMessage(e)}`;
        tone = 'bad';
      }
      setNotice(store, text);
      pushToast(store, text, tone, now());
    },
    switchAccount: async (name) => {
      if (!services.switchAccount) {
        setNotice(store, 'account: this terminal has no accounts to switch (a replay)');
        return;
      }
      setNotice(store, `account: switching to ${name}…`);
      const outcome = await services.switchAccount(name);
      setNotice(store, outcome.text);
      pushToast(store, outcome.text, outcome.ok ? 'good' : 'bad', now());
    },
    quit: () => services.quit(),
  };
}
