// The terminal's log file, $PERPL_HOME/logs/perpl.log (0600 in a 0700 folder): malformed frames (their
// type and why, never their body), reconnects and resyncs, and errors with their whole tree (message,
// hint, details, causes). Lines are buffered and written a few times a second; past `maxBytes` the file
// becomes perpl.log.1 (the older one is dropped), so the log never holds more than twice that. A burst
// beyond `maxLinesPerSec` is counted, not written. Every line passes a scrubber that blanks the loaded
// key's token and seed, whatever encoding: the sources never put them there, this is the second lock.
// Every line is also made inert (protocol/sanitize-text.ts): an error message or stack trace may quote
// the server's text, and `tail -f` on the log must never see an ESC, a C1 or a bidi control.

import { closeSync, fchmodSync, fstatSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isPerplError } from '../protocol/errors.js';
import { sanitizeLines } from '../protocol/sanitize-text.js';

export const APP_LOG_DIR = 'logs';
export const APP_LOG_FILE = 'perpl.log';
const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_LINES_PER_SEC = 50;
const FLUSH_MS = 250;
/** Causes followed below the top error. */
const MAX_CAUSE_DEPTH = 5;
/** Secrets shorter than this are not scrubbed (they would blank ordinary words). */
const MIN_SECRET_CHARS = 8;

export interface AppLogOptions {
  /** $PERPL_HOME. */
  home: string;
  maxBytes?: number;
  maxLinesPerSec?: number;
  now?: () => number;
}

/** The log path under a home. */
export function appLogPath(home: string): string {
  return join(home, APP_LOG_DIR, APP_LOG_FILE);
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((l) => `${prefix}${l}`)
    .join('\n');
}

/**
 * An error in full: `Name: short message`, then hint, details, errno code and each cause in turn.
 * `stack` adds the stack frames (crashes). Messages and details of the error tree never hold secrets.
 */
export function describeError(e: unknown, opts: { stack?: boolean } = {}, depth = 0): string {
  const lines: string[] = [];
  if (e instanceof Error) {
    const head = isPerplError(e) ? e.shortMessage : e.message;
    lines.push(`${e.name}: ${head}`);
    if (isPerplError(e)) {
      if (e.hint) lines.push(`  hint: ${e.hint}`);
      if (e.details) lines.push(indent(`details: ${e.details}`, '  '));
    }
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') lines.push(`  code: ${code}`);
    if (opts.stack && e.stack) {
      const frames = e.stack.split('\n').filter((l) => /^\s+at /.test(l));
      if (frames.length > 0) lines.push(...frames.slice(0, 12).map((l) => `  ${l.trim()}`));
    }
    if (e.cause !== undefined) {
      if (depth >= MAX_CAUSE_DEPTH) lines.push('  caused by: …');
      else lines.push(indent(`caused by: ${describeError(e.cause, opts, depth + 1)}`, '  '));
    }
  } else {
    lines.push(`thrown: ${typeof e === 'string' ? e : (JSON.stringify(e) ?? String(e))}`);
  }
  return lines.join('\n');
}

export class AppLog {
  readonly path: string;
  private readonly maxBytes: number;
  private readonly maxLinesPerSec: number;
  private readonly now: () => number;
  private fd: number | null = null;
  private size = 0;
  private pending: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private secrets: string[] = [];
  private second = 0;
  private linesThisSecond = 0;
  private suppressed = 0;
  private closed = false;

  /** Opens (creates) the log; null when the folder or file cannot be made (the app runs on without). */
  static open(o: AppLogOptions): AppLog | null {
    try {
      return new AppLog(o);
    } catch {
      return null;
    }
  }

  private constructor(o: AppLogOptions) {
    this.path = appLogPath(o.home);
    this.maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
    this.maxLinesPerSec = o.maxLinesPerSec ?? DEFAULT_MAX_LINES_PER_SEC;
    this.now = o.now ?? Date.now;
    mkdirSync(join(o.home, APP_LOG_DIR), { recursive: true, mode: 0o700 });
    this.openFile();
  }

  private openFile(): void {
    const fd = openSync(this.path, 'a', 0o600);
    try {
      // A file left wider by someone else is narrowed: the log names key files and accounts.
      if (process.platform !== 'win32') fchmodSync(fd, 0o600);
      this.size = fstatSync(fd).size;
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    this.fd = fd;
  }

  /** Strings to blank from every line (the loaded key's token and seed encodings). */
  addSecrets(secrets: readonly string[]): void {
    for (const s of secrets) if (s.length >= MIN_SECRET_CHARS && !this.secrets.includes(s)) this.secrets.push(s);
  }

  /** One diagnostic line (the `log` callback of sessions and sockets). */
  line(text: string): void {
    if (this.closed) return;
    const now = this.now();
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.linesThisSecond = 0;
      if (this.suppressed > 0) {
        const n = this.suppressed;
        this.suppressed = 0;
        this.push(now, `(${n} more line${n === 1 ? '' : 's'} in the previous second were not written)`);
      }
    }
    this.linesThisSecond += 1;
    if (this.linesThisSecond > this.maxLinesPerSec) {
      this.suppressed += 1;
      return;
    }
    this.push(now, text);
  }

  /** An error with its whole tree, after `what` (e.g. "start-up failed"). */
  error(what: string, e: unknown, opts: { stack?: boolean } = {}): void {
    this.line(`${what}: ${describeError(e, opts)}`);
  }

  /** A `log` callback with a source prefix, e.g. `[md]`. */
  tagged(tag: string): (line: string) => void {
    return (text) => this.line(`[${tag}] ${text}`);
  }

  private scrub(text: string): string {
    let out = text;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join('[redacted]');
    return out;
  }

  private push(now: number, text: string): void {
    const stamp = new Date(now).toISOString();
    this.pending.push(`${stamp} ${indent(sanitizeLines(this.scrub(text)), '    ').trimStart()}\n`);
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
    this.timer.unref?.();
  }

  /** Writes what is buffered; never throws (a full disk must not take the terminal down). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0 || this.fd === null) return;
    const text = this.pending.join('');
    this.pending = [];
    try {
      if (this.size > 0 && this.size + Buffer.byteLength(text) > this.maxBytes) this.rotate();
      const bytes = Buffer.from(text, 'utf8');
      writeSync(this.fd, bytes);
      this.size += bytes.length;
    } catch {
      // Nowhere to report it: the log is the report.
    }
  }

  private rotate(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    renameSync(this.path, `${this.path}.1`);
    this.openFile();
  }

  /** Flushes and closes; later lines are dropped. */
  close(): void {
    if (this.closed) return;
    if (this.suppressed > 0) this.push(this.now(), `(${this.suppressed} more lines were not written)`);
    this.suppressed = 0;
    this.flush();
    this.closed = true;
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // already gone
      }
    }
    this.fd = null;
  }
}
