// The keymap in force: the bindings with the config's remaps applied, and the one lookup from a key to
// its binding in a mode. Made once by the app (app/workspace-wiring.ts) and handed to the screen; nothing
// changes it while the app runs.

import type { PaneId } from '../../state/store.js';
import { FIXED_KEYS, liveIn, type Action, type Binding, type Mode } from './binding.js';
import type { TerminalState } from '../../state/store.js';
import { MODE_BINDINGS } from './mode-bindings.js';
import { PANE_BINDINGS, paneBindings } from './pane-bindings.js';
import { presetBindings } from '../presets/bindings.js';
import type { Preset } from '../presets/preset.js';
import { PERF_OVERLAY_BINDINGS } from '../perf/bindings.js';
import { remapBindings } from './remap.js';

/** Every binding as shipped: the panes' (remappable), the modes' own (fixed) and F12's (fixed, in every mode but the confirm). */
export const DEFAULT_BINDINGS: readonly Binding[] = [...PANE_BINDINGS, ...MODE_BINDINGS, ...PERF_OVERLAY_BINDINGS];

export { FIXED_KEYS } from './binding.js';

export interface Keymap {
  readonly bindings: readonly Binding[];
  /** The binding `name` runs in `mode` (in the panes: `pane` first, else its meaning elsewhere), or undefined. */
  lookup(mode: Mode, pane: PaneId, name: string | null, state?: TerminalState): Binding | undefined;
  /** The first key of a pane action (what the footer and notices show), or null when unbound. */
  keyOf(action: Action): string | null;
}

/**
 * The binding of `name` among the panes' `bindings`: one valid in `pane` wins; else the key keeps its
 * meaning elsewhere (`[ ]` step the chart's timeframe while the book has focus).
 */
export function lookupPaneBinding(bindings: readonly Binding[], name: string, pane?: PaneId, state?: TerminalState): Binding | undefined {
  const panes = bindings.filter((b) => b.mode === 'panes' && liveIn(b, state));
  const fixed = FIXED_KEYS[name];
  if (fixed) return panes.find((b) => b.action === fixed);
  const bound = panes.filter((b) => b.keys.includes(name));
  return (pane !== undefined ? bound.find((b) => b.panes === undefined || b.panes === 'all' || b.panes.includes(pane)) : undefined) ?? bound[0];
}

/** The bindings in force: `overrides` (the config's [keys]) applied, and the config's presets among the panes' keys. */
export function bindingsInForce(overrides: ReadonlyMap<Action, readonly string[]> = new Map(), presets: readonly Preset[] = []): Binding[] {
  const base = presets.length === 0 ? DEFAULT_BINDINGS : [...paneBindings(presetBindings(presets)), ...MODE_BINDINGS, ...PERF_OVERLAY_BINDINGS];
  return remapBindings(base, overrides);
}

export function createKeymap(overrides: ReadonlyMap<Action, readonly string[]> = new Map(), presets: readonly Preset[] = []): Keymap {
  const bindings = bindingsInForce(overrides, presets);
  return {
    bindings,
    lookup(mode, pane, name, state) {
      if (name === null) return undefined;
      if (mode === 'panes') return lookupPaneBinding(bindings, name, pane, state);
      return bindings.find((b) => b.mode === mode && b.keys.includes(name));
    },
    keyOf: (action) => bindings.find((b) => b.mode === 'panes' && b.action === action)?.keys[0] ?? null,
  };
}
