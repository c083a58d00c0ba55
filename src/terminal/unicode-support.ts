// Whether the terminal can show the app's box-drawing, block, braille and arrow glyphs. Over SSH a
// modern terminal shows them as well as locally; only a non-UTF-8 locale or a terminal type known to
// have no such glyphs (the Linux console, a VT100, a dumb terminal) needs them spelled in ASCII.

type Env = Readonly<Record<string, string | undefined>>;

const TERMS_WITHOUT_UNICODE = new Set(['linux', 'vt100', 'dumb']);

/** The locale that decides the character set: the first of LC_ALL, LC_CTYPE, LANG that is set (POSIX order). */
function ctypeLocale(env: Env): string {
  for (const name of ['LC_ALL', 'LC_CTYPE', 'LANG'] as const) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return '';
}

/** True unless the locale is not UTF-8 (no locale at all is "C") or TERM names a terminal without those glyphs. */
export function terminalShowsUnicode(env: Env): boolean {
  if (TERMS_WITHOUT_UNICODE.has((env.TERM ?? '').toLowerCase())) return false;
  return /utf-?8/i.test(ctypeLocale(env));
}
