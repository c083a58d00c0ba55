// F12, the perf line, is a key like any other: one binding in each mode where the layout is shown, read
// by the one dispatcher (so a paste holding `ESC[24~` is text, never F12). Fixed: the config's [keys]
// cannot take F12 nor move it. Not in the confirm, where every key but `y` cancels (the default), nor on
// the too-small screen, where nothing of the layout acts.

import { togglePerfOverlay } from '../../state/workspace-actions.js';
import type { InputMode } from '../../state/input-mode.js';
import type { Binding } from '../keys/binding.js';

const MODES: readonly InputMode[] = ['panes', 'help', 'detail', 'picker', 'command', 'review', 'entry', 'editor'];

export const PERF_OVERLAY_BINDINGS: readonly Binding[] = MODES.map((mode) => ({
  action: 'perfOverlay',
  keys: ['F12'],
  mode,
  ...(mode === 'panes' ? { panes: 'all' as const } : {}),
  fixed: true,
  description: 'the perf line (frames, paint, tick to screen, bytes, messages, loop delay) in place of the key hints, and back',
  run: (ctx) => togglePerfOverlay(ctx.store),
}));
