// The start-up steps that put the first live frame sooner, and the one bench switch that turns them off.
// The bench's start baseline (bench/lib/start-pty.ts BASELINE_START) is the stock start: the terminal as a
// plain Ink app starts, without these steps. It sets PERPL_BENCH_STOCK_START=1; nothing else should.
// The switch can only make start slower: each path it picks is one the terminal takes anyway elsewhere
// (the screen mounted before any data, the context over REST as on every retry and with --record, trading
// starting beside the first frame); it changes no order path, no check and no file. The app log says when
// it is on, so a start slowed by a stray variable is found there.

/** The bench's switch: exactly "1" turns round three's start steps off. */
export const STOCK_START_ENV = 'PERPL_BENCH_STOCK_START';

export interface StartSteps {
  /** V8's compile cache under the perpl home (lib/compile-cache.ts). Stock: off. */
  compileCache: boolean;
  /** The in-process exchange's context over its thread's port. Stock: fetched over HTTP (undici loads). */
  contextOverPort: boolean;
  /**
   * The screen mounts with the first live book (app/first-frame.ts), rendered once off screen while it waits
   * (terminal/render.ts warmScreen). Stock: the empty layout is painted at once.
   */
  mountAtFirstBook: boolean;
  /**
   * Nothing that loads undici runs before the first frame: Yoga's wasm loaded with fetch hidden
   * (terminal/load-without-fetch.ts), trading and the chart's REST history a turn after the first frame.
   * Stock: Yoga fetches its wasm, trading and the history start as soon as the market data does.
   */
  undiciAfterFirstFrame: boolean;
}

/** The steps this start takes: all of them, unless the bench's switch is on. */
export function startSteps(env: Readonly<Record<string, string | undefined>> = process.env): StartSteps {
  const on = env[STOCK_START_ENV] !== '1';
  return { compileCache: on, contextOverPort: on, mountAtFirstBook: on, undiciAfterFirstFrame: on };
}

/** The app log's line when the switch is on, else null. */
export function stockStartLogLine(steps: StartSteps): string | null {
  const off = Object.entries(steps)
    .filter(([, on]) => !on)
    .map(([step]) => step);
  return off.length === 0 ? null : `${STOCK_START_ENV}=1 (a bench switch): start steps off: ${off.join(', ')}`;
}
