// What the help's keys ask: scroll its rows within their bound (the rows the help lists now, ui/help/view.ts
// through the key's view), and j / k type into the filter once it has text.

import { scrollHelp } from '../../state/workspace-actions.js';
import type { KeyContext } from '../keys/binding.js';
import { editModeLine } from '../keys/mode-lines.js';

export function scrollHelpBy(ctx: KeyContext, delta: number): void {
  scrollHelp(ctx.store, delta, ctx.view.helpRows, ctx.view.helpPage);
}

/** j / k: scroll while the filter is empty, else a letter of the filter. */
export function scrollOrType(ctx: KeyContext, letter: string, delta: number): void {
  if (ctx.key.name === letter && ctx.store.getState().workspace.help.query !== '') editModeLine(ctx.store, 'help', ctx.key);
  else scrollHelpBy(ctx, delta);
}
