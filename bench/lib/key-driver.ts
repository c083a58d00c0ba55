// key_to_wire, from the key a trader presses to the mt 22 bytes handed to the socket. The probe types an
// order on the app's command line (`:buy SIZE @ PRICE ioc`, Enter: the review opens), then asks the bench
// parent to press `y`: after a random pause (a trader reads the review; a key lands anywhere in the frame
// cycle, not just as the frame that showed the review is painted) the parent (its presser thread, key-press.ts) writes it into the probe's
// stdin pipe and notes the time, so the key arrives like a real one, as I/O that waits behind whatever
// paint is running. The probe notes when the
// app's own trading socket sends the order (ws send), and the parent takes the difference.
// Orders are IOC limits a few percent under the bid: none fills, none rests, each passes smart confirm.

import WebSocket from 'ws';
import { notionalAtoms } from '../../src/domain/trading/notional.js';
import type { Market } from '../../src/protocol/frames.js';
import { formatScaledTrim } from '../../src/protocol/scaling.js';
import type { TerminalStore } from '../../src/state/store.js';
import { epochNow } from '../../src/lib/epoch-now.js';

export interface KeyDriverEvents {
  /** The review of order `n` is open: press `key` now (the clock starts at that write). */
  ready(n: number, key: string): void;
  /** Order `n` left through the socket at this epoch ms, `handledMs` after its key was read; `fired` when the key thread sent it on its own read. */
  sent(n: number, atEpochMs: number, handledMs: number, fired: boolean): void;
}

export interface KeyDriver {
  /** Orders that reached the socket. */
  sent: number;
  /** Orders typed that never reached the socket, and why (the last reason). */
  refused: number;
  lastRefusal: string | null;
  stop(): void;
}

const ORDER_FRAME = /^\{"mt":22[,}]/;
const GIVE_UP_MS = 4_000;
const NEXT_ORDER_MS = 30;
/**
 * At most one order per this many ms: the exchange allows 120 requests a minute per trading socket and
 * the app keeps 108 (client/trading/request-limits.ts); faster, every order past the first 100 waits in
 * the app's send budget for ~550 ms, which is the exchange's limit, not the key's path.
 */
const ORDER_GAP_MS = 600;

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes: the app's own clock. */
export { epochNow };

/** The smallest size (a power of two in size units) whose notional at `price` is twice the exchange's minimum. */
export function minimumSize(market: Market, price: number): number {
  const min = BigInt(market.config.min_settle_amount || '0');
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  let s = 1;
  while (notionalAtoms(price, s, scales) < min * 2n && s < 2 ** 40) s *= 2;
  return s;
}

/** Sees every frame text the app hands to a socket: when, and the read time of the key the key thread fired it on (null: not fired). Returns the stop. */
export type SendWatch = (onSend: (text: string, atEpochMs: number, firedOnReadAtEpochMs: number | null) => void) => () => void;

/** Every frame any `ws` socket of this thread sends (the trading socket when no key thread owns it). */
const tapSocketSends: SendWatch = (onSend) => {
  const proto = WebSocket.prototype as unknown as { send: (data: unknown, ...rest: unknown[]) => void };
  const original = proto.send;
  proto.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
    original.call(this, data, ...rest);
    if (typeof data === 'string') onSend(data, epochNow(), null);
  };
  return () => {
    proto.send = original;
  };
}

/** One key at a time, as a trader types: `:` must open the command line before the rest arrives. */
export async function typeEachKey(type: (text: string) => void, text: string, gapMs = 2): Promise<void> {
  for (const ch of text) {
    type(ch);
    await new Promise((r) => setTimeout(r, gapMs));
  }
}

export function startKeyDriver(o: {
  store: TerminalStore;
  /** The app's stdin: where the typed command goes. */
  type: (text: string) => void;
  market: Market;
  everyMs: number;
  events: KeyDriverEvents;
  /** Epoch ms when the last key's bytes were read: by the thread that handled it. */
  lastKeyAt: () => number;
  /** Where the sends are seen (default: this thread's ws sockets). */
  watchSends?: SendWatch;
}): KeyDriver {
  const { store, market } = o;
  const pd = market.config.price_decimals;
  const sd = market.config.size_decimals;
  type Phase = { kind: 'idle' } | { kind: 'typed' | 'pressed'; n: number; since: number };
  let phase: Phase = { kind: 'idle' };
  let count = 0;
  let stopped = false;
  let basePrice: number | undefined;
  let lastTypedAt = -Infinity;
  const driver: KeyDriver = { sent: 0, refused: 0, lastRefusal: null, stop };

  const giveUp = (why: string): void => {
    driver.refused += 1;
    driver.lastRefusal = why;
    // Esc backs out one level at a time: a confirm, then the review, then the entry (Esc never quits).
    void typeEachKey(o.type, '\u001B\u001B\u001B', 20);
    phase = { kind: 'idle' };
  };

  const untap = (o.watchSends ?? tapSocketSends)((text, atEpochMs, firedOnReadAtEpochMs) => {
    if (phase.kind !== 'pressed' || !ORDER_FRAME.test(text)) return;
    o.events.sent(phase.n, atEpochMs, atEpochMs - (firedOnReadAtEpochMs ?? o.lastKeyAt()), firedOnReadAtEpochMs !== null);
    driver.sent += 1;
    phase = { kind: 'idle' };
    // The next order soon after (not at the next check), within the exchange's order budget.
    setTimeout(typeOrder, Math.max(NEXT_ORDER_MS, ORDER_GAP_MS - (performance.now() - lastTypedAt)));
  });

  function typeOrder(): void {
    if (stopped) return;
    const s = store.getState();
    const bid = s.book?.bids[0]?.price;
    if (phase.kind !== 'idle' || bid === undefined || s.trading.lockReason !== null || !s.trading.enabled) return;
    if (s.tradingUi.entry !== null || s.tradingUi.confirm !== null) return;
    if (performance.now() - lastTypedAt < ORDER_GAP_MS) return;
    count += 1;
    // A different price every time (one tick lower per order, from 3 % under the first bid seen): the
    // same order within seconds would stop at smart confirm's duplicate question.
    basePrice ??= Math.round(bid * 0.97);
    const price = Math.max(1, basePrice - count);
    const size = minimumSize(market, price);
    phase = { kind: 'typed', n: count, since: performance.now() };
    lastTypedAt = performance.now();
    void typeEachKey(o.type, `:buy ${formatScaledTrim(size, sd)} @ ${formatScaledTrim(price, pd)} ioc\r`);
  }

  function watch(): void {
    if (phase.kind === 'idle') return;
    const s = store.getState();
    if (performance.now() - phase.since > GIVE_UP_MS) {
      const why = [s.notice, s.tradingUi.toasts.at(-1)?.text].filter(Boolean).join(' / ');
      return giveUp(why || `no ${phase.kind === 'typed' ? 'review' : 'send'} within ${GIVE_UP_MS} ms`);
    }
    if (s.tradingUi.confirm !== null) return giveUp(`smart confirm asked: ${s.tradingUi.confirm.text}`);
    if (phase.kind !== 'typed') return;
    if (s.tradingUi.reviewing) {
      phase = { kind: 'pressed', n: phase.n, since: performance.now() };
      o.events.ready(phase.n, 'y');
    }
  }

  // The review opens on a store write: watching writes sees it at once, without a polling timer's cost.
  const unwatch = store.subscribe(watch);
  const typing = setInterval(() => {
    watch(); // the give-up clock, when no store write comes
    typeOrder();
  }, o.everyMs);
  function stop(): void {
    stopped = true;
    clearInterval(typing);
    unwatch();
    untap();
  }
  return driver;
}
