// The low-bandwidth profile writes fewer bytes for the same market: the same scripted store updates
// (book, header, a trade and a candle move on every step) go through the real publisher and Ink screen
// into the same counting terminal, once with the default profile and once with the low-bandwidth one.
// Every step is painted before the next (the byte counts do not depend on how fast the machine is),
// and at the end both terminals must show the same market (the profile's in ASCII on a non-UTF-8 terminal,
// the same glyphs on a UTF-8 one).

import { describe, expect, it } from 'vitest';
import { lowBandwidthMountOptions, screenProfile } from '../../src/terminal/low-bandwidth.js';
import { mountScreen, type FramePath } from '../../src/terminal/render.js';
import type { CandleView, TradeView } from '../../src/domain/views.js';
import type { TerminalServices } from '../../src/domain/terminal-actions.js';
import { ManualMarketDataSource, sampleSnapshot } from '../../src/state/fixtures.js';
import { Publisher } from '../../src/state/publisher.js';
import { createTerminalStore } from '../../src/state/store.js';
import { toAscii } from '../../src/ui/format/ascii-glyphs.js';
import { createVirtualTerminal, eventually } from '../helpers/terminal.js';

const STEPS = 30;
/** The profile's frame interval: the scripted clock moves one frame per step in both runs. */
const STEP_MS = 200;
const COLS = 160;
const ROWS = 40;

const commands: TerminalServices = { selectMarket: () => undefined, setResolution: () => undefined, quit: () => undefined };

/** Step `i` of the script: a trade prints, the current candle moves (a new one every 15 steps), three levels resize. */
function applyStep(source: ManualMarketDataSource, i: number, base: ReturnType<typeof sampleSnapshot>, state: { trades: TradeView[]; candles: CandleView[] }): void {
  const price = 670_125 + ((i * 13) % 40) - 20;
  const trade: TradeView = { key: `s${i}`, timeMs: 1_790_000_000_000 + i * 700, price, size: 1_000 + ((i * 211) % 5_000), side: i % 3 === 0 ? 2 : 1 };
  state.trades = [trade, ...state.trades].slice(0, 50);
  const last = state.candles.at(-1)!;
  if (i > 0 && i % 15 === 0) {
    state.candles = [...state.candles.slice(1), { t: last.t + 60_000, o: last.c, h: Math.max(last.c, price), l: Math.min(last.c, price), c: price, volume: 10 }];
  } else {
    state.candles = [...state.candles.slice(0, -1), { ...last, c: price, h: Math.max(last.h, price), l: Math.min(last.l, price), volume: last.volume + 7 }];
  }
  source.update({ trades: state.trades, candles: state.candles, header: { ...base.header, last: price, mark: price + 1 } });
  const asks = base.book.asks.map((r, level): [number, number] => [r.price, level < 3 ? r.size + ((i * 977 + level * 31) % 9_000) : r.size]);
  const bids = base.book.bids.map((r, level): [number, number] => [r.price, level < 3 ? r.size + ((i * 613 + level * 17) % 9_000) : r.size]);
  source.setBook({ asks, bids });
}

interface Run {
  bytes: number;
  /** The screen below the status bar (whose clocks follow the wall clock). */
  panes: string[];
}

/** A terminal that cannot show Unicode (the profile spells glyphs in ASCII) and one that can. */
const C_LOCALE = { LANG: 'C', TERM: 'xterm' };
const UTF8_LOCALE = { LANG: 'en_US.UTF-8', TERM: 'xterm-256color' };

/** `frames`: Ink's own full frames, or the app's row-diff writer (the profile always uses the latter). */
async function runScript(opts: { lowBandwidth: boolean; frames: FramePath; env?: Record<string, string> }): Promise<Run> {
  const profile = screenProfile(opts.lowBandwidth);
  const vt = createVirtualTerminal(COLS, ROWS);
  const base = sampleSnapshot();
  const source = new ManualMarketDataSource();
  const store = createTerminalStore({ network: { name: 'local', chainId: 31337, isMainnet: false }, keyScope: 'none' });
  if (opts.lowBandwidth) store.setState((s) => ({ workspace: { ...s.workspace, lowBandwidth: true } }));
  let now = 1_790_000_000_000;
  const publisher = new Publisher({ store, source, hz: profile.maxHz, now: () => now, ...(profile.slowPaneMs !== undefined ? { slowPaneMs: profile.slowPaneMs } : {}) });
  let paints = 0;
  const instance = mountScreen({
    store,
    services: commands,
    stdout: vt.stdout as unknown as NodeJS.WriteStream,
    stdin: vt.stdin as unknown as NodeJS.ReadStream,
    onPaint: () => (paints += 1),
    frames: opts.frames,
    ...lowBandwidthMountOptions(opts.lowBandwidth, opts.env ?? C_LOCALE),
  });
  const publishAndPaint = async (): Promise<void> => {
    const before = paints;
    if (!publisher.tick()) return;
    // Ink reports a paint once drawn and writes it in the same run (frames/paint-yields.ts).
    await eventually(() => paints > before, 15_000, 'a paint after the publish');
  };
  try {
    // The layout tells the store how much it shows; the first publish after that is the starting screen.
    await eventually(() => store.getState().viewport.cols === COLS && paints > 0, 15_000, 'the layout');
    await publishAndPaint();
    await eventually(() => vt.stdout.settled, 15_000, 'the terminal parsed the first frame');
    const start = Buffer.byteLength(vt.stdout.raw);
    const state = { trades: base.trades, candles: base.candles };
    for (let i = 0; i < STEPS; i++) {
      applyStep(source, i, base, state);
      now += STEP_MS;
      await publishAndPaint();
    }
    // The chart and tape held back by the profile are due a second later.
    now += 1_000;
    await publishAndPaint();
    await eventually(() => vt.stdout.settled, 15_000, 'the terminal parsed the last frame');
    return { bytes: Buffer.byteLength(vt.stdout.raw) - start, panes: vt.lines().slice(2) };
  } finally {
    instance.unmount();
    vt.dispose();
  }
}

describe('low-bandwidth bytes', () => {
  it('lb-fewer-bytes-than-full-redraw: the profile writes fewer bytes than Ink full frames, and ends on the same screen', async () => {
    const fullRedraw = await runScript({ lowBandwidth: false, frames: 'ink' });
    const low = await runScript({ lowBandwidth: true, frames: 'row-diff' });
    expect(low.bytes).toBeGreaterThan(0);
    expect(low.bytes).toBeLessThan(fullRedraw.bytes);
    expect(low.panes).toEqual(fullRedraw.panes.map(toAscii));
  }, 120_000);

  it('lb-fewer-bytes-than-default: through the same row-diff writer, the slow chart and tape and ASCII still cut bytes', async () => {
    const usual = await runScript({ lowBandwidth: false, frames: 'row-diff' });
    const low = await runScript({ lowBandwidth: true, frames: 'row-diff' });
    expect(low.bytes).toBeLessThan(usual.bytes);
    expect(low.panes).toEqual(usual.panes.map(toAscii));
  }, 120_000);

  it('lb-unicode-fewer-bytes-than-default: on a UTF-8 terminal the profile keeps the glyphs, and the slow chart and tape still cut bytes', async () => {
    const usual = await runScript({ lowBandwidth: false, frames: 'row-diff', env: UTF8_LOCALE });
    const low = await runScript({ lowBandwidth: true, frames: 'row-diff', env: UTF8_LOCALE });
    expect(low.bytes).toBeLessThan(usual.bytes);
    expect(low.panes).toEqual(usual.panes);
    expect(low.panes.join('\n')).toMatch(/[─│]/);
  }, 120_000);
});
