// Terminal manners: alternate screen, hidden cursor, no line wrap and bracketed paste while the app runs;
// everything put back exactly once on every way out (quit, signals, crashes), and raw mode never left on.

export const ENTER_ALT_SCREEN = '\u001B[?1049h';
export const LEAVE_ALT_SCREEN = '\u001B[?1049l';
export const HIDE_CURSOR = '\u001B[?25l';
export const SHOW_CURSOR = '\u001B[?25h';
export const DISABLE_WRAP = '\u001B[?7l';
export const ENABLE_WRAP = '\u001B[?7h';
/** DECSET 2004: the terminal marks a paste (`ESC[200~` ... `ESC[201~`), so it is read as text, never as keys. */
export const BRACKETED_PASTE_ON = '\u001B[?2004h';
export const BRACKETED_PASTE_OFF = '\u001B[?2004l';

/** The top-left cell: the first frame is written from where the cursor is (Ink's writer). */
export const CURSOR_HOME = '\u001B[H';

/**
 * The alternate screen keeps the cursor where the main screen had it: keys typed while the app started, echoed
 * there, had moved it, and the first frame was drawn from that column (the header shifted, its end cut).
 */
export const ENTER_SEQUENCE = ENTER_ALT_SCREEN + CURSOR_HOME + HIDE_CURSOR + DISABLE_WRAP + BRACKETED_PASTE_ON;
/** Reverse order of ENTER_SEQUENCE, so the main screen comes back with paste, wrap and cursor as they were. */
export const RESTORE_SEQUENCE = BRACKETED_PASTE_OFF + ENABLE_WRAP + SHOW_CURSOR + LEAVE_ALT_SCREEN;

export interface TerminalOut {
  write(chunk: string): boolean;
}

export interface TerminalIn {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export type ExitReason =
  | { kind: 'signal'; signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP' }
  | { kind: 'crash'; error: unknown };

export interface TerminalMannersOptions {
  stdout: TerminalOut;
  stdin?: TerminalIn;
  /** Listen to process signals and fatal errors (the CLI does; in-process tests do not). */
  handleProcessEvents?: boolean;
  /**
   * The clean quit (the same as `q`), started once the terminal is restored when a signal or a crash ends
   * the app; `exit` follows when it settles or at the deadline, whichever comes first.
   */
  onExit?: (reason: ExitReason) => void | Promise<void>;
  /** Ends the process (the CLI: process.exit with exitCodeFor); called once. */
  exit?: (reason: ExitReason) => void;
  /** How long the clean quit may take before `exit` is called anyway. */
  deadlineMs?: number;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** A hung clean quit (a stuck socket, a slow disk) must not keep a signalled terminal alive for longer. */
export const EXIT_DEADLINE_MS = 2000;

export class TerminalManners {
  private entered = false;
  private restoredOnce = false;
  private ending: ExitReason | null = null;
  private exited = false;
  private deadline: ReturnType<typeof setTimeout> | null = null;
  private readonly detach: (() => void)[] = [];

  constructor(private readonly opts: TerminalMannersOptions) {}

  get restored(): boolean {
    return this.restoredOnce;
  }

  enter(): void {
    if (this.entered) return;
    this.entered = true;
    if (this.opts.handleProcessEvents) this.listen();
    this.opts.stdout.write(ENTER_SEQUENCE);
    // Raw at once, not when the screen first reads keys (after its first frame): until then the terminal echoed
    // what was typed onto the alternate screen, among the cells the first frame is drawn over. A key typed now
    // waits for the reader; Ctrl-C is then read as the quit key, not sent as SIGINT.
    const stdin = this.opts.stdin;
    try {
      if (stdin?.isTTY && stdin.setRawMode) stdin.setRawMode(true);
    } catch {
      // stdin closed or not a terminal after all: nothing typed can echo.
    }
  }

  /** Puts the terminal back. Idempotent: the second and later calls do nothing. */
  restore(): void {
    if (!this.entered || this.restoredOnce) return;
    this.restoredOnce = true;
    const stdin = this.opts.stdin;
    try {
      if (stdin?.isTTY && stdin.setRawMode) stdin.setRawMode(false);
    } catch {
      // stdin may already be closed; the write below still matters.
    }
    try {
      this.opts.stdout.write(RESTORE_SEQUENCE);
    } catch {
      // stdout gone (terminal closed): nothing left to restore.
    }
  }

  /** Stops listening to the process and drops a pending deadline (the process is ending, or a test is done). */
  release(): void {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
    for (const off of this.detach.splice(0)) off();
  }

  private listen(): void {
    // The handlers stay on until the process ends (not just until the terminal is restored): while one is
    // on, Ink's signal-exit sees another listener and does not re-raise the signal, which would kill the
    // process at the clean quit's first wait.
    for (const signal of SIGNALS) {
      const handler = (): void => this.exitWith({ kind: 'signal', signal });
      process.on(signal, handler);
      this.detach.push(() => process.off(signal, handler));
    }
    const onCrash = (error: unknown): void => this.exitWith({ kind: 'crash', error });
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    this.detach.push(() => {
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
    });
    // Last resort: a plain process.exit() elsewhere still restores (exit handlers must be synchronous).
    const onProcessExit = (): void => this.restore();
    process.on('exit', onProcessExit);
    this.detach.push(() => process.off('exit', onProcessExit));
  }

  private exitWith(reason: ExitReason): void {
    if (this.ending) {
      // A second signal while the clean quit runs: whoever sent it wants out now. A crash inside the
      // clean quit changes nothing (the deadline still bounds it).
      if (reason.kind === 'signal') this.finish(reason);
      return;
    }
    this.ending = reason;
    // The terminal first: whatever the clean quit then does, or fails to do, the shell gets it back.
    this.restore();
    this.deadline = setTimeout(() => this.finish(reason), this.opts.deadlineMs ?? EXIT_DEADLINE_MS);
    let cleanQuit: Promise<void>;
    try {
      cleanQuit = Promise.resolve(this.opts.onExit?.(reason));
    } catch (error) {
      cleanQuit = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    void cleanQuit.catch(() => undefined).then(() => this.finish(reason));
  }

  private finish(reason: ExitReason): void {
    if (this.exited) return;
    this.exited = true;
    this.release();
    this.opts.exit?.(reason);
  }
}

/** Conventional exit status for a reason: 128 + signal number, 1 for a crash. */
export function exitCodeFor(reason: ExitReason): number {
  if (reason.kind === 'crash') return 1;
  return { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 }[reason.signal];
}
