// A private tmux server for the BUILT app's tests in a real terminal (tmux-paste.test.ts, tmux-start.test.ts):
// the app in one window named `app`, read back with `tmux capture-pane`.

import { execFileSync, spawnSync } from 'node:child_process';
import { waitFor } from '../helpers/wait.js';

const STEP_MS = 10_000;
export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

/** A private tmux server running one window; its socket at `socket` (tmux leaves the file behind when it ends). */
export function tmuxServer(socket: string) {
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const screen = (): string => tmux('capture-pane', '-p', '-t', 'app');
  /** The screen's words with the line breaks of a narrow screen folded into spaces. */
  const words = (): string => screen().replace(/\s+/g, ' ');
  return {
    tmux,
    screen,
    words,
    /** Keys by tmux name (Enter, Escape), each its own write. */
    key: (name: string) => tmux('send-keys', '-t', 'app', name),
    /** Literal text in one write: a burst the app reads at once. */
    burst: (text: string) => tmux('send-keys', '-t', 'app', '-l', text),
    /** Text as a paste: bracketed when the app turned bracketed paste on, as a terminal does. */
    paste: (text: string) => {
      tmux('set-buffer', '-b', 'clip', '--', text);
      tmux('paste-buffer', '-p', '-b', 'clip', '-t', 'app');
    },
    resize: (cols: number, rows: number) => tmux('resize-window', '-t', 'app', '-x', String(cols), '-y', String(rows)),
    until: (check: (screen: string) => boolean, what: string, ms = STEP_MS) => waitFor(() => check(screen()), () => `${what}; screen:\n${screen()}`, ms, 50),
  };
}


export type TmuxServer = ReturnType<typeof tmuxServer>;
