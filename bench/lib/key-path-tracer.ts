// What code a key press runs on its way to the socket, seen by V8 itself through the in-process inspector
// (node:inspector: a same-thread session answers every command synchronously, so it can be asked in the
// middle of a key's handling):
// - the call chains: at each store write and each order frame (mt 22) sent while a key is followed, a
//   `debugger` statement pauses and the session reads the stack with its async parents (timers,
//   immediates, ticks, promises, file I/O: Debugger.setAsyncCallStackDepth) back to the frame in which
//   the key's bytes were handed to the app (`keyPathKeyArrives`, below). Only chains that reach that frame
//   are the key's: a write or send started by anything else (the publisher's timer, a socket frame) is not.
// - the functions run: precise coverage (per-function call counts), read at every boundary of a key's
//   window, each part kept apart: `handler` (the key's own synchronous handling), `screen` (the store's
//   listeners, run inside a write the handler makes: the screen's subscriptions reacting), `after` (what
//   ran later in the window: renders, timers, replies). Idle time between keys is never counted.
// Files are never named here: they are what V8 reports, so the tool measures any layout of src/.

import { Session } from 'node:inspector';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import WebSocket from 'ws';

/** One stack frame of a chain: its file (absolute path) and function. */
export interface Frame {
  file: string;
  fn: string;
}

export type CaptureKind = 'write' | 'send';

/** One chain read at a store write or an order frame sent, innermost frame first, up to the key's arrival. */
export interface Capture {
  t: 'chain';
  kind: CaptureKind;
  /** The label of the key being followed when it was read. */
  key: string;
  frames: Frame[];
  /** The chain reached the frame in which a key arrived: the key caused it. */
  fromKey: boolean;
  /** React (a render or its effects) is on the chain between the key and this point: the screen reacting, not the key's path. */
  viaRender: boolean;
  /** The chain crosses an async hop (a timer, a tick, an awaited promise) between the key and this point. */
  async: boolean;
}

export type RanPart = 'handler' | 'screen' | 'after';

/** The src/ files with a function run in one stretch of a key's window. */
export interface Ran {
  t: 'ran';
  key: string;
  part: RanPart;
  files: string[];
}

/** What the tracer saw, in the order it happened (a flow's report cuts it at the last order frame). */
export type Seen = Capture | Ran;

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src') + sep;
const MARKER = 'keyPathKeyArrives';
const ORDER_FRAME = /^\{"mt":22[,}]/;
const RENDERER = `${sep}node_modules${sep}react-reconciler${sep}`;

interface CdpFrame {
  functionName: string;
  url: string;
  scriptId?: string;
  location?: { scriptId: string };
}
interface AsyncTrace {
  callFrames: CdpFrame[];
  parent?: AsyncTrace;
}
interface ScriptCoverage {
  url: string;
  functions: { ranges: { startOffset: number; count: number }[] }[];
}
interface Store {
  setState: (partial: never, replace?: never) => void;
  getState: () => unknown;
  subscribe: (listener: () => void) => () => void;
}

function fileOf(url: string): string {
  return url.startsWith('file://') ? fileURLToPath(url) : url;
}

/** A src/ file (not the bench, the tests or a dependency). */
export function isSourceFile(file: string): boolean {
  return file.startsWith(SRC);
}

/** The path under src/ (`ui/keys/dispatch.ts`). */
export function underSrc(file: string): string {
  return file.startsWith(SRC) ? file.slice(SRC.length).split(sep).join('/') : file;
}

export class KeyPathTracer {
  private readonly session = new Session();
  private readonly scripts = new Map<string, string>();
  /** The key followed, and where its window is: before its arrival (null), in its handling, or after. */
  private following: { key: string; sends: boolean; part: RanPart | null } | null = null;
  private pending: CaptureKind | null = null;
  private seen: Seen[] = [];
  private readonly restore: (() => void)[] = [];
  /** Order frames sent while a key was followed, so far. */
  sendsSeen = 0;
  /** Followed keys that reached the app, so far. */
  keysArrived = 0;

  constructor() {
    this.session.connect();
    this.session.on('Debugger.scriptParsed', (m) => {
      const p = m.params as { scriptId: string; url: string };
      this.scripts.set(p.scriptId, p.url);
    });
    this.session.on('Debugger.paused', (m) => this.onPaused(m.params as { callFrames: CdpFrame[]; asyncStackTrace?: AsyncTrace }));
    this.post('Debugger.enable');
    this.post('Debugger.setAsyncCallStackDepth', { maxDepth: 1024 });
    this.post('Profiler.enable');
    this.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    this.tapOrderSends();
  }

  /** A command answered before it returns (a same-thread session dispatches synchronously). */
  private post<T = unknown>(method: string, params?: object): T {
    let out: { err: Error | null; result: T } | undefined;
    this.session.post(method, params, (err, result) => {
      out = { err, result: result as T };
    });
    if (!out) throw new Error(`the inspector did not answer ${method} synchronously`);
    if (out.err) throw out.err;
    return out.result;
  }

  /** The top folder under src/ (the layer) of the module that defines `fn`, found through V8's record of where the function is. */
  layerOf(fn: (...args: never[]) => unknown): string {
    const g = globalThis as { __keyPathLocate?: unknown };
    g.__keyPathLocate = fn;
    try {
      const { result } = this.post<{ result: { objectId?: string } }>('Runtime.evaluate', { expression: 'globalThis.__keyPathLocate' });
      if (!result.objectId) throw new Error('no object for the function');
      const props = this.post<{ internalProperties?: { name: string; value?: { value?: { scriptId: string } } }[] }>('Runtime.getProperties', {
        objectId: result.objectId,
        ownProperties: true,
      });
      const at = props.internalProperties?.find((p) => p.name === '[[FunctionLocation]]')?.value?.value;
      const url = at && this.scripts.get(at.scriptId);
      if (!url) throw new Error('the function has no known script');
      const file = fileOf(url);
      if (!isSourceFile(file)) throw new Error(`${file} is not under src/`);
      return SRC + file.slice(SRC.length).split(sep)[0]! + sep;
    } finally {
      delete g.__keyPathLocate;
    }
  }

  /** Every byte the app reads from `stdin` arrives inside `keyPathKeyArrives`, which opens a followed key's window. */
  watchKeys(stdin: Readable): void {
    const emit = stdin.emit.bind(stdin) as (event: string | symbol, ...args: unknown[]) => boolean;
    const keyPathKeyArrives = (event: string | symbol, args: unknown[]): boolean => emit(event, ...args);
    stdin.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
      const f = this.following;
      if (event !== 'readable' || !f || f.part !== null) return emit(event, ...args);
      this.takeCoverage(); // resets the counts: the window starts now
      f.part = 'handler';
      this.keysArrived += 1;
      try {
        return keyPathKeyArrives(event, args);
      } finally {
        this.takeCoverage();
        f.part = 'after';
        // The app may end a read in a setImmediate of its own, scheduled during the handling above: this one runs after it.
        if (!f.sends) setImmediate(() => this.endFollowing());
      }
    }) as typeof stdin.emit;
    this.restore.push(() => {
      stdin.emit = emit as typeof stdin.emit;
    });
  }

  /**
   * Chains at every store write while a key is followed (a listener runs inside the write), and the
   * listeners' work set apart from the handler's: the write's own update is resolved first, as zustand
   * would, so only the notification counts as the screen's.
   */
  watchStore(store: Store): void {
    this.restore.push(store.subscribe(() => this.pauseHere('write')));
    const setState = store.setState;
    let depth = 0;
    store.setState = ((partial: unknown, replace?: unknown): void => {
      const f = this.following;
      if (depth > 0 || f?.part !== 'handler') return setState(partial as never, replace as never);
      const next = typeof partial === 'function' ? (partial as (s: unknown) => unknown)(store.getState()) : partial;
      this.takeCoverage();
      f.part = 'screen';
      depth += 1;
      try {
        setState(next as never, replace as never);
      } finally {
        depth -= 1;
        this.takeCoverage();
        f.part = 'handler';
      }
    }) as Store['setState'];
    this.restore.push(() => {
      store.setState = setState;
    });
  }

  /**
   * Follows the next key the app reads, labelled `key`. With `sends`, its window stays open through the
   * order frames it sends (coverage read at each) until `endFollowing`; otherwise it closes once the read is handled.
   */
  follow(key: string, sends = false): void {
    this.following = { key, sends, part: null };
  }

  /** Ends the window (what runs after a key's last order frame is not the key's way to the socket). */
  endFollowing(): void {
    if (this.following?.part === 'after') this.takeCoverage();
    this.following = null;
  }

  /** True once the followed key's window is over (or none was followed). */
  get idle(): boolean {
    return this.following === null;
  }

  /** Reads (and resets) the counts, and files what ran since the last read under the window's current part. */
  private takeCoverage(): void {
    const { result } = this.post<{ result: ScriptCoverage[] }>('Profiler.takePreciseCoverage');
    const f = this.following;
    if (!f?.part) return;
    const files: string[] = [];
    for (const script of result) {
      const file = fileOf(script.url);
      // The module's own top level (offset 0) runs once at load, never in a key's window.
      if (isSourceFile(file) && script.functions.some((fn) => fn.ranges[0]!.startOffset > 0 && fn.ranges[0]!.count > 0)) files.push(file);
    }
    if (files.length > 0) this.seen.push({ t: 'ran', key: f.key, part: f.part, files });
  }

  private tapOrderSends(): void {
    const proto = WebSocket.prototype as unknown as { send: (data: unknown, ...rest: unknown[]) => void };
    const original = proto.send;
    const beforeSend = (data: unknown): void => {
      if (!this.following?.part || typeof data !== 'string' || !ORDER_FRAME.test(data)) return;
      this.sendsSeen += 1;
      this.takeCoverage(); // what ran up to this frame, before the chain that marks it
      this.pauseHere('send');
    };
    proto.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
      beforeSend(data);
      original.call(this, data, ...rest);
    };
    this.restore.push(() => {
      proto.send = original;
    });
  }

  private pauseHere(kind: CaptureKind): void {
    if (!this.following?.part) return;
    this.pending = kind;
    // The pause is how the session reads the chain: onPaused reads it and resumes at once.
    debugger;
    this.pending = null;
  }

  private onPaused(p: { callFrames: CdpFrame[]; asyncStackTrace?: AsyncTrace }): void {
    const kind = this.pending;
    const key = this.following?.key;
    try {
      if (!kind || key === undefined) return;
      const segments: CdpFrame[][] = [p.callFrames];
      for (let a = p.asyncStackTrace; a; a = a.parent) segments.push(a.callFrames);
      const frames: Frame[] = [];
      let fromKey = false;
      let viaRender = false;
      let async = false;
      walk: for (const [i, segment] of segments.entries()) {
        for (const f of segment) {
          if (f.functionName === MARKER) {
            fromKey = true;
            async = i > 0;
            break walk;
          }
          const file = fileOf(f.url || this.scripts.get(f.scriptId ?? f.location?.scriptId ?? '') || '');
          if (file.includes(RENDERER)) viaRender = true;
          frames.push({ file, fn: f.functionName });
        }
      }
      this.seen.push({ t: 'chain', kind, key, frames, fromKey, viaRender, async });
    } finally {
      this.post('Debugger.resume');
    }
  }

  /** Hands over (and forgets) what was seen since the last call. */
  drain(): Seen[] {
    const out = this.seen;
    this.seen = [];
    return out;
  }

  stop(): void {
    for (const r of this.restore.splice(0).reverse()) r();
    this.post('Profiler.stopPreciseCoverage');
    this.session.disconnect();
  }
}
