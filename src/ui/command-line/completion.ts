// Tab completion of the `:` command line, shell style: the line's first word first, then the one argument
// people mistype most (an order id after cancel / amend, a market after market / close, a timeframe,
// a theme), and the words of an order after its size (`@`, `mkt`, `stop`, `ro`, ...) or of an amend
// after its id. One candidate completes with a space; several extend to their common prefix and are
// listed, so a second look at the Open orders tab is not needed. Pure: text and choices in.

import { EXPORT_KINDS } from '../../domain/export-kinds.js';
import { TIMEFRAMES } from '../../domain/timeframes.js';
import { THEME_NAMES } from '../../state/workspace-slice.js';
import { LINE_WORDS, splitAt } from './parse.js';

export interface CompletionChoices {
  /** Ids of the open orders, newest first is fine: candidates keep this order. */
  orderIds: readonly number[];
  /** Market symbols of the context. */
  symbols: readonly string[];
  /** Some open order belongs to a scaled order's group: `cancel scale` is offered. */
  hasGroups?: boolean;
}

export interface Completion {
  text: string;
  /** Every candidate when more than one matched (listed after the line), else empty. */
  candidates: string[];
}

/** Candidates for the first argument of `head`, or null when it takes none worth completing. */
function argumentWords(head: string, choices: CompletionChoices): readonly string[] | null {
  switch (head) {
    case 'cancel':
      return [...choices.orderIds.map(String), 'all', ...(choices.hasGroups ? ['scale'] : [])];
    case 'scale':
      return ['buy', 'sell'];
    case 'chase':
      return ['buy', 'sell', 'close'];
    case 'trail':
      return choices.symbols;
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
    case 'export':
      return EXPORT_KINDS;
    default:
      return null;
  }
}

/** The words of a `:buy` / `:sell` after the size (parse.ts), in the order its usage lists them. */
export const ORDER_WORDS: readonly string[] = ['@', 'mkt', 'stop', 'ro', 'post', 'ioc', 'fok', 'slip', 'tp', 'sl', 'lev'];
/** The parser's other spellings, offered only when the canonical words do not match what was typed. */
const ORDER_ALIASES: Readonly<Record<string, string>> = { market: 'mkt', reduce: 'ro' };
/** Order words followed by a number: the word after them is that number, never a word. */
const ORDER_VALUE_WORDS: ReadonlySet<string> = new Set(['@', 'stop', 'slip', 'tp', 'sl', 'lev']);
const TIFS = ['post', 'ioc', 'fok'];
/** Which price fires the order's triggers: only once a stop, tp or sl is given, and one of them only. */
const TRIGGER_SOURCE_WORDS: readonly string[] = ['last', 'mark'];
const TRIGGER_WORDS: readonly string[] = ['stop', 'tp', 'sl'];

/** What the parser refuses together with a word already given (a market order takes no `@` or post, ...). */
const EXCLUDES: Readonly<Record<string, readonly string[]>> = {
  mkt: ['@', 'post'],
  '@': ['mkt', 'slip'],
  post: [...TIFS, 'mkt', 'stop', 'slip'],
  ioc: TIFS,
  fok: [...TIFS, 'stop'],
  ro: ['tp', 'sl'],
  tp: ['ro'],
  sl: ['ro'],
  stop: ['post', 'fok'],
  slip: ['@', 'post'],
};

/**
 * The order words that may come next after `given` (the size and the words typed so far), or null where a
 * number goes (the size, or the value of `@` / `stop` / `tp` ...). A word given is not offered again, nor one
 * the parser refuses beside it.
 */
function nextOrderWords(given: readonly string[]): { words: readonly string[]; aliases: readonly string[] } | null {
  const tokens = splitAt(given);
  if (tokens.length === 0) return null;
  const used = new Set<string>();
  const typed = new Set<string>();
  let wantsValue = false;
  for (const raw of tokens.slice(1)) {
    if (wantsValue) {
      wantsValue = false;
      continue;
    }
    const word = ORDER_ALIASES[raw.toLowerCase()] ?? raw.toLowerCase();
    used.add(word);
    typed.add(word);
    for (const x of EXCLUDES[word] ?? []) used.add(x);
    wantsValue = ORDER_VALUE_WORDS.has(word);
  }
  if (wantsValue) return null;
  const sourceFits = TRIGGER_WORDS.some((w) => typed.has(w)) && !TRIGGER_SOURCE_WORDS.some((w) => typed.has(w));
  const words = [...ORDER_WORDS.filter((w) => !used.has(w)), ...(sourceFits ? TRIGGER_SOURCE_WORDS : [])];
  return { words, aliases: Object.keys(ORDER_ALIASES).filter((a) => !used.has(ORDER_ALIASES[a]!)) };
}

/** The words of an amend after its id: `@ PRICE` and `size SIZE`, each once; null where a number goes. */
function nextAmendWords(given: readonly string[]): readonly string[] | null {
  const tokens = splitAt(given).slice(1);
  if (tokens.length % 2 === 1) return null;
  const used = new Set(tokens.filter((_, i) => i % 2 === 0).map((t) => (t.toLowerCase() === 'price' ? '@' : t.toLowerCase())));
  return ['@', 'size'].filter((w) => !used.has(w));
}

/**
 * The option words of an algo line after its fixed words (`options`: the words typed after them), each once and
 * not beside the one it excludes; null where a value goes (after a word of `valueWords`).
 */
function nextOptionWords(options: readonly string[], words: readonly string[], valueWords: readonly string[], excludes: Readonly<Record<string, string>>): readonly string[] | null {
  const used = new Set<string>();
  let wantsValue = false;
  for (const raw of options) {
    if (wantsValue) {
      wantsValue = false;
      continue;
    }
    const word = raw.toLowerCase();
    used.add(word);
    if (excludes[word]) used.add(excludes[word]);
    wantsValue = valueWords.includes(word);
  }
  return wantsValue ? null : words.filter((w) => !used.has(w));
}

/** `trail [SYMBOL] DISTANCE` then `last|mark` and `step PRICE` (parse-algo-lines.ts parseTrail); null where the distance or the step goes. */
function nextTrailWords(given: readonly string[]): readonly string[] | null {
  const afterSymbol = given.length > 0 && !/^[0-9.]/.test(given[0]!) ? given.slice(1) : given;
  if (afterSymbol.length === 0) return null;
  return nextOptionWords(afterSymbol.slice(1), ['last', 'mark', 'step'], ['step'], { last: 'mark', mark: 'last' });
}

/** `chase buy|sell SIZE` or `chase close [SIZE]`, then `max`, `for`, `leave|cancel`, `lev` (parseChase); null where a value goes. */
function nextChaseWords(given: readonly string[]): readonly string[] | null {
  const close = given[0]?.toLowerCase() === 'close';
  if (!close && given.length < 2) return null;
  const options = close ? given.slice(given[1] !== undefined && /^[0-9.]/.test(given[1]) ? 2 : 1) : given.slice(2);
  const words = ['max', 'for', 'leave', 'cancel', ...(close ? [] : ['lev'])];
  return nextOptionWords(options, words, ['max', 'for', 'lev'], { leave: 'cancel', cancel: 'leave' });
}

/** Candidates for a word after the first argument of `head`, `given` being the words between; null where none fit. */
function laterWords(head: string, given: readonly string[], partial: string): readonly string[] | null {
  switch (head) {
    case 'buy':
    case 'sell':
    case 'long':
    case 'short': {
      const next = nextOrderWords(given);
      if (next === null) return null;
      const lower = partial.toLowerCase();
      return next.words.some((w) => w.startsWith(lower)) ? next.words : next.aliases;
    }
    case 'amend':
    case 'change':
      return nextAmendWords(given);
    case 'scale':
      // After the side, size and two prices: the leg count's x, then its options (parse.ts parseScale).
      return given.length >= 4 ? ['skew', 'lev', 'post'].filter((w) => !given.includes(w)) : null;
    case 'trail':
      return nextTrailWords(given);
    case 'chase':
      return nextChaseWords(given);
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
export function completeLine(text: string, choices: CompletionChoices): Completion {
  const lead = text.length - text.trimStart().length;
  const body = text.slice(lead);
  const words = body.split(/\s+/);
  // words ends with '' when the text ends in a space: the word being typed is then empty.
  if (words.length === 1) return completeWord(text.slice(0, lead), body, LINE_WORDS);
  const head = words[0]!.toLowerCase();
  const partial = words.at(-1)!;
  const options = words.length === 2 ? argumentWords(head, choices) : laterWords(head, words.slice(1, -1), partial);
  if (options === null) return { text, candidates: [] };
  return completeWord(text.slice(0, text.length - partial.length), partial, options);
}
