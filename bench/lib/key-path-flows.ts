// The three key flows of issue 30, typed into the real app (200x50) against the in-process local exchange:
// each sets up what it needs through the app's own trading commands, then presses its keys one read at a
// time, each followed by the tracer from its arrival until its effect (the next key's state, or the order
// frames it sends). The flows know the store's shape and the screen's keys, never where a source file is.

import { formatScaledTrim } from '../../src/protocol/scaling.js';
import { keysRead } from '../../test/helpers/keys.js';
import { KEYS, eventually } from '../../test/helpers/terminal.js';
import { waitFor } from '../../test/helpers/wait.js';
import { flattenAccount, openLong, type TradingScreen } from '../../test/helpers/trading-screen.js';
import type { KeyPathTracer } from './key-path-tracer.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 30_000;

export interface Flow {
  name: string;
  title: string;
  /** The keys as pressed, for the report. */
  keys: string[];
  run(screen: TradingScreen, tracer: KeyPathTracer): Promise<void>;
}

type State = ReturnType<TradingScreen['app']['app']['store']['getState']>;

const stateOf = (screen: TradingScreen): State => screen.app.app.store.getState();

function scales(screen: TradingScreen): { pd: number; sd: number } {
  const m = stateOf(screen).trading.markets.find((x) => x.id === screen.market.id);
  if (!m) throw new Error('the trading client has no config for the market');
  return { pd: m.config.price_decimals, sd: m.config.size_decimals };
}

/**
 * Presses `bytes` (labelled `label`) as one read, followed by the tracer, and waits for `effect`. A key that
 * sends stays followed until `effect` (which must mean its last order frame left); any other until its read is handled.
 */
async function press(screen: TradingScreen, tracer: KeyPathTracer, label: string, bytes: string, effect: (s: State) => boolean, sends = false): Promise<void> {
  const { vt } = screen.app;
  await keysRead(vt);
  const arrived = tracer.keysArrived;
  tracer.follow(label, sends);
  vt.press(bytes);
  await eventually(() => tracer.keysArrived > arrived, UI_MS, `${label} to reach the app`);
  const said = () => {
    const s = stateOf(screen);
    return `the effect of ${label} (confirm: ${s.tradingUi.confirm?.text ?? 'none'}; notice: ${s.notice ?? 'none'}; toasts: ${s.tradingUi.toasts.map((t) => t.text).join(' / ')})`;
  };
  await waitFor(() => effect(stateOf(screen)), said, sends ? EXCHANGE_MS : UI_MS);
  if (sends) tracer.endFollowing();
  else await eventually(() => tracer.idle, UI_MS, `the end of ${label}'s read`);
}

/** Types `text` one character per read, each followed under `label`, until the field holds the typed prefix. */
async function typeText(screen: TradingScreen, tracer: KeyPathTracer, label: string, text: string, field: (s: State) => string | undefined): Promise<void> {
  for (let i = 1; i <= text.length; i++) await press(screen, tracer, label, text[i - 1]!, (s) => field(s) === text.slice(0, i));
}

/** `y` on a review: it sends, or smart confirm asks once more (answered `y` too, and reported as a key of its own). */
async function sendWithY(screen: TradingScreen, tracer: KeyPathTracer, sentBefore: number): Promise<void> {
  const sent = () => tracer.sendsSeen > sentBefore;
  const asked = stateOf(screen).tradingUi.confirm;
  await press(screen, tracer, 'y', 'y', (s) => sent() || (s.tradingUi.confirm !== null && s.tradingUi.confirm !== asked), true);
  if (!sent()) await press(screen, tracer, 'y (smart confirm)', 'y', () => sent(), true);
}

/**
 * Runs `body`: a flow's setup (the exchange's flow running), then its keys (`body` pauses the flow first, so
 * nothing but the keys changes the account). Then waits for `settled`, the outcome of what the keys sent (a
 * cancel in the same block as an amend loses the amend's status), and flattens the account with the flow
 * still paused (a resting order cannot fill in the meantime) before the flow runs again.
 */
async function quietly(screen: TradingScreen, body: () => Promise<void>, settled: (s: State) => boolean): Promise<void> {
  try {
    await body();
    await waitFor(() => settled(stateOf(screen)), () => `the outcome of the flow (toasts: ${stateOf(screen).tradingUi.toasts.map((t) => t.text).join(' / ')})`, EXCHANGE_MS);
  } finally {
    screen.sim.control.pauseFlow();
    await flattenAccount(screen, EXCHANGE_MS);
    screen.sim.control.resumeFlow();
  }
}

/** A limit buy resting three levels under the best bid (shown in the book, unlikely to trade). */
async function restingBuy(screen: TradingScreen): Promise<number> {
  const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p;
  const out = await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: 100, price, leverage: 500 }).outcome;
  if (!out.ok) throw new Error(`the resting order was refused: ${JSON.stringify(out.results)}`);
  await eventually(() => stateOf(screen).trading.orders.length === 1, EXCHANGE_MS, 'the resting order');
  return price;
}

export const placeFromForm: Flow = {
  name: 'A',
  title: 'place from the order form: b, a size typed, Enter, y',
  keys: ['b', 'size typed', 'Enter', 'y'],
  async run(screen, tracer) {
    const before = stateOf(screen).trading;
    const placed = (s: State) => s.trading.orders.length > before.orders.length || s.trading.positions.length > before.positions.length;
    await quietly(screen, async () => {
      screen.sim.control.pauseFlow();
      const size = formatScaledTrim(100, scales(screen).sd);
      await press(screen, tracer, 'b', 'b', (s) => s.tradingUi.entry !== null);
      await typeText(screen, tracer, 'size typed', size, (s) => s.tradingUi.entry?.size);
      await press(screen, tracer, 'Enter', KEYS.enter, (s) => s.tradingUi.reviewing);
      await sendWithY(screen, tracer, tracer.sendsSeen);
    }, placed);
  },
};

export const amendOpenOrder: Flow = {
  name: 'B',
  title: 'amend an open order: e, a price typed, Enter (the review), y',
  keys: ['e', 'price typed', 'Enter', 'y'],
  async run(screen, tracer) {
    let amended = NaN;
    await quietly(screen, async () => {
      const price = await restingBuy(screen);
      screen.sim.control.pauseFlow();
      const { vt } = screen.app;
      vt.press('4');
      await keysRead(vt);
      vt.press('O');
      await eventually(() => stateOf(screen).tabs.tab === 'orders', UI_MS, 'the Open orders tab');
      amended = price - 10;
      await press(screen, tracer, 'e', 'e', (s) => s.tabs.prompt?.mode === 'amend');
      const text = formatScaledTrim(amended, scales(screen).pd);
      await typeText(screen, tracer, 'price typed', text, (s) => s.tabs.prompt?.text);
      await press(screen, tracer, 'Enter', KEYS.enter, (s) => s.tradingUi.amend !== null);
      await sendWithY(screen, tracer, tracer.sendsSeen);
    }, (s) => s.trading.orders.some((o) => o.price === amended));
  },
};

export const panic: Flow = {
  name: 'C',
  title: 'panic: !!, then y (with one open position and one resting order)',
  keys: ['!', '!', 'y'],
  async run(screen, tracer) {
    // The panic is over when its summary says every request of it is done (trading-commands.test.ts waits for the same).
    const done = (s: State) => s.tradingUi.toasts.some((t) => /^panic: \d+\/\d+ requests done/.test(t.text)) && s.trading.positions.length === 0 && s.trading.orders.length === 0;
    await quietly(screen, async () => {
      await openLong(screen, 100, EXCHANGE_MS);
      await restingBuy(screen);
      screen.sim.control.pauseFlow();
      await press(screen, tracer, '! (arms)', '!', (s) => s.tradingUi.panicArmedAtMs !== null);
      await press(screen, tracer, '! (asks)', '!', (s) => s.tradingUi.confirm !== null);
      await press(screen, tracer, 'y', 'y', done, true);
    }, done);
  },
};

export const FLOWS: readonly Flow[] = [placeFromForm, amendOpenOrder, panic];
