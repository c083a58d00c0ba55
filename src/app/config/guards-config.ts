// The config's [guards] table: maxOrderNotional, maxPositionNotional, maxDailyLoss (quote amounts as
// decimal strings, read exactly), onDailyLoss ("refuse" | "flatten") and dayStart ("00:00", "22:00 UTC").
// A bad entry is reported with its line and that guard stays off (the footer says so); the others apply.

import { parseDayStart } from '../../domain/guards/day-start.js';
import { type GuardLimits, parseQuoteLimit } from '../../domain/guards/guard-limits.js';
import type { TomlValue } from './config-table.js';

type Report = (key: string, message: string) => void;

const LIMITS = ['maxOrderNotional', 'maxPositionNotional', 'maxDailyLoss'] as const;

export function readGuards(value: TomlValue, report: Report, into: GuardLimits): void {
  if (typeof value !== 'object' || Array.isArray(value)) return report('guards', 'must be a table');
  for (const [name, raw] of Object.entries(value)) {
    const key = `guards.${name}`;
    if ((LIMITS as readonly string[]).includes(name)) {
      const atoms = parseQuoteLimit(raw);
      if (typeof atoms === 'bigint') into[name as (typeof LIMITS)[number]] = atoms;
      else report(key, atoms);
    } else if (name === 'onDailyLoss') {
      if (raw === 'flatten' || raw === 'refuse') into.onDailyLoss = raw;
      else report(key, 'must be "refuse" or "flatten"');
    } else if (name === 'dayStart') {
      const day = typeof raw === 'string' ? parseDayStart(raw) : 'must be a time as a string, e.g. "00:00" or "22:00 UTC"';
      if (typeof day === 'string') report(key, day);
      else into.dayStart = day;
    } else report(key, 'unknown entry');
  }
  if (into.onDailyLoss === 'flatten' && into.maxDailyLoss === null) {
    into.onDailyLoss = 'refuse';
    report('guards.onDailyLoss', 'needs maxDailyLoss: nothing to flatten on');
  }
}
