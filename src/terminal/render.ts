// Mounts the Ink app with the rendering rules measured in ARCHITECTURE.md: standard (non-incremental)
// rendering, maxFps above the publish rate, no console patching, our own Ctrl-C handling; and, unless
// turned off, our frame path: Ink's grid remembered across frames (frames/output-cache.ts) and only the
// changed cells written to the terminal (frames/row-diff-log.ts), both put in place through the one
// port to Ink's internals (frames/ink-port.ts). Paint times come from Ink's public `onRender` option. The
// screen's one keyboard source is Ink's input read through that port too (InkKeyboard below).

import { EventEmitter } from 'node:events';
import { render, type Instance } from 'ink';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { InputSourceContext } from '../ui/keys/input-source.js';
import type { TerminalServices } from '../domain/terminal-actions.js';
import type { Keymap } from '../ui/keys/keymap.js';
import { detectColorDepth, type ColorDepth } from '../ui/shell/theme-palettes.js';
import type { TerminalStore } from '../state/store.js';
import { App } from '../ui/shell/App.js';
import { installOutputCache } from './frames/output-cache.js';
import { gridRendererInstalled, useInkInput } from './frames/ink-port.js';
import { markStart, startTraceOn } from '../lib/start-trace.js';
import { installRowDiffWriter } from './frames/row-diff-log.js';
import { installPaintYields } from './frames/paint-yields.js';
import { installResizeRepaint } from './frames/resize-repaint.js';
import type { AppPerf } from './perf/attach.js';

export const MAX_FPS = 60;

/** Env switch back to Ink's own frames (every frame drawn afresh and written whole), should ours ever misdraw. */
export const FULL_REDRAW_ENV = 'PERPL_FULL_REDRAW';

export type FramePath = 'row-diff' | 'ink';

export interface MountOptions {
  store: TerminalStore;
  services: TerminalServices;
  /** The keymap in force (app/workspace-wiring.ts); default the shipped one. */
  keymap?: Keymap;
  /** The colours the terminal shows; default detected from the environment. */
  colorDepth?: ColorDepth;
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  stderr?: NodeJS.WriteStream;
  /** Paint time of every frame (ms), for the adaptive publish rate. */
  onPaint?: (paintMs: number) => void;
  /** Default: 'row-diff', or 'ink' when PERPL_FULL_REDRAW=1. */
  frames?: FramePath;
  /** Row-diff path: rewrites each frame before it is diffed (the low-bandwidth profile's ASCII). */
  frameTransform?: (frame: string) => string;
  /** The frame meter the F12 overlay starts and stops (perf/attach.ts createAppPerf); told every paint. */
  perf?: AppPerf;
}

export function framePathFromEnv(env: Readonly<Record<string, string | undefined>>): FramePath {
  const v = env[FULL_REDRAW_ENV];
  return v !== undefined && v !== '' && v !== '0' ? 'ink' : 'row-diff';
}

/** Ink's public onRender option, telling the paint time to whoever asked (none asked: no option). */
function paintListener({ onPaint, perf, store }: Pick<MountOptions, 'onPaint' | 'perf' | 'store'>): { onRender?: (metrics: { renderTime: number }) => void } {
  // The start trace asks for the first live frame painted; off, no paint pays for looking.
  let livePainted = !startTraceOn();
  if (!onPaint && !perf && livePainted) return {};
  return {
    onRender: ({ renderTime }) => {
      onPaint?.(renderTime);
      perf?.painted(renderTime);
      if (livePainted) return;
      const state = store.getState();
      if (state.connection.health !== 'live' || !state.book) return;
      livePainted = true;
      markStart('live-painted');
    },
  };
}

/** Hands the screen its one keyboard source: Ink's input, read through the port. */
function InkKeyboard({ children }: { children: ReactNode }): ReactElement {
  return createElement(InputSourceContext.Provider, { value: useInkInput() }, children);
}

/** `app` with its keyboard source, for a mount of stock Ink's own (the bench's baseline) rather than mountScreen's. */
export function withInkKeyboard(app: ReactElement): ReactElement {
  return createElement(InkKeyboard, null, app);
}

/** The screen: the App with its keyboard source. */
function screen(options: Pick<MountOptions, 'store' | 'services' | 'perf' | 'keymap' | 'colorDepth'>): ReactElement {
  return withInkKeyboard(createElement(App, { store: options.store, services: options.services, perf: options.perf ?? null, ...(options.keymap ? { keymap: options.keymap } : {}), colorDepth: options.colorDepth ?? detectColorDepth(process.env) }));
}

/**
 * The first paint's cold work done ahead, while start-up waits for the exchange and its first book: V8
 * compiling React's, Ink's and the screen's code on first use, Yoga's first layouts, the text-width
 * tables, the grid's line cache. The screen is rendered once at the terminal's size into an output that
 * goes nowhere (and an input that never reads), then unmounted; the mount at the first book then runs
 * warm. Nothing reaches the terminal and no key is read; what its effects set in the store (the viewport
 * at this size) is what the real mount sets.
 */
export function warmScreen(options: Pick<MountOptions, 'store' | 'services' | 'keymap' | 'colorDepth' | 'frames'> & { columns: number; rows: number }): void {
  if ((options.frames ?? framePathFromEnv(process.env)) === 'row-diff') installOutputCache();
  const nowhere = Object.assign(new EventEmitter(), { columns: options.columns, rows: options.rows, isTTY: true, write: () => true });
  const neverReads = Object.assign(new EventEmitter(), { isTTY: true, setRawMode: () => undefined, setEncoding: () => undefined, ref: () => undefined, unref: () => undefined, read: () => null });
  const instance = render(screen(options), {
    stdout: nowhere as unknown as NodeJS.WriteStream,
    stdin: neverReads as unknown as NodeJS.ReadStream,
    stderr: nowhere as unknown as NodeJS.WriteStream,
    patchConsole: false,
    exitOnCtrlC: false,
    incrementalRendering: false,
  });
  instance.unmount();
}

export function mountScreen(options: MountOptions): Instance {
  const frames = options.frames ?? framePathFromEnv(process.env);
  // Before the first frame is drawn; the same string comes out as with Ink's own grid.
  if (frames === 'row-diff') installOutputCache();
  const instance = render(screen(options), {
    stdout: options.stdout,
    stdin: options.stdin,
    ...(options.stderr ? { stderr: options.stderr } : {}),
    maxFps: MAX_FPS,
    patchConsole: false,
    exitOnCtrlC: false,
    incrementalRendering: false,
    ...paintListener(options),
  });
  let writer = false;
  if (frames === 'row-diff') {
    writer = installRowDiffWriter(options.stdout, options.frameTransform ? { transform: options.frameTransform } : {});
    // Said, not thrown: stock Ink still paints correctly, only slower; a build that misses Ink's modules shows here.
    markStart(writer && gridRendererInstalled() ? 'frames-ported' : 'frames-stock');
  }
  // Keys first: a commit's draw and write run in a later turn of the event loop (frames/paint-yields.ts).
  installPaintYields(options.stdout);
  // No blank screen and no old layout on a resize: the erase and the frame of the new size go out in one write.
  if (writer) installResizeRepaint(options.stdout);
  return instance;
}
