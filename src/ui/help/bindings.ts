// The help's own keys (fixed): close, scroll, and its filter line; typed text filters (the dispatcher).
// `?` itself, which opens the help, is a key of the panes (keys/pane-bindings.ts).

import { closeHelp } from '../../state/workspace-actions.js';
import type { Binding } from '../keys/binding.js';
import { lineKeys } from '../keys/binding-helpers.js';
import { scrollHelpBy, scrollOrType } from './flow.js';

export const HELP_BINDINGS: readonly Binding[] = [
  { action: 'closeHelp', keys: ['Esc', 'Enter', 'C-c'], mode: 'help', fixed: true, description: 'close the help', hint: 'close', run: (ctx) => closeHelp(ctx.store) },
  {
    action: 'scrollDown', keys: ['Down', 'j'], mode: 'help', fixed: true, description: 'scroll down (j and k type into the filter once it has text)', hint: 'scroll', quiet: true,
    run: (ctx) => scrollOrType(ctx, 'j', 1),
  },
  {
    action: 'scrollUp', keys: ['Up', 'k'], mode: 'help', fixed: true, description: 'scroll up', quiet: true,
    run: (ctx) => scrollOrType(ctx, 'k', -1),
  },
  { action: 'pageDown', keys: ['PgDn'], mode: 'help', fixed: true, description: 'scroll down a page', quiet: true, run: (ctx) => scrollHelpBy(ctx, ctx.view.helpPage) },
  { action: 'pageUp', keys: ['PgUp'], mode: 'help', fixed: true, description: 'scroll up a page', quiet: true, run: (ctx) => scrollHelpBy(ctx, -ctx.view.helpPage) },
  ...lineKeys('help'),
];
