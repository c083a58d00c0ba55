// The terminal's config: what each entry may hold and its default. Validation is per entry: a bad
// entry is reported (line and key) and only that entry falls back to its default.

import type { Action } from '../../ui/keys/binding.js';
import { DEFAULT_BINDINGS } from '../../ui/keys/keymap.js';
import { acceptRemaps, isActionName, normaliseActionKey } from '../../ui/keys/remap.js';
import { THEME_NAMES, type ConfirmPrefs, type ThemeName } from '../../state/workspace-slice.js';
import type { PaneId } from '../../state/store.js';
import type { TomlTable, TomlValue } from './config-table.js';
import { NO_GUARDS, type GuardLimits } from '../../domain/guards/guard-limits.js';
import { readGuards } from './guards-config.js';
import { defaultNotifyConfig, readNotify, type NotifyConfig } from './notify-config.js';
import { readPresets } from './presets-config.js';
import type { Preset } from '../../ui/presets/preset.js';
import { readAccounts, type AccountConfig } from './accounts-config.js';

export interface TerminalConfig {
  network?: string;
  market?: string;
  /** A pane to start zoomed, or `normal`. */
  layout: PaneId | 'normal';
  fps?: number;
  confirm: ConfirmPrefs;
  bell: boolean;
  theme: ThemeName;
  ascii: boolean;
  /** Low-bandwidth profile: on, off, or `auto` (on when SSH_TTY is set). */
  lowBandwidth: boolean | 'auto';
  watchlist: string[];
  keys: Map<Action, string[]>;
  /** [guards]: order and position size limits, the daily loss limit (domain/guards/). */
  guards: GuardLimits;
  /** `[notify]`: desktop notifications (notify-config.ts). */
  notify: NotifyConfig;
  /** `[presets]`: one key, one `:` line (presets-config.ts). */
  presets: Preset[];
  /** `[accounts.NAME]`: the accounts `:account` and `--account` switch between (accounts-config.ts). */
  accounts: AccountConfig[];
}

export function defaultConfig(): TerminalConfig {
  return { layout: 'normal', confirm: {}, bell: true, theme: 'dark', ascii: false, lowBandwidth: 'auto', watchlist: [], keys: new Map(), guards: { ...NO_GUARDS }, notify: defaultNotifyConfig(), presets: [], accounts: [] };
}

export interface ConfigProblem {
  /** 1-based line in the file, null when it cannot be told (e.g. a JSON value). */
  line: number | null;
  key: string;
  message: string;
  /** What the terminal uses instead (the entry's default, or that the line is left out). */
  fallback?: string;
}

const FALLBACKS: Readonly<Record<string, string>> = {
  network: 'local, or --network',
  market: 'the first market',
  layout: 'normal',
  fps: 'the built-in frame rate',
  bell: 'true',
  ascii: 'false',
  lowBandwidth: 'auto',
  theme: 'dark',
  watchlist: 'no watchlist',
  confirm: 'the built-in confirm thresholds',
  keys: 'the default keys',
  guards: 'no guards',
  notify: 'its default',
  accounts: 'no accounts',
};

/** What replaces a bad entry, in words: its default, or that it is ignored. */
export function fallbackFor(key: string, message: string): string {
  if (key === '') return message.includes('using the defaults') || message.includes('JSON object') ? 'every default' : 'the line is left out';
  if (message === 'unknown entry' || message.startsWith('unknown action') || message.startsWith('refused: a reserved name')) return 'ignored';
  const [top = '', rest] = key.split('.', 2);
  if (top === 'keys' && rest !== undefined) return `the default keys of ${rest}`;
  if (top === 'confirm' && rest !== undefined) return `the built-in ${rest}`;
  if (top === 'accounts' && rest !== undefined) return message.startsWith('unknown entry') || key.endsWith('.label') ? 'ignored' : 'no account by that name';
  if (top === 'presets') return rest === undefined ? 'no presets' : message.startsWith('unknown entry') ? 'ignored' : 'no preset on that key';
  if (top === 'guards' && rest !== undefined) return rest === 'dayStart' ? '00:00 local' : rest === 'onDailyLoss' ? '"refuse"' : `no ${rest} guard`;
  return FALLBACKS[top] ?? 'ignored';
}

type Report = (key: string, message: string) => void;

const LAYOUTS = ['normal', 'book', 'chart', 'trades', 'trading'] as const;

function isTable(v: TomlValue | undefined): v is TomlTable {
  return typeof v === 'object' && !Array.isArray(v);
}

/** Old action name -> new: `r` in the tabs re-reads history now (it loaded the next page before). */
const RENAMED_ACTIONS: Readonly<Record<string, Action>> = { loadMore: 'refreshHistory' };

function readKeys(value: TomlValue, report: Report, into: Map<Action, string[]>): void {
  if (!isTable(value)) return report('keys', 'must be a table of action = "key"');
  const parsed = new Map<Action, string[]>();
  for (const [written, raw] of Object.entries(value)) {
    const key = `keys.${written}`;
    // Action names that were renamed keep working in configs written before.
    const action = Object.hasOwn(RENAMED_ACTIONS, written) ? RENAMED_ACTIONS[written]! : written;
    if (!isActionName(action)) {
      report(key, `unknown action "${written}"`);
      continue;
    }
    const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : null;
    if (!list || list.length === 0) {
      report(key, 'must be a key or a list of keys');
      continue;
    }
    const names = list.map((text) => normaliseActionKey(action, text));
    const bad = list.find((_, i) => names[i] === null);
    if (bad !== undefined) {
      report(key, /^f12$/i.test(bad.trim()) ? 'F12 is the perf overlay\'s key (F1..F11 can be bound)' : `unknown key "${bad}"`);
      continue;
    }
    parsed.set(action, names.filter((n): n is string => n !== null));
  }
  // A key another action already uses where both apply would silently lose to it: refuse the entry.
  const { accepted, refused } = acceptRemaps(DEFAULT_BINDINGS, parsed);
  for (const c of refused) report(`keys.${c.action}`, `key "${c.key === ' ' ? 'space' : c.key}" is already bound to ${c.other}`);
  for (const [action, keys] of accepted) into.set(action, keys);
}

function readConfirm(value: TomlValue, report: Report, into: ConfirmPrefs): void {
  if (!isTable(value)) return report('confirm', 'must be a table');
  for (const [name, raw] of Object.entries(value)) {
    const key = `confirm.${name}`;
    if (name === 'skipReview') {
      if (typeof raw === 'boolean') into.skipReview = raw;
      else report(key, 'must be true or false');
    } else if (name === 'priceFromMarkPct' || name === 'marginOfEquityPct' || name === 'leverageAbove' || name === 'duplicateWindowSec' || name === 'amendSizeGrowthAbove') {
      if (typeof raw === 'number' && raw > 0 && Number.isFinite(raw)) into[name] = raw;
      else report(key, 'must be a positive number');
    } else report(key, 'unknown entry');
  }
}

/** Validates a parsed table entry by entry; returns the config with defaults where entries were bad. */
export function validateConfig(table: TomlTable, report: Report): TerminalConfig {
  const config = defaultConfig();
  for (const [name, value] of Object.entries(table)) {
    switch (name) {
      case 'network':
      case 'market':
        if (typeof value === 'string' && value.trim() !== '') config[name] = value.trim();
        else report(name, 'must be a non-empty string');
        break;
      case 'layout':
        if (typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value)) config.layout = value as TerminalConfig['layout'];
        else report(name, `must be one of ${LAYOUTS.join(', ')}`);
        break;
      case 'fps':
        if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 50) config.fps = value;
        else report(name, 'must be an integer from 1 to 50');
        break;
      case 'bell':
      case 'ascii':
        if (typeof value === 'boolean') config[name] = value;
        else report(name, 'must be true or false');
        break;
      case 'lowBandwidth':
        if (typeof value === 'boolean' || value === 'auto') config.lowBandwidth = value;
        else report(name, 'must be true, false or "auto"');
        break;
      case 'theme':
        if (typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value)) config.theme = value as ThemeName;
        else report(name, `must be one of ${THEME_NAMES.join(', ')}`);
        break;
      case 'watchlist':
        if (Array.isArray(value)) config.watchlist = value.map((s) => s.trim().toUpperCase()).filter(Boolean);
        else report(name, 'must be a list of market symbols');
        break;
      case 'confirm':
        readConfirm(value, report, config.confirm);
        break;
      case 'keys':
        readKeys(value, report, config.keys);
        break;
      case 'guards':
        readGuards(value, report, config.guards);
        break;
      case 'notify':
        readNotify(value, report, config.notify);
        break;
      case 'accounts':
        config.accounts = readAccounts(value, report);
        break;
      case 'presets':
        // After [keys], wherever it is written: a preset may only take a key the remaps left free.
        break;
      default:
        report(name, 'unknown entry');
    }
  }
  if (table.presets !== undefined) config.presets = readPresets(table.presets, report, config.keys);
  return config;
}
