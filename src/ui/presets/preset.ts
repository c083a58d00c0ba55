// A preset: one key that runs one `:` line (the config's [presets], UX.md). Its text is read by the `:` line's
// own parser (command-line/parse.ts), here once when the config is read and again when the key runs it,
// so a preset holds exactly what the line would and never a grammar of its own.

import { isUnsafeChar } from '../../protocol/sanitize-text.js';
import { COMMAND_LINE_MAX } from '../../state/command-line-actions.js';
import { parseLine, type ParsedLine } from '../command-line/parse.js';

export interface Preset {
  /** The key as the keymap spells it: `F1`, `M-b`, `v`. */
  key: string;
  /** The `:` line it runs, without the `:`. */
  text: string;
  /** False: a routine order goes without its review (smart confirm still asks for a risky one). */
  confirm: boolean;
}

/** What a preset's line does to the exchange: a new order, a request on what is open, or nothing (a view). */
export type PresetReach = 'order' | 'request' | 'view';

/** The line's meaning, or why it is not a line a key can run. */
export function readPresetText(text: string): { line: Exclude<ParsedLine, { kind: 'error' }> } | { error: string } {
  if ([...text].some(isUnsafeChar)) return { error: 'the line holds a control character' };
  if (text.trim().length > COMMAND_LINE_MAX) return { error: `the line is longer than the ${COMMAND_LINE_MAX} characters the \`:\` line holds` };
  const line = parseLine(text);
  return line.kind === 'error' ? { error: line.message } : { line };
}

/** A kind the grammar adds later counts as an order: locked while orders are (the safe side). */
export function presetReach(line: ParsedLine): PresetReach {
  switch (line.kind) {
    case 'lev':
    case 'market':
    case 'tf':
    case 'bell':
    case 'export':
      return 'view';
    case 'close':
    case 'cancel':
    case 'cancel-all':
    case 'cancel-group':
      return 'request';
    default:
      return 'order';
  }
}
