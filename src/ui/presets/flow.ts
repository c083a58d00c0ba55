// A preset key runs its line as `:` + the line + Enter would: the same `:` line flow (command-line/flow.ts),
// so the same parser, review, smart confirm, guards, locks and journal. A line that cannot open its review
// stays in the `:` line with the reason, as a typed one does. The one difference is the review: a preset
// reviews unless it says `confirm = false` (the config's skipReview does not apply to it), and without a
// review a risky order still stops at smart confirm (order-entry/flow.ts acceptReview).

import type { KeyContext } from '../keys/binding.js';
import { editCommandLine, openCommandLine, runCommandLine } from '../command-line/flow.js';
import type { Preset } from './preset.js';

export function runPreset(ctx: KeyContext, preset: Preset): void {
  const { store, actions } = ctx;
  openCommandLine(store);
  editCommandLine(store, preset.text.trim());
  runCommandLine(store, actions, ctx.keyAtMs, { skipReview: !preset.confirm });
}
