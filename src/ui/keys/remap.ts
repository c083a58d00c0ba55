// Remapping keys by action name (the config file's [keys]): key names as people write them, applying
// overrides to the table, and refusing an override whose key another action already uses in a pane
// where both are valid (it would be silently overridden by whichever the lookup finds first).

import { FIXED_KEYS, type Action, type Binding } from './binding.js';
import { MODE_BINDINGS } from './mode-bindings.js';
import { PANE_BINDINGS } from './pane-bindings.js';

type KeyBinding = Binding;

/** The function keys a config may bind: F12 is the perf overlay's (a fixed binding: ui/perf/bindings.ts). */
const FUNCTION_KEYS = 11;

/** Key names people write in a config file, normalised (`ctrl+x`, `alt-b`, `shift+tab`, `pgdown`, `escape`, `f5`). */
export function normaliseKeyName(text: string): string | null {
  const t = text.trim();
  if (t.length === 1) return t;
  const lower = t.toLowerCase().replace(/\s+/g, '');
  const ctrl = /^(?:c-|ctrl[+-]|control[+-])(.)$/.exec(lower);
  if (ctrl?.[1]) return `C-${ctrl[1]}`;
  // Alt (Meta) with a lower-case letter or a digit: what key-press.ts reads as one key (ESC then it).
  const alt = /^(?:m-|alt[+-]|meta[+-])(.)$/i.exec(t.replace(/\s+/g, ''));
  if (alt?.[1] !== undefined) return /^[a-z0-9]$/.test(alt[1]) ? `M-${alt[1]}` : null;
  const f = /^f([1-9]\d?)$/.exec(lower);
  if (f?.[1]) return Number(f[1]) <= FUNCTION_KEYS ? `F${f[1]}` : null;
  const names: Record<string, string> = {
    tab: 'Tab', 's-tab': 'S-Tab', 'shift+tab': 'S-Tab', 'shift-tab': 'S-Tab', up: 'Up', down: 'Down', left: 'Left', right: 'Right',
    pgup: 'PgUp', pageup: 'PgUp', pgdn: 'PgDn', pgdown: 'PgDn', pagedown: 'PgDn', esc: 'Esc', escape: 'Esc',
    enter: 'Enter', return: 'Enter', space: ' ', home: 'Home', end: 'End',
  };
  return names[lower] ?? null;
}

/** A name the config's [keys] can remap: the panes' actions and a mode's keys not marked fixed (the picker's sort). */
export function isActionName(name: string): name is Action {
  return PANE_BINDINGS.some((b) => b.action === name) || MODE_BINDINGS.some((b) => !b.fixed && b.action === name);
}

/** A key for `action` as written in a config: a chord action (panic) also takes its key doubled, `"!!"`. */
export function normaliseActionKey(action: Action, text: string): string | null {
  const chord = PANE_BINDINGS.find((b) => b.action === action)?.twice === true;
  const t = text.trim();
  return normaliseKeyName(chord && t.length === 2 && t[0] === t[1] ? t.slice(1) : t);
}

/** Both can take the same key press: the same mode, and for the panes a pane where both are valid. */
function panesOverlap(a: KeyBinding, b: KeyBinding): boolean {
  if (a.mode !== b.mode) return false;
  if (a.mode !== 'panes') return true;
  const pa = a.panes ?? 'all';
  const pb = b.panes ?? 'all';
  return pa === 'all' || pb === 'all' || pa.some((p) => pb.includes(p));
}

/**
 * The default table with `overrides` (action -> keys) applied: the overridden action gets exactly the
 * new keys, and any other action valid in the same panes loses those keys, so one key never means two
 * things where both would apply (the config refuses such overrides first; see acceptRemaps).
 */
export function remapBindings(base: readonly KeyBinding[], overrides: ReadonlyMap<Action, readonly string[]>): KeyBinding[] {
  const remappable = (b: KeyBinding) => !b.fixed;
  const applied = base.map((b) => (remappable(b) ? { ...b, keys: [...(overrides.get(b.action as Action) ?? b.keys)] } : b));
  return applied.map((b) => {
    if (!remappable(b) || overrides.has(b.action as Action)) return b;
    const keys = b.keys.filter((k) => FIXED_KEYS[k] === b.action || !applied.some((o) => overrides.has(o.action as Action) && o.keys.includes(k) && panesOverlap(o, b)));
    return { ...b, keys };
  });
}

export interface KeyCollision {
  action: Action;
  key: string;
  /** The action that keeps the key. */
  other: Action;
}

function findCollision(base: readonly KeyBinding[], accepted: ReadonlyMap<Action, readonly string[]>): KeyCollision | null {
  const order = [...accepted.keys()];
  // A mode's fixed keys (Enter, Esc, Up in the picker) stay in the table: a remap onto one is refused.
  const table = base.map((b) => (b.fixed ? b : { ...b, keys: accepted.get(b.action as Action) ?? b.keys }));
  for (const action of order) {
    const mine = table.find((b) => b.action === action);
    if (!mine) continue;
    for (const key of mine.keys) {
      const fixed = FIXED_KEYS[key];
      if (fixed && fixed !== action) return { action, key, other: fixed };
      // A default key of a binding in force only sometimes (`when`: the ladder's, while it is open) gives
      // way to the trader's own: a `buy = "B"` written before the ladder had B keeps working, and the
      // ladder's buy then has no key until one is written for it (remapBindings takes B from it).
      const other = table.find((b) => b.action !== action && b.keys.includes(key) && panesOverlap(b, mine) && !(b.when !== undefined && !accepted.has(b.action as Action)));
      // Two overrides on one key: the first written keeps it, so blame waits for the later one.
      if (other && !(accepted.has(other.action as Action) && order.indexOf(other.action as Action) > order.indexOf(action))) return { action, key, other: other.action as Action };
    }
  }
  return null;
}

/**
 * Splits overrides into those that can apply and those refused because a key is already another
 * action's where both are valid (the refused action keeps its default keys; a swap such as buy = "s",
 * sell = "b" is fine). Refusing one can make its default keys collide again, so it repeats until stable.
 */
export function acceptRemaps(base: readonly KeyBinding[], overrides: ReadonlyMap<Action, readonly string[]>): { accepted: Map<Action, string[]>; refused: KeyCollision[] } {
  const accepted = new Map<Action, string[]>([...overrides].map(([a, keys]) => [a, [...keys]]));
  const refused: KeyCollision[] = [];
  for (let c = findCollision(base, accepted); c; c = findCollision(base, accepted)) {
    refused.push(c);
    accepted.delete(c.action);
  }
  return { accepted, refused };
}
