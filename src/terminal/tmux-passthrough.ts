// Asks the tmux the app runs in (TMUX set) whether it forwards a DCS passthrough: `allow-passthrough`,
// the pane's own value first (`show -pv -t $TMUX_PANE`), else the global one (`show -gv`). tmux before
// 3.3 has no such option and always forwards. Asked once (the tmux of `env`'s TMUX), with a short timeout;
// never throws.

import { execFile } from 'node:child_process';
import type { TmuxPassthrough } from './desktop-notification.js';

/** What tmux answered: stdout, or the error text (an unknown option) or null when tmux could not run. */
export interface TmuxAnswer {
  pane: { out: string } | { error: string } | null;
  global: { out: string } | { error: string } | null;
}

const ASK_TIMEOUT_MS = 1_000;

/** `on`/`all` forward, `off` drops; an unknown option is a tmux before 3.3, which forwards. */
export function passthroughFromAnswer(a: TmuxAnswer): TmuxPassthrough {
  const value = (x: TmuxAnswer['pane']): TmuxPassthrough | null => {
    if (x === null) return null;
    if ('error' in x) return /invalid option|unknown option/i.test(x.error) ? 'on' : null;
    const v = x.out.trim();
    return v === 'on' || v === 'all' ? 'on' : v === 'off' ? 'off' : null;
  };
  return value(a.pane) ?? value(a.global) ?? 'unknown';
}

function ask(args: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<{ out: string } | { error: string } | null> {
  return new Promise((resolve) => {
    execFile('tmux', [...args], { timeout: ASK_TIMEOUT_MS, encoding: 'utf8', env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      if (!error) return resolve({ out: stdout });
      // Not installed, killed by the timeout: nothing known.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error.killed) return resolve(null);
      resolve({ error: `${stderr}${error.message}` });
    });
  });
}

/** What tmux does with a passthrough; `unknown` outside tmux. */
export async function askTmuxPassthrough(env: Readonly<Record<string, string | undefined>>): Promise<TmuxPassthrough> {
  if (!env.TMUX) return 'unknown';
  const pane = env.TMUX_PANE;
  const [paneAnswer, global] = await Promise.all([pane ? ask(['show', '-pv', '-t', pane, 'allow-passthrough'], env) : Promise.resolve(null), ask(['show', '-gv', 'allow-passthrough'], env)]);
  return passthroughFromAnswer({ pane: paneAnswer, global });
}
