// When the trading day began: `dayStart` is a wall-clock time ("00:00", "22:00") in the terminal's local
// time zone, or in a named IANA zone ("22:00 America/New_York", "00:00 UTC"). The daily loss guard counts
// from the latest such moment at or before now. Pure: the clock and the zone come in as values.

export interface DayStart {
  /** Minutes after midnight, 0..1439. */
  minutes: number;
  /** An IANA zone name; null = the local zone of the process. */
  zone: string | null;
}

export const MIDNIGHT_LOCAL: DayStart = { minutes: 0, zone: null };

const DAY_MS = 86_400_000;
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Whether `zone` names a time zone this runtime knows. */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "22:00", "22:00 UTC", "07:30 Europe/Berlin" -> DayStart; a string saying what is wrong otherwise. */
export function parseDayStart(text: string): DayStart | string {
  const [time = '', zone, ...rest] = text.trim().split(/\s+/);
  const m = TIME.exec(time);
  if (!m || rest.length > 0) return 'must be "HH:MM" (24 h), optionally followed by a time zone, e.g. "22:00" or "22:00 UTC"';
  if (zone !== undefined && !knownZone(zone)) return `unknown time zone "${zone}" (an IANA name such as UTC or Europe/London)`;
  return { minutes: Number(m[1]) * 60 + Number(m[2]), zone: zone ?? null };
}

/** "22:00", "22:00 UTC": the setting as written back. */
export function dayStartText(d: DayStart): string {
  const hh = String(Math.floor(d.minutes / 60)).padStart(2, '0');
  const mm = String(d.minutes % 60).padStart(2, '0');
  return `${hh}:${mm}${d.zone ? ` ${d.zone}` : ''}`;
}

/** Wall-clock fields of `ms` in `zone` (null: local). */
function wallClock(ms: number, zone: string | null): { y: number; mo: number; d: number; h: number; mi: number } {
  if (zone === null) {
    const t = new Date(ms);
    return { y: t.getFullYear(), mo: t.getMonth(), d: t.getDate(), h: t.getHours(), mi: t.getMinutes() };
  }
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(new Date(ms));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), mo: get('month') - 1, d: get('day'), h: get('hour'), mi: get('minute') };
}

/** The instant the wall clock of `zone` reads y-mo-d h:mi (the earlier one across a DST fold). */
function instantOf(y: number, mo: number, d: number, minutes: number, zone: string | null): number {
  if (zone === null) return new Date(y, mo, d, Math.floor(minutes / 60), minutes % 60).getTime();
  const asUtc = Date.UTC(y, mo, d, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at a guess, then at the corrected instant (offsets move by DST only).
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(instant, zone);
    const offset = Date.UTC(w.y, w.mo, w.d, w.h, w.mi) - Math.floor(instant / 60_000) * 60_000;
    instant = asUtc - offset;
  }
  return instant;
}

/** The start of the trading day that holds `nowMs`: the latest `dayStart` at or before it. */
export function dayStartAt(nowMs: number, d: DayStart): number {
  const w = wallClock(nowMs, d.zone);
  const today = instantOf(w.y, w.mo, w.d, d.minutes, d.zone);
  if (today <= nowMs) return today;
  // Before today's start: the day began yesterday (its date, in the zone, at the same wall time).
  const y = wallClock(nowMs - DAY_MS, d.zone);
  return instantOf(y.y, y.mo, y.d, d.minutes, d.zone);
}
