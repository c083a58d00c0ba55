// The terminal wired the way app/tui.ts wires it (store, market-data session, publisher, Ink screen),
// in one of two modes:
//   optimized: what app/tui.ts runs: the app's Publisher (coalesced, DEFAULT_PUBLISH_HZ) with its adaptive
//              rate (adaptPublishRate) and mountScreen (its Ink options and frame path: the cached grid and
//              the row-diff writer, or Ink's own with PERPL_FULL_REDRAW=1); with SSH_TTY set, the app's
//              low-bandwidth profile (src/terminal/low-bandwidth.ts) as over SSH;
//   baseline:  what a straightforward Ink app does: the store written on every socket message and Ink's
//              default render options (maxFps 30, standard rendering). React's build follows NODE_ENV,
//              which the parent sets per mode.
// Both get the same meters: every frame's arrival, every store write, every Ink render and write.
// With a key file both also trade the way app/tui.ts does (startTrading), so keys send real orders.

import { createElement, type ReactElement } from 'react';
import { render, type Instance } from 'ink';
import { setFlagsFromString } from 'node:v8';
import { MarketDataSession } from '../../src/client/market-data/session.js';
import { chooseMarket, loadContextWithRetry, marketListings } from '../../src/app/context-loader.js';
import { meterFrames, meterPublisher } from '../../src/terminal/perf/attach.js';
import { meterWrites } from '../../src/terminal/perf/write-meter.js';
import type { PerfMeter } from '../../src/terminal/perf/perf-meter.js';
import { lowBandwidthMountOptions, resolveLowBandwidth, screenProfile } from '../../src/terminal/low-bandwidth.js';
import { mountScreen, withInkKeyboard } from '../../src/terminal/render.js';
import { startThrottleNotice } from '../../src/app/throttle-wiring.js';
import { startTrading, type TradingWiring } from '../../src/app/trading-wiring.js';
import type { KeyThreadInput } from '../../src/app/key-thread-input.js';
import { createTerminalActions } from '../../src/ui/actions/terminal-actions.js';
import { firedEntry } from '../../src/ui/order-entry/flow.js';
import { TerminalManners } from '../../src/terminal/manners.js';
import type { Context } from '../../src/protocol/frames.js';
import type { Network } from '../../src/protocol/networks.js';
import type { TerminalServices } from '../../src/domain/terminal-actions.js';
import { adaptPublishRate } from '../../src/state/frame-budget.js';
import { capYoungGeneration, YOUNG_GENERATION_CAP_MB } from '../../src/lib/young-generation.js';
import { limitOldGenerationGrowth } from '../../src/lib/old-generation.js';
import { COMPACT_EVERY_FULL_COLLECTIONS, compactOldGenerationPeriodically } from '../../src/lib/old-generation-compaction.js';
import { FrameTurn } from '../../src/state/frame-turn.js';
import { wrapDrawStage } from '../../src/terminal/frames/ink-port.js';
import { FrameParts } from './frame-parts.js';
import { Publisher } from '../../src/state/publisher.js';
import { createTerminalStore, type TerminalStore } from '../../src/state/store.js';
import { RestClient } from '../../src/transport/rest/client.js';
import { App } from '../../src/ui/shell/App.js';

export type Mode = 'optimized' | 'baseline';

export interface WiredApp {
  store: TerminalStore;
  context: Context;
  marketId: number;
  rest: RestClient;
  stop(): void;
}

export interface WireOptions {
  mode: Mode;
  network: Network;
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  meter: PerfMeter;
  /** Sees every market-data frame text on arrival (backlog tracking). */
  onFrameText?: (text: string) => void;
  /** Trade with this key file (its journal under `home`), as the app does on `local`. */
  trading?: { keyFile: string; home: string };
  /** Unless PERPL_KEY_THREAD=0: the key thread app/tui.ts starts (its stdin is `stdin`), given to trading as tui gives it. */
  keyThread?: KeyThreadInput;
}

/** The baseline's screen for stock Ink's render: the App with stock Ink's input as its one keyboard source (ui/keys/input-source.ts). */
export function baselineScreen(store: TerminalStore, services: TerminalServices): ReactElement {
  return withInkKeyboard(createElement(App, { store, services }));
}

/** BENCH_STAGE_TIMES=1: how long each non-yielding stage of a frame holds the main thread (a key waits for the one running). */
export const stageTimes = { publish: [] as number[], write: [] as number[] };

/** BENCH_FRAME_PARTS=1: every frame's parts, from its publish to its write (frame-parts.ts). */
export const frameParts = process.env.BENCH_FRAME_PARTS === '1' ? new FrameParts() : null;

function timeStages(publisher: Publisher, stdout: NodeJS.WriteStream): void {
  // A publish is the store write: React's render and commit and Ink's Yoga layout run inside it, synchronously.
  const tick = publisher.tick.bind(publisher);
  publisher.tick = (): boolean => {
    const t0 = performance.now();
    const wrote = tick();
    if (wrote) stageTimes.publish.push(performance.now() - t0);
    return wrote;
  };
  const write = stdout.write.bind(stdout) as (...args: unknown[]) => boolean;
  stdout.write = ((...args: unknown[]): boolean => {
    const t0 = performance.now();
    const ok = write(...args);
    stageTimes.write.push(performance.now() - t0);
    return ok;
  }) as typeof stdout.write;
}

export async function wireApp(o: WireOptions): Promise<WiredApp> {
  const { network, meter } = o;
  const store = createTerminalStore({
    network: { name: network.name, chainId: network.chainId, isMainnet: false },
    keyScope: 'none',
  });
  const abort = new AbortController();
  // As `perpl` does before its screen loads (cli/subcommands/tui.ts): the young generation held to its cap, the old one's growth limited and its pages compacted now and then.
  // BENCH_YOUNG_GENERATION_MB=N tries another cap (0: V8's own growth) for an A/B.
  const youngMb = Number(process.env.BENCH_YOUNG_GENERATION_MB ?? YOUNG_GENERATION_CAP_MB);
  const youngGeneration = o.mode === 'optimized' && youngMb > 0 ? capYoungGeneration(youngMb) : null;
  // BENCH_OLD_GENERATION_PERCENT=0 leaves V8's own old-generation growth (A/B).
  if (o.mode === 'optimized' && process.env.BENCH_OLD_GENERATION_PERCENT !== '0') limitOldGenerationGrowth();
  // BENCH_COMPACT_EVERY=N compacts in one full collection of N instead (0: V8's own compaction only; A/B).
  const compactEvery = Number(process.env.BENCH_COMPACT_EVERY ?? COMPACT_EVERY_FULL_COLLECTIONS);
  const compaction = o.mode === 'optimized' && compactEvery > 0 ? compactOldGenerationPeriodically(compactEvery) : null;
  // BENCH_V8_FLAGS='--a --b': V8 flags set in-process at this point, as the app could set them at start (A/B).
  if (process.env.BENCH_V8_FLAGS) setFlagsFromString(process.env.BENCH_V8_FLAGS);
  // The app's auto rule (no flag, no config): on when SSH_TTY is set.
  const profile = screenProfile(o.mode === 'optimized' && resolveLowBandwidth({ config: 'auto', env: process.env }));
  if (profile.lowBandwidth) store.setState((s) => ({ workspace: { ...s.workspace, lowBandwidth: true } }));
  // Baseline: no timer-driven coalescing; a slow 1 Hz tick only refreshes time-driven fields.
  // As app/tui.ts: the two publishers paint at most once per event-loop turn, keys read between.
  const turn = o.mode === 'optimized' ? new FrameTurn() : null;
  const publisher = new Publisher({
    store,
    ...(turn ? { turn } : {}),
    ...(o.mode === 'baseline' ? { hz: 1 } : { hz: profile.maxHz }),
    ...(profile.slowPaneMs !== undefined ? { slowPaneMs: profile.slowPaneMs } : {}),
  });
  meterPublisher(publisher, meter);
  if (process.env.BENCH_STAGE_TIMES === '1') timeStages(publisher, o.stdout);
  frameParts?.watchPublisher(publisher);
  const adaptive = o.mode === 'optimized' ? adaptPublishRate(publisher, profile.maxHz) : null;
  const manners = new TerminalManners({ stdout: o.stdout, stdin: o.stdin });
  let trading: TradingWiring | null = null;
  const throttle = startThrottleNotice(store);
  const commands: TerminalServices = {
    selectMarket: () => undefined,
    setResolution: () => undefined,
    quit: () => undefined,
    trading: () => trading?.commands ?? null,
    // The algo runner, as app/tui.ts hands it to the keys (`:twap`'s `y` starts the TWAP through it).
    algos: () => trading?.algos ?? null,
  };
  manners.enter();
  meterWrites(o.stdout, meter);
  frameParts?.watchWrites(o.stdout);
  // Every Ink render's time, through Ink's public onRender option in both modes.
  const onPaint = (renderTime: number): void => {
    frameParts?.drawn(renderTime);
    meter.paintRendered(renderTime);
  };
  const instance: Instance =
    o.mode === 'optimized'
      ? mountScreen({ store, services: commands, stdout: o.stdout, stdin: o.stdin, ...lowBandwidthMountOptions(profile.lowBandwidth, process.env), onPaint })
      : render(baselineScreen(store, commands), {
          stdout: o.stdout,
          stdin: o.stdin,
          patchConsole: false,
          exitOnCtrlC: false,
          onRender: ({ renderTime }) => onPaint(renderTime),
        });
  // After mountScreen's own stages: the draw is asked at the end of each commit, and put off from there.
  if (frameParts)
    wrapDrawStage(o.stdout, (draw) => () => {
      frameParts.drawAskedNow();
      draw();
    });
  publisher.start();
  // As app/tui.ts: the key thread's `y` sent the review's order, the review closes here.
  if (o.keyThread) {
    const actions = createTerminalActions(store, commands);
    o.keyThread.onFired(() => firedEntry(store, actions, Date.now()));
  }

  const rest = new RestClient({ network });
  const context = await loadContextWithRetry(rest, store, abort.signal);
  if (!context) throw new Error('no context from the exchange');
  const markets = marketListings(context);
  const { market } = chooseMarket(markets, undefined);
  if (!market) throw new Error('the exchange lists no markets');
  store.setState({ markets });
  const session = new MarketDataSession({
    wsBase: network.wsBase,
    chainId: network.chainId,
    context,
    marketId: market.id,
    rest: { candles: async (id, res, from, to) => (await rest.candles(id, res, from, to)).d },
  });
  frameParts?.watchSession(session);
  meterFrames(session, meter, {
    ...(o.onFrameText ? { onText: o.onFrameText } : {}),
    // Baseline: the store written once per socket message.
    ...(o.mode === 'baseline' ? { after: () => void publisher.tick() } : {}),
  });
  session.start();
  publisher.setSource(session);
  if (o.trading) {
    const env = { ...process.env, PERPL_HOME: o.trading.home };
    trading = await startTrading({ store, network, context, marks: session, env, hz: profile.maxHz, ...(turn ? { turn } : {}), discover: false, keyFile: o.trading.keyFile, throttle, ...(o.keyThread ? { keyThread: o.keyThread.thread } : {}) });
    if (!trading) throw new Error(`no trading with ${o.trading.keyFile}: ${store.getState().notice ?? 'unknown reason'}`);
  }
  return {
    store,
    context,
    marketId: market.id,
    rest,
    stop: () => {
      abort.abort();
      youngGeneration?.stop();
      compaction?.stop();
      adaptive?.stop();
      publisher.stop();
      session.stop();
      trading?.stop();
      void o.keyThread?.stop();
      throttle.stop();
      instance.unmount();
      manners.restore();
    },
  };
}
