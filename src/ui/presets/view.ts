// How a preset is said: in the footer (its line as written), in `?` help (and what happens on the key) and
// in `perpl doctor`. The same words everywhere, from the preset alone.

import { displayKey } from '../help/rows.js';
import type { Preset } from './preset.js';

/** The footer's label: the line the key runs. */
export function presetHint(preset: Preset): string {
  return preset.text.trim();
}

/** What the key does, for `?` help. */
export function presetDescription(preset: Preset): string {
  const then = preset.confirm ? 'opens its review' : 'sends a routine order without review (a risky one still asks)';
  return `preset :${preset.text.trim()} — ${then}`;
}

/** One line of `perpl doctor`: the key as shown, the line, and whether it reviews. */
export function presetSummary(preset: Preset): string {
  return `${displayKey(preset.key)} = "${preset.text.trim()}" (${preset.confirm ? 'review' : 'no review unless smart confirm asks'})`;
}
