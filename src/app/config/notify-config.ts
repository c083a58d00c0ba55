// The config's `[notify]` table: how desktop notifications are written (terminal/desktop-notification.ts),
// which events notify (domain/notify/), their thresholds, and an optional command run for each. Off unless
// `method` is set: a terminal that knows no OSC 9 / 777 ignores them, but nobody is notified unasked.

import { NOTIFY_KINDS, type NotifyKind } from '../../domain/notify/notify-event.js';
import type { NotifyMethodSetting } from '../../terminal/desktop-notification.js';
import type { TomlTable, TomlValue } from './config-table.js';

export interface NotifyConfig {
  method: NotifyMethodSetting;
  events: Record<NotifyKind, boolean>;
  liquidationDistancePct: number;
  tradingDownSec: number;
  /** Program and arguments, run with no shell, the event as JSON on stdin; null for none. */
  command: string[] | null;
}

const METHODS: readonly NotifyMethodSetting[] = ['auto', 'osc9', 'osc777', 'bell', 'off'];

export function defaultNotifyConfig(): NotifyConfig {
  const events = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, true])) as Record<NotifyKind, boolean>;
  return { method: 'off', events, liquidationDistancePct: 5, tradingDownSec: 30, command: null };
}

function isTable(v: TomlValue): v is TomlTable {
  return typeof v === 'object' && !Array.isArray(v);
}

/** Reads `[notify]` entry by entry into `into`; a bad entry is reported and keeps its default. */
export function readNotify(value: TomlValue, report: (key: string, message: string) => void, into: NotifyConfig): void {
  if (!isTable(value)) return report('notify', 'must be a table');
  for (const [name, raw] of Object.entries(value)) {
    const key = `notify.${name}`;
    if (name === 'method') {
      if (typeof raw === 'string' && (METHODS as readonly string[]).includes(raw)) into.method = raw as NotifyMethodSetting;
      else report(key, `must be one of ${METHODS.join(', ')}`);
    } else if ((NOTIFY_KINDS as readonly string[]).includes(name)) {
      if (typeof raw === 'boolean') into.events[name as NotifyKind] = raw;
      else report(key, 'must be true or false');
    } else if (name === 'liquidationDistancePct') {
      if (typeof raw === 'number' && raw > 0 && raw <= 100) into.liquidationDistancePct = raw;
      else report(key, 'must be a number above 0, at most 100');
    } else if (name === 'tradingDownSec') {
      if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1) into.tradingDownSec = raw;
      else report(key, 'must be a whole number of seconds, at least 1');
    } else if (name === 'command') {
      if (Array.isArray(raw) && raw.length > 0 && raw[0]!.trim() !== '') into.command = [...raw];
      else report(key, 'must be a list: the program, then its arguments (no shell)');
    } else report(key, 'unknown entry');
  }
}
