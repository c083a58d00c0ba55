// Writes a session to an NDJSON recording as it happens (format.ts), gzip-compressed: the book's frames
// repeat the same keys and prices, so an all-day recording shrinks many times over (plain NDJSON was about
// 220 MB an hour). The gzip stream is flushed every second, so a crash loses at most the last second
// (the reader accepts a stream cut short). Appended through one write stream (bounded memory: frames are
// dropped and counted, never buffered without limit, when the disk lags), file created 0600 and fresh
// (never one another user made first), secrets stripped before anything is written, flushed on close.

import { createWriteStream, type WriteStream } from 'node:fs';
import { constants as zlibConstants, createGzip, type Gzip } from 'node:zlib';
import type { FrameDirection, FrameTap } from '../ws/tap.js';
import {
  RECORDING_VERSION,
  type ContextLine,
  type EventLine,
  type FrameLine,
  type JournalLine,
  type RecordChannel,
  type RecordingHeader,
} from './format.js';
import { openRecordingFile } from './recording-path.js';
import { Scrubber } from './scrub.js';

export interface FrameRecorderOptions {
  path: string;
  network: string;
  chainId: number;
  markets?: string[];
  context?: unknown;
  /** Strings that must never reach the file (API token, seed hex and base64). */
  secrets?: Iterable<string>;
  /** Bytes the stream may queue before frames are dropped (default 8 MiB). */
  maxBufferedBytes?: number;
  now?: () => number;
}

const DEFAULT_MAX_BUFFERED = 8 * 1024 * 1024;
/** How often the compressed stream is flushed to the file: at most this much is lost to a crash. */
export const RECORDING_FLUSH_MS = 1_000;

export class FrameRecorder {
  readonly path: string;
  readonly startedAt: number;
  private readonly file: WriteStream;
  private readonly out: Gzip;
  private readonly flushTimer: NodeJS.Timeout;
  private pendingFlush = false;
  private readonly scrub: Scrubber;
  private readonly now: () => number;
  private readonly maxBuffered: number;
  private closing: Promise<void> | null = null;
  private failure: Error | null = null;
  /** Lines written / dropped because the disk could not keep up (or after an I/O error). */
  written = 0;
  dropped = 0;

  constructor(opts: FrameRecorderOptions) {
    this.path = opts.path;
    this.now = opts.now ?? Date.now;
    this.startedAt = this.now();
    this.scrub = new Scrubber(opts.secrets);
    this.maxBuffered = opts.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED;
    // A fresh 0600 file renamed into place: never a file another user made first, or still holds open
    // (one made 0666 in a shared folder stayed theirs to read).
    this.file = createWriteStream(opts.path, { fd: openRecordingFile(opts.path) });
    // Level 9: about 5 % smaller than the default on a session's frames, at a few hundred KB a minute of input.
    this.out = createGzip({ level: 9 });
    this.out.pipe(this.file);
    const failed = (e: Error) => {
      this.failure ??= e;
    };
    this.out.on('error', failed);
    this.file.on('error', failed);
    // A sync flush ends the current deflate block and writes it out: what was recorded is on disk.
    this.flushTimer = setInterval(() => {
      if (!this.pendingFlush || this.closing || this.failure) return;
      this.pendingFlush = false;
      this.out.flush(zlibConstants.Z_SYNC_FLUSH);
    }, RECORDING_FLUSH_MS);
    this.flushTimer.unref();
    const header: RecordingHeader = {
      recording: RECORDING_VERSION,
      network: opts.network,
      chainId: opts.chainId,
      startedAt: this.startedAt,
      ...(opts.markets ? { markets: opts.markets } : {}),
      ...(opts.context !== undefined ? { context: this.scrub.value(opts.context) } : {}),
    };
    this.writeLine(header, true);
  }

  /** Strings to scrub from now on (e.g. the API key once it is loaded). */
  addSecrets(secrets: Iterable<string>): void {
    this.scrub.add(secrets);
  }

  /** The I/O error that stopped the recording, if any. */
  get error(): Error | null {
    return this.failure;
  }

  /** One frame as text (parsed when it is JSON, kept raw otherwise). */
  frame(ch: RecordChannel, dir: FrameDirection, text: string, atMs = this.now()): void {
    let frame: unknown;
    try {
      frame = this.scrub.value(JSON.parse(text));
    } catch {
      frame = this.scrub.text(text);
    }
    this.writeLine({ ...this.times(atMs), dir, ch, frame } satisfies FrameLine);
  }

  /** One already-parsed frame (REST records). */
  value(ch: RecordChannel, dir: FrameDirection, value: unknown, atMs = this.now()): void {
    this.writeLine({ ...this.times(atMs), dir, ch, frame: this.scrub.value(value) } satisfies FrameLine);
  }

  event(ch: RecordChannel, event: 'open' | 'close', info: { epoch?: number; code?: number; reason?: string } = {}, atMs = this.now()): void {
    const line: EventLine = { ...this.times(atMs), ch, event };
    if (info.epoch !== undefined) line.epoch = info.epoch;
    if (info.code !== undefined) line.code = info.code;
    if (info.reason !== undefined) line.reason = this.scrub.text(info.reason);
    this.writeLine(line);
  }

  /** The exchange context, when the app loads it after the recording started (replay serves it). */
  context(context: unknown, atMs = this.now()): void {
    this.writeLine({ ...this.times(atMs), context: this.scrub.value(context) } satisfies ContextLine);
  }

  /** One line of the Journal pane as the app showed it (a replay shows the journal from these). */
  journal(entry: object, atMs = this.now()): void {
    this.writeLine({ ...this.times(atMs), journal: this.scrub.value(entry) } satisfies JournalLine);
  }

  /** A tap for a ReconnectingSocket of channel `ch`. */
  tap(ch: RecordChannel): FrameTap {
    return {
      frame: (dir, text, atMs) => this.frame(ch, dir, text, atMs),
      opened: (epoch, atMs) => this.event(ch, 'open', { epoch }, atMs),
      closed: (code, reason, atMs) =>
        this.event(ch, 'close', { ...(code !== undefined ? { code } : {}), ...(reason !== '' ? { reason } : {}) }, atMs),
    };
  }

  /** Flushes everything written so far and closes the file; later lines are dropped. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      clearInterval(this.flushTimer);
      if (this.out.destroyed || this.file.destroyed) return resolve();
      // Ending the gzip stream ends the file through the pipe; resolved once the file is closed.
      this.file.once('close', () => resolve());
      this.file.once('error', () => resolve());
      this.out.once('error', () => resolve());
      this.out.end();
    });
    return this.closing;
  }

  private times(atMs: number): { t: number; at: number } {
    return { t: Math.max(0, atMs - this.startedAt), at: atMs };
  }

  private writeLine(line: object, force = false): void {
    if (this.closing || this.failure || (!force && this.out.writableLength + this.file.writableLength > this.maxBuffered)) {
      this.dropped += 1;
      return;
    }
    this.out.write(`${JSON.stringify(line)}\n`);
    this.pendingFlush = true;
    this.written += 1;
  }
}
