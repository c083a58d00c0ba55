// The screen's keyboard when the key thread reads it (issue 35): Ink reads a stream fed with every read the
// key thread forwards, in order; raw mode is still set on the real terminal (this thread's stdin, which
// never reads once the key thread does, so the two never split the keys). A read whose `y` the key thread
// already sent an order on is not fed: it goes to `fired`, so it never reaches the review as a second confirm.
// Should the key thread end on its own, this thread reads the keyboard itself from then on, into the same
// stream: the screen never sits deaf.
// The stream is made before the screen mounts; the thread is started after the first frame (its isolate's
// start would compete with the screen's for the cores): until then nothing reads the keyboard, so a key
// typed meanwhile waits in the kernel and reaches the key thread, in order, once it reads.

import { openSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { openKeyboard, startKeyThread, type KeyThread } from './key-thread.js';
import { markStart } from '../lib/start-trace.js';

export interface KeyThreadInput {
  /** Ink's stdin. */
  stdin: NodeJS.ReadStream;
  thread: KeyThread;
  /** Runs for each read the key thread fired on (after its order was adopted here). */
  onFired(handler: () => void): void;
  /** Sees every read (the bench's key read time): its epoch ms on the key thread, and whether it fired. */
  onRead(observer: (fired: boolean, readAtEpochMs: number) => void): void;
  /** Runs once if the key thread ended on its own (why, in words), once this thread reads the keys itself. */
  onEnded(handler: (why: string) => void): void;
  stop(): Promise<void>;
}

/** Ink's stdin for the key thread, before the thread starts: nothing reads the keyboard until start(). */
export interface KeyThreadStdin {
  /** Ink's stdin. */
  stdin: NodeJS.ReadStream;
  /** Starts the key thread (once): from now on it reads the keyboard into `stdin`. */
  start(): KeyThreadInput;
}

/**
 * Ink's stdin for a key thread on `entry` (the CLI's entry file) when `tty` has never been read on this
 * thread (a paused stream goes on reading ahead: a key would land there, not on the key thread); null otherwise.
 */
export function keyThreadStdin(entry: string, tty: NodeJS.ReadStream, o: { keysPath?: string; traceSends?: boolean } = {}): KeyThreadStdin | null {
  if (tty.readableFlowing !== null) return null;
  const feed = new PassThrough({ encoding: 'utf8' });
  const stdin = Object.assign(feed, {
    isTTY: tty.isTTY,
    setRawMode: (mode: boolean) => {
      if (tty.isTTY) tty.setRawMode(mode);
      return stdin;
    },
    // The key thread's reads keep no loop alive here; Ink's ref/unref have nothing to hold.
    ref: () => stdin,
    unref: () => stdin,
  }) as unknown as NodeJS.ReadStream;
  let started: KeyThreadInput | null = null;
  return {
    stdin,
    start: () => {
      started ??= startFeeding(entry, tty, feed, stdin, o);
      return started;
    },
  };
}

/** keyThreadStdin with its thread started at once (the bench's probe, which has no first frame to wait for). */
export function startKeyThreadInput(entry: string, tty: NodeJS.ReadStream, o: { keysPath?: string; traceSends?: boolean } = {}): KeyThreadInput | null {
  return keyThreadStdin(entry, tty, o)?.start() ?? null;
}

function startFeeding(entry: string, tty: NodeJS.ReadStream, feed: PassThrough, stdin: NodeJS.ReadStream, o: { keysPath?: string; traceSends?: boolean }): KeyThreadInput {
  markStart('key-thread-started');
  const thread = startKeyThread(entry, { ...(o.keysPath !== undefined ? { keysPath: o.keysPath } : {}), ...(o.traceSends ? { traceSends: true } : {}) });
  let fired: () => void = () => {};
  let read: (fired: boolean, readAtEpochMs: number) => void = () => {};
  let ended: (why: string) => void = () => {};
  thread.onKeys((raw, wasFired, readAtEpochMs) => {
    read(wasFired, readAtEpochMs);
    if (wasFired) fired();
    else feed.write(raw);
  });
  // The keyboard read here from the key thread's end on (the same terminal, or the test's FIFO); stopped at quit.
  let readingHere: (() => void) | null = null;
  thread.onEnded((why) => {
    const keyboard = o.keysPath !== undefined ? openKeyboard(openSync(o.keysPath, 'r')) : tty;
    const forward = (raw: string): void => void feed.write(raw);
    keyboard.setEncoding('utf8');
    keyboard.on('data', forward);
    readingHere = () => {
      keyboard.off('data', forward);
      if (keyboard === tty) tty.pause();
      else keyboard.destroy();
    };
    ended(why);
  });
  return {
    stdin,
    thread,
    onFired: (handler) => {
      fired = handler;
    },
    onRead: (observer) => {
      read = observer;
    },
    onEnded: (handler) => {
      ended = handler;
    },
    stop: async () => {
      await thread.stop();
      readingHere?.();
      feed.end();
    },
  };
}
