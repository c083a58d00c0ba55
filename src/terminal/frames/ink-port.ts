// The one port to Ink 6.8's internals: everything our frame path needs of Ink that its package does not
// export goes through here, and nowhere else touches Ink's private modules or fields. Ink's modules are
// loaded by file from Ink's own directory, which gives the very module instances Ink uses (Node keys ES
// modules by URL, the bundle by path); loaded once, at import, so the writer and the grid can be put in place synchronously
// right after mounting. Paint times need no port: Ink's public `onRender` option reports them (render.ts).
// The keyboard too: Ink's input events (its stdin context's internal emitter) reach the screen only as the
// InputSource this port makes of them (useInkInput), the ui's one keyboard source (ui/keys/input-source.ts).
// The contract (ink-port.contract.test.ts): through this port an app writes the same bytes as stock Ink,
// and the row-diff writer leaves the same screen. A move to another Ink is a change of this file.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useStdin } from 'ink';
import { useMemo } from 'react';
import type { InputSource } from '../../ui/keys/input-source.js';
// Ink's own files by path (its package exports only its entry): the same module instances Ink's entry
// imports, under Node (keyed by URL) and in the bundle (keyed by path), so the patch and the map are Ink's.
import inkInstancesModule from '../../../node_modules/ink/build/instances.js';
import InkOutputModule from '../../../node_modules/ink/build/output.js';

const inkEntry = createRequire(import.meta.url).resolve('ink');

/** One cell of Ink's output grid (@alcalzone/ansi-tokenize's StyledChar). */
export interface StyledCell {
  type: 'char';
  value: string;
  fullWidth: boolean;
  styles: readonly AnsiCode[];
}

export interface AnsiCode {
  type: 'ansi';
  code: string;
  endCode: string;
}

export interface AnsiTokenize {
  styledCharsFromTokens(tokens: unknown[]): StyledCell[];
  tokenize(text: string): unknown[];
  styledCharsToString(chars: readonly StyledCell[]): string;
  diffAnsiCodes(from: readonly AnsiCode[], to: readonly AnsiCode[]): AnsiCode[];
  ansiCodesToString(codes: readonly AnsiCode[]): string;
  reduceAnsiCodesIncremental(codes: readonly AnsiCode[], newCodes: readonly AnsiCode[]): AnsiCode[];
}

export type Transformer = (line: string, index: number) => string;

export interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

export type GridOperation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

/** One frame's grid as Ink builds it (Ink's Output): its size and the drawing operations, in order. */
export interface InkGrid {
  width: number;
  height: number;
  operations: GridOperation[];
  caches: { getStringWidth(text: string): number; getWidestLine(text: string): number };
}

/** Turns a frame's grid into the frame string (Ink's Output#get). */
export type GridRenderer = (grid: InkGrid) => { output: string; height: number };

/** The shape of Ink 6.8's log-update: what writes each frame string to the terminal. */
export interface FrameWriter {
  (str: string): boolean;
  clear(): void;
  done(): void;
  sync(str: string): void;
  setCursorPosition(position: { x: number; y: number } | undefined): void;
  isCursorDirty(): boolean;
  willRender(str: string): boolean;
}

async function load<T>(url: string): Promise<T> {
  return (await import(url)) as T;
}

type ExportsField = string | { import?: string; default?: string } | { '.': string | { import?: string; default?: string } };

/** The ESM entry of a package Ink depends on, resolved from Ink (so the copy Ink uses). */
function inkDependencyEntry(name: string): string {
  // Found the way Node would look it up from Ink (package.json need not be exported).
  const dirs = createRequire(inkEntry).resolve.paths(name) ?? [];
  const manifest = dirs.map((dir) => join(dir, name, 'package.json')).find((file) => existsSync(file));
  if (!manifest) throw new Error(`${name}: not installed where Ink can import it`);
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: ExportsField };
  const root = typeof exports === 'object' && '.' in exports ? exports['.'] : exports;
  const entry = typeof root === 'string' ? root : (root.import ?? root.default);
  if (!entry) throw new Error(`${name}: no ES module entry in its package.json`);
  return pathToFileURL(join(dirname(manifest), entry)).href;
}

/** Ink's throttled frame write (es-toolkit's throttle: unmount flushes or cancels it). */
export interface PaintStage {
  (frame: string): void;
  flush?(): void;
  cancel?(): void;
}

interface InkInstanceInternals {
  log: FrameWriter;
  lastOutputToRender?: string;
  /** The frame Ink drew last and its height: a paint equal to it is not written; one as tall as the terminal is written by Ink itself (clear-terminal and the frame), past `log`. */
  lastOutput: string;
  lastOutputHeight: number;
  /** Ink's 'resize' listener on stdout (it clears a narrower screen, then draws the tree as it stands). */
  resized: () => void;
  /** Lays the tree out at the terminal's width (Yoga). */
  calculateLayout(): void;
  /** Draws the frame and hands it to the write stage, unthrottled. */
  onRender(): void;
  /** Called at the end of every React commit (after layout): draws the frame (throttled to maxFps). */
  rootNode: { onRender?: () => void };
  /** Writes a drawn frame through `log` (Ink calls it by this field on every paint). */
  throttledLog: PaintStage;
}

/** Ink's map from stdout to its mounted instance. */
const inkInstances = inkInstancesModule as unknown as WeakMap<object, InkInstanceInternals>;

type Get = (this: InkGrid) => { output: string; height: number };

/** Where Ink's own Output#get is kept while ours is installed: a registered symbol, so a second copy of this module (a test runner's fresh module graph over the same Ink) still finds Ink's. */
const STOCK_GET = Symbol.for('perpl.inkOutput.originalGet');

interface OutputPrototype {
  get: Get;
  [STOCK_GET]?: Get;
}

/** Ink's Output class (the grid every frame is drawn into). */
const InkOutput = InkOutputModule as unknown as { prototype: OutputPrototype };
const stockGet: Get = InkOutput.prototype[STOCK_GET] ?? InkOutput.prototype.get;

/** The ANSI tokenizer Ink's Output uses (our grid must cut cells exactly as it does). */
export const ansiTokenize = await load<AnsiTokenize>(inkDependencyEntry('@alcalzone/ansi-tokenize'));

/** The ANSI-aware slicing Ink's Output clips with. */
export const sliceAnsi = (await load<{ default: (text: string, start: number, end?: number) => string }>(inkDependencyEntry('slice-ansi'))).default;

/** Stock Ink's grid renderer, whatever is installed. */
export const stockGridRenderer: GridRenderer = (grid) => stockGet.call(grid);

/**
 * Every Ink grid in this process renders through `renderer` from now on; null puts Ink's own back.
 * Process-wide (Ink builds a fresh grid per frame from one class).
 */
export function setGridRenderer(renderer: GridRenderer | null): void {
  const proto = InkOutput.prototype;
  if (renderer === null) {
    proto.get = stockGet;
    delete proto[STOCK_GET];
    return;
  }
  proto[STOCK_GET] = stockGet;
  proto.get = function (this: InkGrid) {
    return renderer(this);
  };
}

/** True while a renderer other than Ink's own is installed. */
export function gridRendererInstalled(): boolean {
  return InkOutput.prototype.get !== stockGet;
}

/**
 * Replaces the frame writer of the Ink app mounted on `stdout` with `make(frame on screen)`, which
 * continues from what Ink already painted. False when no Ink app is mounted there (nothing changes).
 */
export function replaceFrameWriter(stdout: object, make: (onScreen: string) => FrameWriter): boolean {
  const instance = inkInstances.get(stdout);
  if (!instance) return false;
  instance.log = make(instance.lastOutputToRender ?? '');
  return true;
}

/**
 * Puts `wrap(draw)` in place of the draw Ink runs at the end of every React commit of the Ink app mounted on
 * `stdout` (the draw hands its frame on to the write). False when no Ink app is mounted there (nothing changes).
 */
export function wrapDrawStage(stdout: object, wrap: (draw: () => void) => () => void): boolean {
  const instance = inkInstances.get(stdout);
  const draw = instance?.rootNode.onRender;
  if (!instance || !draw) return false;
  instance.rootNode.onRender = wrap(draw);
  return true;
}

/** What a resize handler may do with the Ink app it stands in for. */
export interface InkResizeControls {
  /**
   * Frames Ink draws from now on are not written, and a drawn frame whose write was put off is dropped, until
   * `writeFrames`. Nor does Ink write a frame past the frame writer meanwhile (it writes a clear-terminal and
   * the frame itself after a frame as tall as the terminal).
   */
  holdFrames(): void;
  /** Frames are written again; the next one even if it draws the same as the last, through the frame writer. */
  writeFrames(): void;
  /** Lays the tree out at the terminal's width and draws the frame now, unthrottled, handing it to the write stage. */
  draw(): void;
}

export interface ResizeHooks {
  /** In place of Ink's own 'resize' listener (it clears a narrower screen, then draws the tree as it stands). */
  resized(ink: InkResizeControls): void;
  /** After every React commit (the tree laid out anew), before its frame is drawn. */
  committed(ink: InkResizeControls): void;
}

/**
 * Puts `hooks` in place of Ink's own resize handling of the app mounted on `stdout`; Ink's unmount takes the
 * listener off as it did Ink's. Installed after wrapDrawStage: a draw put off past a resize is held like any other. False
 * when no Ink app is mounted there or Ink listens to no resize (in CI): nothing changes.
 */
export function replaceResizeHandler(stdout: object, hooks: ResizeHooks): boolean {
  const instance = inkInstances.get(stdout);
  const events = stdout as Partial<Pick<NodeJS.EventEmitter, 'listeners' | 'off' | 'prependListener'>>;
  const commit = instance?.rootNode.onRender;
  if (!instance || !commit || !events.listeners?.('resize').includes(instance.resized)) return false;
  let holding = false;
  // Ink writes a frame drawn after one as tall as the terminal itself (clear-terminal and the frame), past the
  // writer: while frames are held, the last height reads 0, so every frame goes to the write stage.
  let lastHeight = instance.lastOutputHeight;
  Object.defineProperty(instance, 'lastOutputHeight', {
    get: () => (holding ? 0 : lastHeight),
    set: (height: number) => (lastHeight = height),
    configurable: true,
  });
  const write = instance.throttledLog;
  const held: PaintStage = (frame) => {
    if (!holding) write(frame);
  };
  held.flush = () => write.flush?.();
  held.cancel = () => write.cancel?.();
  instance.throttledLog = held;
  const ink: InkResizeControls = {
    holdFrames() {
      holding = true;
      write.cancel?.();
    },
    writeFrames() {
      holding = false;
      instance.lastOutput = '';
      lastHeight = 0;
    },
    draw() {
      instance.calculateLayout();
      instance.onRender();
    },
  };
  instance.rootNode.onRender = () => {
    hooks.committed(ink);
    commit();
  };
  events.off?.('resize', instance.resized);
  instance.resized = () => hooks.resized(ink);
  // First: before the app's own listener sets its state for the new size (whose commit may come at once).
  events.prependListener?.('resize', instance.resized);
  return true;
}

/** A fresh, empty grid of Ink's own class (contract tests draw into one). */
export function newInkGrid(width: number, height: number): InkGrid & {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: Clip): void;
  unclip(): void;
  get(): { output: string; height: number };
} {
  const Output = InkOutput as unknown as new (size: { width: number; height: number }) => ReturnType<typeof newInkGrid>;
  return new Output({ width, height });
}

/**
 * Ink's input events as the screen's InputSource: every chunk Ink reads from stdin, already split by Ink into
 * keys, escape sequences and bracketed pastes (its public useInput decodes the same emitter). A hook: Ink
 * hands its stdin only to the components it renders.
 */
export function useInkInput(): InputSource {
  const { internal_eventEmitter: events, setRawMode } = useStdin();
  return useMemo(
    () => ({
      onInput(listener) {
        events.on('input', listener);
        return () => {
          events.removeListener('input', listener);
        };
      },
      setRawMode,
    }),
    [events, setRawMode],
  );
}
