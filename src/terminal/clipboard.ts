// OSC 52: the terminal puts text on the user's clipboard, which works over SSH. Inside tmux the plain
// sequence is sent too, never a DCS passthrough: tmux discards a passthrough unless `allow-passthrough`
// is on (off by default since 3.3), while with `set-clipboard on` it accepts a plain OSC 52, keeps it as
// a paste buffer and forwards it to the outer terminal. tmux's default (`external`) ignores what
// applications send and answers nothing, so inside tmux a copy cannot be confirmed.

import type { CopyOutcome } from '../domain/terminal-actions.js';

const ESC = '\u001B';
const BEL = '\u0007';

/** Clipboards take a few KB at most in practice; longer text is refused rather than truncated. */
export const MAX_COPY_BYTES = 74_994;


export function osc52(text: string): string | null {
  const payload = Buffer.from(text, 'utf8').toString('base64');
  if (payload.length > MAX_COPY_BYTES) return null;
  return `${ESC}]52;c;${payload}${BEL}`;
}

/** Writes the copy and says what can be known of it: inside tmux (TMUX set) it cannot be confirmed. */
export function copyToClipboard(text: string, write: (bytes: string) => void, env: Readonly<Record<string, string | undefined>>): CopyOutcome {
  const sequence = osc52(text);
  if (sequence === null) return 'too-long';
  write(sequence);
  return env.TMUX ? 'sent-unconfirmed' : 'sent';
}
