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
    /**
     * The built app at `entry` in the window `app` of cols x rows, on its in-process exchange under `home`
     * (`before`: shell commands run first); its exit status shown when it ends, the window kept.
     */
    startApp: (entry: string, home: string, cols: number, rows: number, before = '') =>
      tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'app', '-x', String(cols), '-y', String(rows),
        `${before}env CI=false SSH_TTY= PERPL_HOME='${home}' '${process.execPath}' '${entry}'; echo "[exited rc=$?]"; sleep 600`),
    /** Ends the server and everything in it. */
    stop: () => void spawnSync('tmux', ['-S', socket, 'kill-server']),
  };
}

export type TmuxServer = ReturnType<typeof tmuxServer>;
