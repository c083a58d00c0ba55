// The config's presets as bindings of the panes (keys/pane-bindings.ts places them): one key each, valid in
// every pane, fixed (its key is the [presets] entry's, not a [keys] remap), its line as the footer's hint,
// and off, with the lock's reason, while what the line does is locked (orders, or requests on what is open).

import { newOrderLocks, tradingLocks } from '../../state/trading-locks.js';
import type { TerminalState } from '../../state/store.js';
import type { Binding, Disabled } from '../keys/binding.js';
import { fromLock } from '../keys/binding-helpers.js';
import { runPreset } from './flow.js';
import { presetReach, readPresetText, type Preset, type PresetReach } from './preset.js';
import { presetDescription, presetHint } from './view.js';

/** The action name a preset's binding goes by (help lists no name for it: it is not remapped by [keys]). */
export const presetAction = (preset: Preset): string => `preset ${preset.key}`;

function lockedFor(reach: PresetReach): (state: TerminalState) => Disabled | null {
  if (reach === 'order') return (state) => fromLock(newOrderLocks(state)[0]);
  if (reach === 'request') return (state) => fromLock(tradingLocks(state)[0]);
  return () => null;
}

/** Bindings of the presets whose line reads (the config refuses the others first, with their line). */
export function presetBindings(presets: readonly Preset[]): Binding[] {
  return presets.flatMap((preset): Binding[] => {
    const read = readPresetText(preset.text);
    if ('error' in read) return [];
    return [{
      action: presetAction(preset), keys: [preset.key], mode: 'panes', panes: 'all', fixed: true,
      description: presetDescription(preset), hint: presetHint(preset),
      run: (ctx) => runPreset(ctx, preset),
      disabledReason: lockedFor(presetReach(read.line)),
    }];
  });
}
