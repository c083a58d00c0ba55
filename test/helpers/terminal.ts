// Screen-test harness: runs the real Ink app in-process against an emulated terminal
// (@xterm/headless) of a real size, and lets a test type keys, resize, and read what a user would see.

import { PassThrough, Writable } from 'node:stream';
import xterm from '@xterm/headless';
import { sleep, waitFor } from './wait.js';

// The waits live in wait.ts; screen tests have always imported them from here.
export { eventually, sleep } from './wait.js';

const { Terminal } = xterm;
type HeadlessTerminal = InstanceType<typeof Terminal>;

/** A stdout that Ink treats as a TTY; every byte goes to the emulator and to `raw`. */
export class FakeStdout extends Writable {
  isTTY = true;
  columns: number;
  rows: number;
  raw = '';
  /** Told each write once the emulator has parsed it (before the next write is parsed). */
  onParsed: ((text: string) => void) | null = null;
  private pending = 0;

  constructor(
    private readonly term: HeadlessTerminal,
    cols: number,
    rows: number,
  ) {
    super({ decodeStrings: false });
    this.columns = cols;
    this.rows = rows;
  }

  override _write(chunk: unknown, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
    this.raw += text;
    this.pending += 1;
    this.term.write(text, () => {
      this.pending -= 1;
      this.onParsed?.(text);
    });
    callback();
  }

  /** True when the emulator has parsed everything written so far. */
  get settled(): boolean {
    return this.pending === 0;
  }

  // Ink asks for these on some paths.
  getColorDepth(): number {
    return 24;
  }
  hasColors(): boolean {
    return true;
  }
  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }
}

/**
 * A stdin that Ink treats as a raw-mode TTY; `send` types keys. What is sent arrives as a terminal's input
 * does, in an event-loop turn of its own (a tty is read in the poll phase), never inside the turn of the test
 * code that sent it: the app tells keys typed later from keys that came in one burst by the turn they arrive in.
 */
export class FakeStdin extends PassThrough {
  isTTY = true;
  isRaw = false;
  rawModeCalls: boolean[] = [];
  private sending = 0;

  /** Types `keys` as one write of the terminal, in a turn of its own. */
  send(keys: string): void {
    this.sending += 1;
    setImmediate(() => {
      this.sending -= 1;
      // A test that ended (its terminal disposed) with keys still on their way: nobody reads them.
      if (!this.writableEnded) this.write(keys);
    });
  }

  /** Keys sent that the app has not read yet. */
  get unread(): boolean {
    return this.sending > 0 || this.readableLength > 0;
  }

  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    this.rawModeCalls.push(mode);
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  shiftTab: '\u001B[Z',
  backspace: '\u007F',
  ctrlC: '\u0003',
} as const;

/** `text` as a RegExp source matching itself (a price's "." or a question's "?" taken literally). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface VirtualTerminal {
  term: HeadlessTerminal;
  stdout: FakeStdout;
  stdin: FakeStdin;
  /** Every window or icon title the output set (OSC 0, 1, 2), in order: a real terminal would retitle. */
  titles: string[];
  /** Every clipboard write the output made (OSC 52, its payload `c;BASE64`), in order. */
  clipboardWrites: string[];
  /** The visible screen, one string per row, trailing spaces trimmed. */
  lines(): string[];
  screenText(): string;
  /** Polls the emulated screen until `what` (text or predicate on the screen text) holds. */
  waitFor(what: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Sends `key` (one or several keys) as one write of the terminal, arriving in an event-loop turn of its own. */
  press(key: string): void;
  /** Types each character as its own keypress. */
  type(text: string): Promise<void>;
  resize(cols: number, rows: number): void;
  /** From now on every write with the screen it left (each row cut at the terminal's width), until `stop`, which returns them. */
  recordWrites(): { stop(): RecordedWrite[] };
  /** The visible screen, each row cut at the terminal's width (lines() keeps the cells xterm kept past a narrowing). */
  visibleLines(): string[];
  dispose(): void;
}

export interface RecordedWrite {
  bytes: string;
  screen: string[];
}

function matches(screen: string, what: string | RegExp | ((screen: string) => boolean)): boolean {
  if (typeof what === 'string') return screen.includes(what);
  if (what instanceof RegExp) return what.test(screen);
  return what(screen);
}

export function createVirtualTerminal(cols: number, rows: number): VirtualTerminal {
  // A real tty turns \n into \r\n (onlcr); the emulator must do the same.
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0, convertEol: true });
  const stdout = new FakeStdout(term, cols, rows);
  const stdin = new FakeStdin();
  const titles: string[] = [];
  const clipboardWrites: string[] = [];
  term.onTitleChange((title) => titles.push(title));
  // xterm reports OSC 0 and 2 through onTitleChange; the icon title (OSC 1) and the clipboard (OSC 52)
  // have no default handler in the headless build, so they are recorded here.
  term.parser.registerOscHandler(1, (data) => (titles.push(data), true));
  term.parser.registerOscHandler(52, (data) => (clipboardWrites.push(data), true));

  const lines = (): string[] => {
    const buffer = term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < term.rows; y++) out.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return out;
  };
  const screenText = (): string => lines().join('\n');
  // As a trader sees it: after a narrowing xterm keeps the cells of a row past the new width (lines() has them).
  const visibleLines = (): string[] => {
    const buffer = term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < term.rows; y++) out.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true, 0, term.cols) ?? '');
    return out;
  };

  return {
    term,
    stdout,
    stdin,
    titles,
    clipboardWrites,
    lines,
    screenText,
    waitFor(what, timeoutMs = 15_000) {
      // Only a settled emulator counts: a half-parsed frame can show text that is not on the screen.
      const shown = () => (stdout.settled && matches(screenText(), what) ? screenText() : undefined);
      return waitFor(shown, () => `waitFor(${String(what)}); screen:\n${screenText()}`, timeoutMs, 20);
    },
    press(key) {
      stdin.send(key);
    },
    async type(text) {
      for (const ch of text) {
        stdin.send(ch);
        await sleep(5);
      }
    },
    resize(newCols, newRows) {
      term.resize(newCols, newRows);
      stdout.columns = newCols;
      stdout.rows = newRows;
      stdout.emit('resize');
    },
    visibleLines,
    recordWrites() {
      const writes: RecordedWrite[] = [];
      stdout.onParsed = (bytes) => writes.push({ bytes, screen: visibleLines() });
      return {
        stop() {
          stdout.onParsed = null;
          return writes;
        },
      };
    },
    dispose() {
      stdin.end();
      term.dispose();
    },
  };
}
