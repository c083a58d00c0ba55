// The config's [presets] table: key = a `:` line, or key = { do = "a `:` line", confirm = false }. The key is
// a function key (F1..F11), Alt with a letter or digit (`alt-b`, `M-b`) or any key the panes do not bind
// (after [keys]); the line is read by the `:` line's own parser (ui/presets/preset.ts). A bad preset is
// reported with its line and left off; the others work.

import type { Action } from '../../ui/keys/binding.js';
import { FIXED_KEYS } from '../../ui/keys/binding.js';
import { bindingsInForce } from '../../ui/keys/keymap.js';
import { normaliseKeyName } from '../../ui/keys/remap.js';
import { readPresetText, type Preset } from '../../ui/presets/preset.js';
import type { TomlValue } from './config-table.js';

type Report = (key: string, message: string) => void;

const shown = (key: string): string => (key === ' ' ? 'space' : key);

/** The `:` line and confirm of one entry, or why it is neither. */
function entryOf(raw: TomlValue, name: string, report: Report): { text: string; confirm: boolean } | string {
  if (typeof raw === 'string') return { text: raw, confirm: true };
  if (typeof raw !== 'object' || Array.isArray(raw)) return 'must be a `:` line ("buy 0.01 mkt") or a table { do = "...", confirm = false }';
  let text: string | null = null;
  let confirm = true;
  for (const [field, value] of Object.entries(raw)) {
    if (field === 'do' && typeof value === 'string') text = value;
    else if (field === 'do') return '`do` must be a `:` line as a string';
    else if (field === 'confirm' && typeof value === 'boolean') confirm = value;
    else if (field === 'confirm') return '`confirm` must be true or false';
    // An unknown field (a misspelt `confirm`) is said; the preset keeps its review, the safe side.
    else report(`presets.${name}`, `unknown entry "${field}" (a preset takes do and confirm)`);
  }
  return text === null ? 'needs `do`, the `:` line it runs' : { text, confirm };
}

/**
 * Reads [presets] into presets; `keys` are the [keys] remaps already accepted (a preset may not take a key
 * a remap gave an action).
 */
export function readPresets(value: TomlValue, report: Report, keys: ReadonlyMap<Action, readonly string[]>): Preset[] {
  if (typeof value !== 'object' || Array.isArray(value)) {
    report('presets', 'must be a table of key = ":" line');
    return [];
  }
  const panes = bindingsInForce(keys).filter((b) => b.mode === 'panes');
  const presets: Preset[] = [];
  for (const [name, raw] of Object.entries(value)) {
    const at = `presets.${name}`;
    const key = normaliseKeyName(name);
    if (key === null) {
      report(at, /^f12$/i.test(name.trim()) ? 'F12 is the perf overlay\'s key (F1..F11 can be bound)' : `unknown key "${name}" (F1..F11, alt-b, or a key the panes do not bind)`);
      continue;
    }
    const fixed = FIXED_KEYS[key];
    const bound = fixed ?? panes.find((b) => b.keys.includes(key))?.action;
    if (bound !== undefined) {
      report(at, `key "${shown(key)}" is already bound to ${bound}`);
      continue;
    }
    const twice = presets.find((p) => p.key === key);
    if (twice) {
      report(at, `key "${shown(key)}" is already a preset (${twice.text})`);
      continue;
    }
    const entry = entryOf(raw, name, report);
    if (typeof entry === 'string') {
      report(at, entry);
      continue;
    }
    const read = readPresetText(entry.text);
    if ('error' in read) {
      report(at, `the line does not parse: ${read.error}`);
      continue;
    }
    presets.push({ key, text: entry.text.trim(), confirm: entry.confirm });
  }
  return presets;
}
