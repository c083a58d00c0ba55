// The one hidden-line reader (passphrases): key creation (`perpl keys new --encrypt`, `perpl api`,
// `perpl doctor`) and the terminal's unlock at start read a passphrase with the same keystroke rules, so
// what was typed to seal a key is what opens it. An arrow or function key is no character: its whole
// escape sequence is dropped (also when a chunk boundary splits it). Enter ends the line, Backspace deletes
// the last character, Ctrl-U clears, Ctrl-C cancels, Ctrl-D on an empty line answers "" (end of input).
// Imports no layer; every layer may import it.

import { StringDecoder } from 'node:string_decoder';

export type HiddenLineAnswer = { kind: 'line'; value: string } | { kind: 'cancel' };

/** Where the editor is inside an escape sequence: none, after ESC, inside a CSI (`ESC [`), after `ESC O`. */
type EscapeState = 'none' | 'esc' | 'csi' | 'ss3';

/**
 * The keystroke rules as a pure editor: feed it the terminal's input as it arrives; it answers once
 * the line is complete (or cancelled), null while it waits for more.
 */
export class HiddenLineEditor {
  private chars: string[] = [];
  private escape: EscapeState = 'none';

  feed(text: string): HiddenLineAnswer | null {
    for (const ch of text) {
      if (this.escape !== 'none' && this.skipEscape(ch)) continue;
      if (ch === '\r' || ch === '\n') return this.finish({ kind: 'line', value: this.chars.join('') });
      if (ch === '\u0003') return this.finish({ kind: 'cancel' });
      if (ch === '\u0004') {
        if (this.chars.length === 0) return this.finish({ kind: 'line', value: '' });
      } else if (ch === '\u0015') this.chars = [];
      else if (ch === '\u007f' || ch === '\b') this.chars.pop();
      else if (ch === '\u001b') this.escape = 'esc';
      else if (ch >= ' ') this.chars.push(ch);
    }
    return null;
  }

  /** Whether `ch` belongs to the escape sequence under way (and so is dropped). */
  private skipEscape(ch: string): boolean {
    const state = this.escape;
    if (ch < ' ' || ch === '\u007f') {
      // No sequence holds a control key: Enter, Ctrl-C, Backspace... end it and count as themselves.
      this.escape = 'none';
      return false;
    }
    if (state === 'esc') {
      if (ch === '[') this.escape = 'csi';
      else if (ch === 'O') this.escape = 'ss3';
      else {
        // A lone Esc (or Alt+key): the Esc is dropped, the key that follows counts.
        this.escape = 'none';
        return false;
      }
      return true;
    }
    // SS3 is one more character; CSI runs to its final byte (@ to ~).
    if (state === 'ss3' || (ch >= '@' && ch <= '~')) this.escape = 'none';
    return true;
  }

  private finish(answer: HiddenLineAnswer): HiddenLineAnswer {
    this.chars = [];
    this.escape = 'none';
    return answer;
  }
}

/** A terminal's stdin as far as the reader needs it (process.stdin, or a test's fake TTY). */
export interface PromptInput {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

export interface PromptOutput {
  write(chunk: string): unknown;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Asks `question` on `out` and reads one line from `stdin` with echo off (raw mode), then puts raw mode
 * back as it was. `handleSignals`: a SIGINT/SIGTERM/SIGHUP while asking restores the TTY, cancels, and
 * re-raises the signal.
 */
export function readHiddenLine(stdin: PromptInput, out: PromptOutput, question: string, handleSignals = false): Promise<HiddenLineAnswer> {
  return new Promise((resolve) => {
    const wasRaw = stdin.isRaw === true;
    const editor = new HiddenLineEditor();
    // A character split across two chunks is decoded whole.
    const decoder = new StringDecoder('utf8');
    let done = false;
    const handlers: [NodeJS.Signals, () => void][] = [];
    const finish = (answer: HiddenLineAnswer): void => {
      if (done) return;
      done = true;
      stdin.off('data', onData);
      for (const [signal, handler] of handlers) process.off(signal, handler);
      try {
        stdin.setRawMode?.(wasRaw);
      } catch {
        // stdin closed under us: nothing to put back.
      }
      stdin.pause();
      out.write('\r\n');
      resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      const answer = editor.feed(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      if (answer) finish(answer);
    };
    if (handleSignals) {
      for (const signal of SIGNALS) {
        const handler = (): void => {
          finish({ kind: 'cancel' });
          // The TTY is back to normal: let the signal do what it would have done.
          process.kill(process.pid, signal);
        };
        handlers.push([signal, handler]);
        process.once(signal, handler);
      }
    }
    out.write(question);
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}
