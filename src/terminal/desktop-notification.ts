// Desktop notifications as the terminal writes them: OSC 9 (`ESC ] 9 ; text BEL`: iTerm2, kitty,
// WezTerm, Ghostty, foot) and OSC 777 (`ESC ] 777 ; notify ; title ; body BEL`: VTE terminals such as
// GNOME Terminal, urxvt, WezTerm, Ghostty). Both travel in the output stream, so they reach the local
// terminal through SSH. Inside tmux a sequence reaches the outer terminal only wrapped in a DCS
// passthrough (`ESC P tmux; <sequence, every ESC doubled> ESC \`), which tmux forwards only with
// `allow-passthrough` on (off by default since 3.3; always forwarded before); else the bell is what is
// left. Written between frames on the one stdout, like OSC 52 (clipboard.ts): a frame is one write, so
// nothing lands inside one, and none of these move the cursor the frame writer keeps track of.

const ESC = '\u001B';
const BEL = '\u0007';
const ST = `${ESC}\\`;

export type NotifyMethod = 'osc9' | 'osc777' | 'bell' | 'off';
export type NotifyMethodSetting = NotifyMethod | 'auto';

/**
 * Text an OSC can carry without being ended early: the one sanitizer (protocol/sanitize-text.ts) has
 * already made every control a visible escape; this is the terminal's own guarantee, whoever calls it:
 * C0, DEL and C1 (BEL, ESC, and 0x9c, a one-byte ST) become spaces. `field`: `;` too (it separates
 * OSC 777's title from its body).
 */
export function oscSafe(text: string, field = false): string {
  const plain = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return field ? plain.replaceAll(';', ',') : plain;
}

/** OSC 9: one line, the title before the body (a title never starts with a digit and `;`: ConEmu reads those as commands). */
export function osc9(title: string, body: string): string {
  return `${ESC}]9;${oscSafe(`${title}: ${body}`)}${BEL}`;
}

/** OSC 777: a title and a body. */
export function osc777(title: string, body: string): string {
  return `${ESC}]777;notify;${oscSafe(title, true)};${oscSafe(body)}${BEL}`;
}

/** tmux's DCS passthrough around `sequence`: every ESC in it doubled, so tmux passes it on whole. */
export function tmuxPassthrough(sequence: string): string {
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, `${ESC}${ESC}`)}${ST}`;
}

/** How notifications are written here: the method, and whether through tmux's passthrough. */
export interface NotifyRoute {
  method: NotifyMethod;
  tmux: boolean;
}

/** The bytes of one notification on `route`; '' when notifications are off. */
export function notificationBytes(route: NotifyRoute, title: string, body: string): string {
  if (route.method === 'off') return '';
  if (route.method === 'bell') return BEL;
  const sequence = route.method === 'osc9' ? osc9(title, body) : osc777(title, body);
  return route.tmux ? tmuxPassthrough(sequence) : sequence;
}

/** What tmux does with a passthrough: forwards it, drops it (`allow-passthrough off`), or not known (tmux not asked or not answering). */
export type TmuxPassthrough = 'on' | 'off' | 'unknown';

/**
 * The route for a setting: `auto` takes OSC 777 where the terminal is known to (VTE, urxvt, foot), else
 * OSC 9. Inside tmux (TMUX set) an OSC goes through the passthrough when tmux forwards it; when it drops
 * it, or cannot be asked, the bell is the fallback.
 */
export function resolveNotifyRoute(setting: NotifyMethodSetting, env: Readonly<Record<string, string | undefined>>, passthrough: TmuxPassthrough): NotifyRoute {
  const inTmux = Boolean(env.TMUX);
  if (setting === 'off' || setting === 'bell') return { method: setting, tmux: false };
  const term = env.TERM ?? '';
  const method: NotifyMethod = setting !== 'auto' ? setting : env.VTE_VERSION || /^(rxvt|foot)/.test(term) ? 'osc777' : 'osc9';
  if (!inTmux) return { method, tmux: false };
  return passthrough === 'on' ? { method, tmux: true } : { method: 'bell', tmux: false };
}
