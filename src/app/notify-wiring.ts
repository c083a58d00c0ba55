// Desktop notifications, wired: every store frame of the trading and algos slices (and a clock tick, for
// trading down) goes through the one detector (domain/notify/), the gate drops what the config turned off
// and rate-limits the rest, and each notification is written to the terminal (OSC 9 / 777, through tmux's
// passthrough, or the bell: terminal/desktop-notification.ts) and handed to `notify.command`. The writes
// go to the one stdout between frames, as OSC 52 copies do. Guards call notify() with their own events.

import type { NotifyConfig } from './config/notify-config.js';
import { NotifyDetector, type NotifyFrame } from '../domain/notify/notify-detector.js';
import { notifyEvent, type NotifyEvent } from '../domain/notify/notify-event.js';
import { NotifyGate } from '../domain/notify/notify-gate.js';
import { marketWords } from '../domain/trading/order-words.js';
import type { TerminalState, TerminalStore } from '../state/store.js';
import { notificationBytes, resolveNotifyRoute, type NotifyRoute, type TmuxPassthrough } from '../terminal/desktop-notification.js';
import { askTmuxPassthrough } from '../terminal/tmux-passthrough.js';
import { NotifyCommand, type SpawnCommand } from './notify-command.js';

export interface NotifyWiringOptions {
  store: TerminalStore;
  config: NotifyConfig;
  /** The terminal's stdout write. */
  write: (bytes: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** What tmux does with a passthrough; default: tmux is asked (terminal/tmux-passthrough.ts). Until known, the bell inside tmux. */
  passthrough?: Promise<TmuxPassthrough>;
  log?: (line: string) => void;
  now?: () => number;
  spawn?: SpawnCommand;
}

export interface Notifier {
  /** Notifies of an event found elsewhere (a guard reached: domain/notify/notify-event.ts guardEvent). */
  notify(event: NotifyEvent): void;
  stop(): void;
}

/** Trading down is noticed without a frame (nothing moves while it is down): checked this often. */
const CLOCK_TICK_MS = 1_000;

function frameOf(state: TerminalState, nowMs: number): NotifyFrame {
  const t = state.trading;
  const markets = t.markets;
  return {
    nowMs,
    tradingLive: t.enabled && t.health ? t.health.health === 'live' : null,
    fills: t.fills,
    orders: t.orders,
    positions: t.positions,
    algos: state.algos,
    words: (id) => marketWords(markets.find((m) => m.id === id), id),
  };
}

export function startNotify(o: NotifyWiringOptions): Notifier {
  const { store, config } = o;
  const now = o.now ?? Date.now;
  const command = config.command ? new NotifyCommand({ argv: config.command, env: o.env, ...(o.log ? { log: o.log } : {}), ...(o.spawn ? { spawn: o.spawn } : {}) }) : null;
  if (config.method === 'off' && !command) return { notify: () => undefined, stop: () => undefined };
  let route: NotifyRoute = resolveNotifyRoute(config.method, o.env, 'unknown');
  let stopped = false;
  const osc = config.method === 'auto' || config.method === 'osc9' || config.method === 'osc777';
  const passthrough = o.passthrough ?? (osc && o.env.TMUX ? askTmuxPassthrough(o.env) : undefined);
  void passthrough?.then((p) => {
    if (stopped) return;
    route = resolveNotifyRoute(config.method, o.env, p);
    if (o.env.TMUX && route.method === 'bell' && config.method !== 'bell' && config.method !== 'off') o.log?.(`notify: tmux does not forward OSC notifications (allow-passthrough ${p}): the bell instead`);
  });
  const detector = new NotifyDetector({ liquidationDistancePct: config.liquidationDistancePct, tradingDownSec: config.tradingDownSec });
  const gate = new NotifyGate((kind) => config.events[kind], now());

  const deliver = (events: readonly NotifyEvent[]): void => {
    if (stopped || events.length === 0) return;
    for (const given of gate.admit(events, now())) {
      // Whoever built it, its text passes the one sanitizer here (sanitizing twice changes nothing).
      const e = notifyEvent(given.kind, given.title, given.body, given.atMs);
      // The fill's bell already rang (config `bell`, trading-publisher.ts): one ring, not two.
      const rang = route.method === 'bell' && (e.kind === 'fill' || e.kind === 'trigger') && store.getState().tradingUi.bell;
      const bytes = rang ? '' : notificationBytes(route, e.title, e.body);
      if (bytes) o.write(bytes);
      command?.run(e);
    }
  };
  const observe = () => deliver(detector.observe(frameOf(store.getState(), now())));
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.trading !== previous.trading || state.algos !== previous.algos) observe();
  });
  const clock = setInterval(observe, CLOCK_TICK_MS);
  clock.unref?.();
  observe();
  return {
    notify: (event) => deliver([event]),
    stop() {
      stopped = true;
      clearInterval(clock);
      unsubscribe();
    },
  };
}
