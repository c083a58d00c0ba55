// `--from DATE` / `--to DATE` as a millisecond window [from, to). A date alone is a day in the local time
// zone (the PnL calendar's days): `--from 2026-11-01` starts at its midnight, `--to 2026-11-30` takes in
// the whole of the 30th. A time may follow ("2026-11-01T09:30", seconds and milliseconds optional) with `Z` or `+02:00`;
// without a zone it is local. Then `--to` is exclusive.

import { InputError } from '../../protocol/errors.js';
import { sanitizeText } from '../../protocol/sanitize-text.js';
import type { ExportWindow } from './windowed-reader.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** `end`: a date without a time means the end of that day (the next midnight). */
export function parseExportDate(textIn: string, flag: string, end = false): number {
  const typed = textIn.trim();
  const m = DATE.exec(typed);
  if (!m) throw new InputError(`${flag} "${sanitizeText(typed, 40)}" is not a date`, { hint: 'YYYY-MM-DD, or YYYY-MM-DDTHH:MM[:SS[.mmm]] with an optional Z or +HH:MM' });
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), Number((frac ?? '').padEnd(3, '0'))] as const;
  const dayOnly = h === undefined;
  let ms: number;
  if (zone === undefined) {
    ms = new Date(parts[0], parts[1], parts[2] + (dayOnly && end ? 1 : 0), parts[3], parts[4], parts[5], parts[6]).getTime();
  } else {
    const offsetMin = zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
    ms = Date.UTC(...parts) - offsetMin * 60_000;
  }
  // new Date rolls Feb 31 into March: a day that does not exist is refused, not moved.
  const check = new Date(parts[0], parts[1], parts[2]);
  if (check.getMonth() !== parts[1] || check.getDate() !== parts[2] || parts[3] > 23 || parts[4] > 59 || parts[5] > 59 || !Number.isFinite(ms)) {
    throw new InputError(`${flag} "${sanitizeText(typed, 40)}" is not a date that exists`);
  }
  return ms;
}

export function exportWindow(from: string | undefined, to: string | undefined): ExportWindow {
  const fromMs = from === undefined ? undefined : parseExportDate(from, '--from');
  const toMs = to === undefined ? undefined : parseExportDate(to, '--to', true);
  if (fromMs !== undefined && toMs !== undefined && toMs <= fromMs) throw new InputError('--to must be after --from');
  return { ...(fromMs !== undefined ? { fromMs } : {}), ...(toMs !== undefined ? { toMs } : {}) };
}
