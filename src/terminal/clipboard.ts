// OSC 52: the terminal puts text on the user's clipboard, which works over SSH. Inside tmux the
// sequence is wrapped in a DCS passthrough (tmux needs `set -g allow-passthrough on` or
// `set-clipboard on`), with every ESC inside doubled as tmux requires.

const ESC = '\u001B';
const BEL = '\u0007';

/** Clipboards take a few KB at most in practice; longer text is refused rather than truncated. */
export const MAX_COPY_BYTES = 74_994;

export function osc52(text: string, env: Readonly<Record<string, string | undefined>>): string | null {
  const payload = Buffer.from(text, 'utf8').toString('base64');
  if (payload.length > MAX_COPY_BYTES) return null;
  const sequence = `${ESC}]52;c;${payload}${BEL}`;
  if (!env.TMUX) return sequence;
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
}
