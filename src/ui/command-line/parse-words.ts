// The `:` line's word shapes shared by its parsers (parse.ts, parse-algo-lines.ts): a number as typed and a
// duration. Pure.

/** A number as typed: digits with `_` or `,` grouping and an optional fraction. */
export const NUMBER = /^[0-9][0-9_,]*(\.[0-9]*)?$|^\.[0-9]+$/;

/** Why `token` (the `what` of command `word`) is no number, with the usage when it is missing; null when it is one. */
export function numberProblem(token: string | undefined, what: string, word: string, usage: string): string | null {
  if (token === undefined) return `${word}: missing ${what} (${usage})`;
  if (!NUMBER.test(token)) return `${word}: ${what} "${token}" is not a number`;
  return null;
}

/** "90s", "10m", "1h30m" -> ms; null when it is no duration. */
export function parseDuration(text: string): number | null {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/i.exec(text);
  if (!m || text === '') return null;
  const [, h = '0', min = '0', sec = '0'] = m;
  return ((Number(h) * 60 + Number(min)) * 60 + Number(sec)) * 1000;
}
