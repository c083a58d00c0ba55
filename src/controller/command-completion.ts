// Tab completion of the `:` command line, shell style: the command word first, then the one argument
// people mistype most (an order id after cancel / amend, a market after market / close, a timeframe,
// a theme). One candidate completes with a space; several extend to their common prefix and are
// listed, so a second look at the Open orders tab is not needed. Pure: text and choices in.

import { TIMEFRAMES } from '../domain/timeframes.js';
import { THEME_NAMES } from '../state/live-slice.js';
import { COMMAND_WORDS } from './command-parse.js';

export interface CompletionChoices {
  /** Ids of the open orders, newest first is fine: candidates keep this order. */
  orderIds: readonly number[];
  /** Market symbols of the context. */
  symbols: readonly string[];
}

export interface Completion {
  text: string;
  /** Every candidate when more than one matched (listed after the line), else empty. */
  candidates: string[];
}

/** Candidates for the first argument of `command`, or null when it takes none worth completing. */
function argumentWords(command: string, choices: CompletionChoices): readonly string[] | null {
  switch (command) {
    case 'cancel':
      return [...choices.orderIds.map(String), 'all'];
    case 'amend':
    case 'change':
      return choices.orderIds.map(String);
    case 'market':
    case 'm':
    case 'close':
      return choices.symbols;
    case 'tf':
      return TIMEFRAMES.map((t) => t.label);
    case 'theme':
      return THEME_NAMES;
    case 'bell':
      return ['on', 'off'];
    default:
      return null;
  }
}

function commonPrefix(words: readonly string[]): string {
  let prefix = words[0] ?? '';
  for (const w of words) {
    let i = 0;
    while (i < prefix.length && i < w.length && prefix[i]!.toLowerCase() === w[i]!.toLowerCase()) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix;
}

/** Completes `partial` from `words` (case-insensitive); `before` is the text ahead of it. */
function completeWord(before: string, partial: string, words: readonly string[]): Completion {
  const lower = partial.toLowerCase();
  const hits = words.filter((w) => w.toLowerCase().startsWith(lower));
  if (hits.length === 0) return { text: before + partial, candidates: [] };
  if (hits.length === 1) return { text: `${before}${hits[0]} `, candidates: [] };
  const prefix = commonPrefix(hits);
  // Keep what was typed when the candidates share nothing longer (case included).
  return { text: before + (prefix.length > partial.length ? prefix : partial), candidates: hits };
}

/** Tab on the command line: the completed text and, when ambiguous, the candidates. */
export function completeCommandLine(text: string, choices: CompletionChoices): Completion {
  const lead = text.length - text.trimStart().length;
  const body = text.slice(lead);
  const words = body.split(/\s+/);
  // words ends with '' when the text ends in a space: the word being typed is then empty.
  if (words.length === 1) return completeWord(text.slice(0, lead), body, COMMAND_WORDS);
  if (words.length !== 2) return { text, candidates: [] };
  const options = argumentWords(words[0]!.toLowerCase(), choices);
  if (options === null) return { text, candidates: [] };
  const partial = words[1]!;
  return completeWord(text.slice(0, text.length - partial.length), partial, options);
}
