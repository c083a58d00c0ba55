// The `:` line's keys: `:` opens it from the panes; in it Enter runs the line, Tab completes, Up / Down
// step through the lines run before, Esc closes, and the one line editor edits (Backspace on an empty
// line closes it, as in vim). Fixed, but for `:` itself (remappable as `commandLine`).

import { editModeLine, lineKeys, off } from '../keys/binding-helpers.js';
import type { Binding } from '../keys/binding.js';
import { closeCommandLine, completeOnTab, openCommandLine, runCommandLine, stepCommandHistory } from './flow.js';

/** `:` in the panes. */
export const COMMAND_LINE_OPEN_BINDINGS: readonly Binding[] = [
  { action: 'commandLine', keys: [':'], mode: 'panes', panes: 'all', description: 'command line: buy sell close cancel lev market tf bell theme alert stats key', hint: 'command', run: (ctx) => openCommandLine(ctx.store) },
];

/** The keys while the line is open (mode `command`). */
export const COMMAND_LINE_BINDINGS: readonly Binding[] = [
  { action: 'runCommand', keys: ['Enter'], mode: 'command', fixed: true, description: 'run the line', hint: 'run', run: (ctx) => runCommandLine(ctx.store, ctx.actions, ctx.keyAtMs) },
  { action: 'closeCommand', keys: ['Esc', 'C-c'], mode: 'command', fixed: true, description: 'close the line', hint: 'close', run: (ctx) => closeCommandLine(ctx.store) },
  { action: 'complete', keys: ['Tab'], mode: 'command', fixed: true, description: 'complete the command, an open order id, a market, a timeframe, a theme or an order\'s next word (@ mkt stop ro ...)', hint: 'complete', run: (ctx) => completeOnTab(ctx.store) },
  {
    action: 'historyBack', keys: ['Up'], mode: 'command', fixed: true, description: 'the previous line run', hint: 'history', quiet: true,
    run: (ctx) => stepCommandHistory(ctx.store, -1),
    disabledReason: (state) => (state.tradingUi.commandHistory.length === 0 ? off('no history', 'no line run yet') : null),
  },
  {
    action: 'historyForward', keys: ['Down'], mode: 'command', fixed: true, description: 'the next line run', quiet: true,
    run: (ctx) => stepCommandHistory(ctx.store, 1),
    disabledReason: (state) => (state.tradingUi.commandHistoryAt === null ? off('newest', 'already at the newest line') : null),
  },
  {
    // Backspace on an empty line closes it, as in vim.
    action: 'deleteChar', keys: ['Backspace', 'Delete'], mode: 'command', fixed: true, description: 'delete the last character (on an empty line: close it)', quiet: true,
    run: (ctx) => ((ctx.store.getState().tradingUi.commandLine ?? '') === '' ? closeCommandLine(ctx.store) : void editModeLine(ctx.store, 'command', ctx.key)),
  },
  ...lineKeys('command').filter((b) => b.action !== 'deleteChar'),
];
