// The key thread (issue 35): a worker thread that reads the keyboard and owns the trading connection's
// socket, so a `y` that confirms an armed order (transport/ws/armed-frame.ts) goes out the moment it is
// read, never behind a paint. Everything else stays on the screen thread: ReconnectingSocket (backoff,
// watchdog, send budget) drives the socket from there through createSocket; every read's bytes are
// forwarded there, in order, for the screen's keys as before. A fired read is forwarded after its fired
// message and marked, so the screen closes the review instead of reading the key again. Raw mode stays
// the screen thread's (its exit paths restore it). Should the key thread end on its own (an exception, an
// exit, a termination), the screen thread keeps trading: a frame it fired is adopted once, nothing is armed
// again, its sockets close and ReconnectingSocket opens the next one here (key-thread-input.ts reads the
// keys here again). The worker runs the CLI's own entry file, which hands over to runKeyThread. On Linux it
// runs in short slices (lib/short-slice.ts): woken by a key, it preempts a paint rather than waiting it out.
// The arm's renewals reach it through shared memory (arm-renewal.ts): a publish never wakes it.

import { existsSync, openSync } from 'node:fs';
import { Socket as NetSocket, type OnReadOpts, type SocketConstructorOpts } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { isatty, ReadStream } from 'node:tty';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { ArmWord } from '../transport/ws/arm-word.js';
import { ArmRenewal } from '../transport/ws/arm-renewal.js';
import { ArmedFrameHolder, ArmedFrameStage, holdsArm, type FiredMessage, type StageMessage } from '../transport/ws/armed-frame.js';
import { errorText } from '../protocol/errors.js';
import { CLOSE_ABNORMAL, Socket, type SocketEvents, type SocketFactory, type SocketOptions, type SocketPort } from '../transport/ws/socket.js';
import { ArmedKeyWatch } from '../ui/keys/armed-key-watch.js';
import { KEY_THREAD } from '../lib/worker-kind.js';
import { markStart } from '../lib/start-trace.js';
import { askSlice } from '../lib/short-slice.js';
import { platformThreads } from '../lib/platform-threads.js';
import { fireOnRead, warmArmedPath } from './key-thread-fire.js';
import { epochNow } from '../lib/epoch-now.js';

/**
 * The key thread's slice: shorter than the kernel's default (1.4 ms on 2 CPUs, more on more), so a key's wake
 * preempts a paint, and long enough to hold a key's whole handling, read to send (0.22 ms median). In 0.1 ms
 * slices (the shortest) the thread spent its slice before the send, and the tasks woken meanwhile (the frame
 * it forwards wakes the screen thread, the order wakes the exchange) took the CPU from it mid-key:
 * key_to_wire, five interleaved runs a side (1,500 presses), Node 24: p99 from the press 1.41 -> 0.95 ms, from
 * the read 1.10 -> 0.72, presses over 1 ms 33 -> 15. The default slice: 80 in 900, the wake 0.13 ms median.
 */
export const KEY_THREAD_SLICE_NS = 700_000;

/**
 * The slice of Node's platform threads (lib/platform-threads.ts: V8's GC helpers above all): longer than the
 * kernel's default, so their deadlines fall later and a thread woken with a shorter one (a key's, a frame's) is
 * picked before them; their share of the CPU is their weight's, as before. Traced (key_to_wire, Node 24): a key
 * thread woken while a GC helper waited to run lost the pick to it, and the helper ran to the next tick, 4.1 ms.
 */
export const PLATFORM_THREAD_SLICE_NS = 4_000_000;

type ToKeyThread =
  | StageMessage
  | { kind: 'open'; id: number; url: string; options: SocketOptions | undefined }
  | { kind: 'send'; id: number; text: string }
  | { kind: 'ping'; id: number; payload: string }
  | { kind: 'close'; id: number; code: number; reason: string }
  | { kind: 'terminate'; id: number }
  | { kind: 'stop' };

type FromKeyThread =
  | (FiredMessage & { text: string; sentAtEpochMs: number })
  | { kind: 'sent'; text: string; atEpochMs: number }
  | { kind: 'keys'; raw: string; fired: boolean; readAtEpochMs: number }
  | { kind: 'open' | 'pong' | 'message' | 'error'; id: number; text: string }
  | { kind: 'close'; id: number; code: number; reason: string };

export interface KeyThread {
  /** Arms orders for the key thread (client/trading/armed-order.ts). */
  readonly stage: ArmedFrameStage;
  /** ReconnectingSocket's createSocket: the connection lives on the key thread. */
  readonly createSocket: SocketFactory;
  /** The number of the socket open now (the arm's connection), or null. */
  openConnection(): number | null;
  /** Every read of the keyboard, in order; `fired` when its key already sent the armed order. */
  onKeys(listener: (raw: string, fired: boolean, readAtEpochMs: number) => void): void;
  /** Every armed frame the key thread fired and, with `traceSends`, every frame sent for this thread: when it was handed to the socket (the bench's key_to_wire). */
  onSent(listener: (text: string, atEpochMs: number, firedOnReadAtEpochMs: number | null) => void): void;
  /** Runs once if the key thread ends before stop() (why, in words): its sockets are closed, the next ones open on this thread. */
  onEnded(listener: (why: string) => void): void;
  stop(): Promise<void>;
}

/** Starts the key thread on `entry` (the CLI's entry file), reading keys from `keysPath` (default the process's stdin, fd 0). */
export function startKeyThread(entry: string, o: { keysPath?: string; execArgv?: string[]; traceSends?: boolean } = {}): KeyThread {
  const word = new ArmWord();
  const renewal = new ArmRenewal();
  const worker = new Worker(entry, { workerData: { kind: KEY_THREAD, word: word.buffer, renewal: renewal.buffer, keysPath: o.keysPath, traceSends: o.traceSends === true, processTimeOrigin: performance.timeOrigin, platformThreads: platformThreads() }, argv: [], ...(o.execArgv ? { execArgv: o.execArgv } : {}) });
  const post = (m: ToKeyThread): void => worker.postMessage(m);
  // Reads and socket frames received here: an arm says how many, so one still on its way here never fires it.
  const seen = { reads: 0, frames: 0 };
  const stage = new ArmedFrameStage(word, renewal, post, () => ({ ...seen }));
  const sockets = new Map<number, { events: SocketEvents; open: boolean }>();
  let nextId = 1;
  let openNow: number | null = null;
  let keys: (raw: string, fired: boolean, readAtEpochMs: number) => void = () => {};
  let sent: (text: string, atEpochMs: number, firedOnReadAtEpochMs: number | null) => void = () => {};
  let endedListener: (why: string) => void = () => {};
  /** Why the key thread ended on its own; null while it runs (or once stop() asked it to end). */
  let ended: string | null = null;
  let stopping = false;
  const end = (why: string): void => {
    if (ended !== null || stopping) return;
    ended = why;
    // A frame it fired (its message maybe never sent) is adopted once; with no connection nothing is armed again.
    stage.claim();
    openNow = null;
    // Its sockets died with it: closed as a drop, so trading reconnects (on this thread) and resyncs.
    // The keys come back whatever a close handler does.
    try {
      for (const [id, s] of [...sockets]) {
        sockets.delete(id);
        s.open = false;
        s.events.close(CLOSE_ABNORMAL, 'the key thread stopped');
      }
    } finally {
      endedListener(why);
    }
  };
  // Not thrown: the screen keeps the keys and the trading connection (see the head of this file).
  worker.on('error', (e) => end(`failed: ${errorText(e)}`));
  worker.on('exit', (code) => end(`exited (code ${code})`));
  worker.on('message', (m: FromKeyThread) => {
    if (m.kind === 'sent') return sent(m.text, m.atEpochMs, null);
    if (m.kind === 'fired') {
      stage.fired(m);
      // Its key's read comes in the next message: the fired one carries the read's time.
      if (m.written) sent(m.text, m.sentAtEpochMs, m.atEpochMs);
      return;
    }
    // Every socket's frames, a closed one's late frame too, counted as the key thread counts them.
    if (m.kind === 'message' && holdsArm(m.text)) seen.frames += 1;
    if (m.kind === 'keys') {
      seen.reads += 1;
      return keys(m.raw, m.fired, m.readAtEpochMs);
    }
    const s = sockets.get(m.id);
    if (!s) return;
    switch (m.kind) {
      case 'open':
        s.open = true;
        openNow = m.id;
        return s.events.open();
      case 'message':
        return s.events.message(m.text);
      case 'pong':
        return s.events.pong?.(m.text);
      case 'error':
        return s.events.error(m.text);
      case 'close':
        sockets.delete(m.id);
        if (openNow === m.id) openNow = null;
        return s.events.close(m.code, m.reason);
    }
  });
  const createSocket: SocketFactory = (url, events, options) => {
    if (ended !== null) return new Socket(url, events, options);
    const id = nextId++;
    const s = { events, open: false };
    sockets.set(id, s);
    post({ kind: 'open', id, url, options });
    const port: SocketPort = {
      get isOpen() {
        return s.open;
      },
      // Not known here; the key thread's writes go out at once (nothing of ours queues on a healthy link).
      bufferedAmount: 0,
      send: (text) => s.open && (post({ kind: 'send', id, text }), true),
      ping: (payload) => s.open && (post({ kind: 'ping', id, payload }), true),
      close: (code = 1000, reason = '') => post({ kind: 'close', id, code, reason }),
      terminate: () => {
        s.open = false;
        if (openNow === id) openNow = null;
        post({ kind: 'terminate', id });
      },
    };
    return port;
  };
  return {
    stage,
    createSocket,
    openConnection: () => openNow,
    onKeys: (listener) => {
      keys = listener;
    },
    onSent: (listener) => {
      sent = listener;
    },
    onEnded: (listener) => {
      endedListener = listener;
    },
    stop: () =>
      new Promise<void>((done) => {
        stage.claim();
        if (ended !== null) return done();
        stopping = true;
        worker.once('exit', () => done());
        post({ kind: 'stop' });
      }),
  };
}

/** The worker's side: the sockets, the keyboard, and the armed frame. */
export function runKeyThread(): void {
  const port = parentPort;
  if (!port) return;
  const { word: buffer, renewal, keysPath, traceSends, processTimeOrigin, platformThreads: platform } = workerData as { word: SharedArrayBuffer; renewal: SharedArrayBuffer; keysPath?: string; traceSends: boolean; processTimeOrigin: number; platformThreads?: readonly number[] };
  const post = (m: FromKeyThread): void => port.postMessage(m);
  const holder = new ArmedFrameHolder(new ArmWord(buffer), new ArmRenewal(renewal));
  const watch = new ArmedKeyWatch();
  const sockets = new Map<number, Socket>();
  let trading: number | null = null;
  /** Socket frames forwarded to the screen thread that hold an arm (holdsArm), every socket's (the screen thread counts the same). */
  let framesForwarded = 0;

  const fault = testFault(process.env);
  const decoder = new StringDecoder('utf8');
  // Each read straight into one reused buffer (net.Socket's onread), not through the Readable stream: its
  // push and 'data' cost a cold thread ~0.05 ms a key, 0.2-0.3 ms at p99, between the read and this code.
  const keyboard = openKeyboard(keysPath !== undefined ? openSync(keysPath, 'r') : 0, {
    buffer: Buffer.allocUnsafe(KEYBOARD_READ_BYTES),
    callback: (bytes, buffer) => {
      // The read's time first: decoding is part of handling the key.
      const readAt = performance.now();
      // A character split across two reads comes whole with the second.
      const raw = decoder.write(buffer.subarray(0, bytes));
      if (raw !== '') onKeys(raw, readAt);
      return true;
    },
  });
  // A terminal's stream waits to be started (a pipe's starts reading at once); with no 'data' listener nothing else starts it.
  keyboard.resume();
  // The start trace's clock is the process's (this thread's began with it).
  markStart('key-thread-reading', epochNow() - processTimeOrigin);
  // After the keyboard is read: loading the FFI takes a few ms; a key meanwhile waits as it did before.
  setImmediate(() => {
    askSlice(KEY_THREAD_SLICE_NS);
    // Here, where the FFI is loaded already. Only a thread still of this process: an id freed meanwhile may be another's.
    for (const tid of platform ?? []) if (existsSync(`/proc/self/task/${tid}`)) askSlice(PLATFORM_THREAD_SLICE_NS, { tid });
    // The first order's key otherwise runs the armed path cold (key-thread-fire.ts).
    warmArmedPath();
  });
  function onKeys(raw: string, readAt: number): void {
    if (fault && raw === TEST_FAULT_KEY) fault();
    const readAtEpochMs = performance.timeOrigin + readAt;
    const connection = trading;
    const shot = fireOnRead(watch, holder, raw, readAt, connection, (text) => sockets.get(connection!)!.send(text), framesForwarded);
    // Before the key and before any later frame of the socket: the screen adopts the order first.
    if (shot) post({ ...shot.fired, text: shot.text, sentAtEpochMs: shot.sentAtEpochMs });
    post({ kind: 'keys', raw, fired: shot !== null, readAtEpochMs });
  }

  port.on('message', (m: ToKeyThread) => {
    switch (m.kind) {
      case 'stage':
        holder.stage(m);
        return watch.arm(m.afterRead);
      case 'open': {
        const id = m.id;
        const socket = new Socket(
          m.url,
          {
            open: () => {
              trading = id;
              post({ kind: 'open', id, text: '' });
            },
            message: (text) => {
              if (holdsArm(text)) framesForwarded += 1;
              post({ kind: 'message', id, text });
            },
            pong: (text) => post({ kind: 'pong', id, text }),
            error: (text) => post({ kind: 'error', id, text }),
            close: (code, reason) => {
              sockets.delete(id);
              if (trading === id) trading = null;
              post({ kind: 'close', id, code, reason });
            },
          },
          m.options,
        );
        sockets.set(id, socket);
        return;
      }
      case 'send': {
        const written = sockets.get(m.id)?.send(m.text) ?? false;
        if (traceSends && written) post({ kind: 'sent', text: m.text, atEpochMs: epochNow() });
        return;
      }
      case 'ping':
        sockets.get(m.id)?.ping(m.payload);
        return;
      case 'close':
        return sockets.get(m.id)?.close(m.code, m.reason);
      case 'terminate':
        if (trading === m.id) trading = null;
        return sockets.get(m.id)?.terminate();
      case 'stop':
        for (const s of sockets.values()) s.terminate();
        keyboard.destroy();
        port.close();
        return;
    }
  });
}

/** The most one read of the keyboard takes: a longer paste comes in more reads. */
const KEYBOARD_READ_BYTES = 64 * 1024;

/**
 * The keyboard on `fd`: a terminal, or a pipe or FIFO (read as a socket: a file stream would block a thread).
 * With `onread`, every read goes to its callback and the stream gives no 'data'.
 */
export function openKeyboard(fd: number, onread?: OnReadOpts): ReadStream | NetSocket {
  const options: SocketConstructorOpts & { onread?: OnReadOpts } = onread ? { onread } : {};
  return isatty(fd) ? new ReadStream(fd, options) : new NetSocket({ fd, readable: true, writable: false, ...options });
}

/** The read that sets off PERPL_TEST_KEY_THREAD_FAULT (Ctrl-]). */
export const TEST_FAULT_KEY = '\u001d';

/**
 * Tests only (NODE_ENV=test): PERPL_TEST_KEY_THREAD_FAULT=throw or exit makes this thread throw, or exit,
 * when it reads TEST_FAULT_KEY, as a bug or a crash of its own would. Null for every user.
 */
function testFault(env: NodeJS.ProcessEnv): (() => never) | null {
  if (env.NODE_ENV !== 'test') return null;
  if (env.PERPL_TEST_KEY_THREAD_FAULT === 'throw') {
    return () => {
      throw new Error('key thread: test fault');
    };
  }
  if (env.PERPL_TEST_KEY_THREAD_FAULT === 'exit') return () => process.exit(70);
  return null;
}
