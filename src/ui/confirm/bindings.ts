// The confirm's one key and quitting (which asks the confirm when something would be lost): `y` does what
// the question asked; any other key cancels (the dispatcher's fallback), the default.

import type { Binding } from '../keys/binding.js';
import { answerConfirm } from './flow.js';
import { requestQuit } from './quit.js';

/** Mode `confirm`. */
export const CONFIRM_BINDINGS: readonly Binding[] = [
  { action: 'confirmYes', keys: ['y'], mode: 'confirm', fixed: true, description: 'yes: do it (any other key cancels, the default)', hint: 'yes', run: (ctx) => answerConfirm(ctx.store, ctx.actions, true, ctx.nowMs, ctx.keyAtMs) },
];

/** `q` / Ctrl-C in the panes. */
export const QUIT_BINDINGS: readonly Binding[] = [
  { action: 'quit', keys: ['q', 'C-c'], mode: 'panes', panes: 'all', description: 'quit', hint: 'quit', run: (ctx) => requestQuit(ctx.store, ctx.actions) },
];
