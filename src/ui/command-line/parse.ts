// The `:` command line grammar (UX.md). Pure: a line's text in, what it says (a ParsedLine) or a clear error out. Numbers
// stay text here; order entry turns them into scaled integers with the market's decimals, so a typed
// order and a keyed one are validated by the same code.

import { WHOLE_POSITION_BPS, parseClosePercent } from '../../domain/trading/close-share.js';
import { TIMEFRAMES } from '../../domain/timeframes.js';
import { EXPORT_KINDS, isExportKind, type ExportAsk } from '../../domain/export-kinds.js';
import { CHASE_USAGE, TRAIL_USAGE, parseChase, parseTrail, type TypedChase, type TypedTrail } from './parse-algo-lines.js';
import { NUMBER, numberProblem, parseDuration } from './parse-words.js';

export type { TypedChase, TypedDistance, TypedTrail } from './parse-algo-lines.js';
import { isPriceWordText, parsePriceWord } from '../../domain/trading/price-words.js';
import { isFractionText, parseFraction, parseSizeWord } from '../../domain/trading/size-words.js';

export interface TypedOrder {
  kind: 'order';
  side: 'long' | 'short';
  type: 'limit' | 'market';
  size: string;
  price?: string;
  tif: 'gtc' | 'post' | 'ioc' | 'fok';
  slippage?: string;
  tp?: string;
  sl?: string;
  leverage?: string;
  /** `stop PRICE`: a stand-alone stop (with `mkt` a stop-market, with `@ PRICE` a stop-limit). */
  stop?: string;
  /** `ro` / `reduce`: a close order, it only reduces the position. */
  reduceOnly?: boolean;
  /** `last` / `mark`: which price fires the stop and the TP / SL (absent: the mark). */
  on?: 'mark' | 'last';
  /**
   * `risk 100 sl 65000`: the size is what a stop at the SL loses at most this much (quote, as typed) for,
   * fees included (domain/trading/risk-size.ts); `size` is then empty until the flow resolves it. A `price`
   * or `size` may also be relative as typed ("@bid-2t", "1/4"): resolved at review time (typed-order.ts).
   */
  risk?: string;
}

/** A change of a resting order: the new price, the new remaining size, or both (numbers as typed). */
export interface TypedAmend {
  kind: 'amend';
  orderId: number;
  price?: string;
  size?: string;
}

/** `scale buy 0.5 66000 65000 x10 [skew 2] [lev X] [post]`: N resting limits between two prices (numbers as typed). */
export interface TypedScale {
  kind: 'scale';
  side: 'long' | 'short';
  size: string;
  from: string;
  to: string;
  count: number;
  skew?: string;
  leverage?: string;
  postOnly?: boolean;
}

/** `twap buy 0.5 10m [slices 20] [jitter 20%] [slip 30bps | limit 67000] [lev X]` (numbers as typed, the duration in ms). */
export interface TypedTwap {
  kind: 'twap';
  side: 'long' | 'short';
  size: string;
  durationMs: number;
  slices?: number;
  /** Percent of the interval, as typed without the `%`. */
  jitter?: string;
  /** Basis points from the arrival mark, as typed without `bps`. */
  slip?: string;
  limit?: string;
  leverage?: string;
}

export type ParsedLine =
  | TypedOrder
  | TypedScale
  | TypedTwap
  | TypedTrail
  | TypedChase
  | { kind: 'cancel-group' }
  | { kind: 'close'; symbol: string; bps: number; fraction?: { numerator: bigint; denominator: bigint } }
  /** `sl be` / `sl breakeven [last|mark]`: the position's stop moved (or armed) to break-even after the fees to close. */
  | { kind: 'breakeven-stop'; on?: 'mark' | 'last' }
  | { kind: 'cancel-all' }
  | { kind: 'cancel'; orderId: number }
  | TypedAmend
  | { kind: 'lev'; leverage: string }
  | { kind: 'market'; symbol: string }
  | { kind: 'tf'; seconds: number }
  | { kind: 'bell'; on: boolean }
  | { kind: 'export'; ask: ExportAsk }
  | { kind: 'error'; message: string };

// theme, alert and alerts are run by workspace-line.ts, pnl by ledger/pnl-line.ts (offered each line first in flow.ts).
/** The first words a line can start with. */
export const LINE_WORDS: readonly string[] = ['buy', 'sell', 'scale', 'twap', 'trail', 'chase', 'close', 'cancel', 'amend', 'lev', 'market', 'tf', 'bell', 'export', 'theme', 'alert', 'alerts', 'pnl', 'sl', 'ladder'];

const USAGE: Record<string, string> = {
  buy: 'buy SIZE|$QUOTE|PCT%|1/4|risk QUOTE (@ PRICE|@bid-2t | mkt) [stop PRICE|@mark-1%] [ro] [post|postonly|ioc|fok] [slip BPS] [tp PRICE|@mark+2%] [sl PRICE|@mark-1%] [last|mark] [lev X]',
  sell: 'sell SIZE|$QUOTE|PCT%|1/4|risk QUOTE (@ PRICE|@ask+2t | mkt) [stop PRICE|@mark-1%] [ro] [post|postonly|ioc|fok] [slip BPS] [tp PRICE|@mark+2%] [sl PRICE|@mark-1%] [last|mark] [lev X]',
  close: 'close [SYMBOL] [PERCENT%|1/4]',
  sl: 'sl be|breakeven [last|mark]',
  scale: 'scale buy|sell SIZE|$QUOTE|PCT% FROM_PRICE|@bid-10t TO_PRICE|@bid-50t xCOUNT [skew RATIO] [lev X] [post]',
  twap: 'twap buy|sell SIZE|$QUOTE|PCT% DURATION(30s|10m|1h) [slices N] [jitter PCT%] [slip BPS | limit PRICE|@bid+2t] [lev X]',
  trail: TRAIL_USAGE,
  chase: CHASE_USAGE,
  cancel: 'cancel all | cancel scale | cancel ORDER_ID',
  amend: 'amend ORDER_ID [@ PRICE|@bid-2t] [size SIZE|$QUOTE|1/2]',
  lev: 'lev X',
  market: 'market SYMBOL',
  tf: `tf ${TIMEFRAMES.map((t) => t.label).join('|')}`,
  bell: 'bell on|off',
  export: `export ${EXPORT_KINDS.join('|')} [from DATE] [to DATE] [csv|json]`,
};

function error(message: string): ParsedLine {
  return { kind: 'error', message };
}

function needsNumber(token: string | undefined, what: string, word: string): string | null {
  return numberProblem(token, what, word, USAGE[word] ?? '');
}

/**
 * A size as typed: base units, "$500" in the quote currency, or "25%" of what is available. Only its shape:
 * what it is worth (a leading zero included) is the form's to say, as entryFromCommand returns it.
 */
function sizeProblem(size: string | undefined, word: string): string | null {
  if (size === undefined) return `${word}: missing size (${USAGE[word] ?? ''})`;
  if (isFractionText(size)) {
    const read = parseSizeWord(size);
    return 'error' in read ? `${word}: ${read.error}` : null;
  }
  const number = size.startsWith('$') ? size.slice(1) : size.endsWith('%') ? size.slice(0, -1) : size;
  return NUMBER.test(number) ? null : `${word}: size "${size}" is not a number (a size, $QUOTE or PCT%)`;
}

/**
 * A relative price at the head of `tokens` ("@bid-2t" arrives split as "@", "bid-2t"; "@ @bid" as "@", "@", "bid"):
 * consumed and returned as "@bid-2t", or its word's error; null (nothing consumed) when the head is no price word.
 */
function takePriceWord(tokens: string[], word: string): string | { error: string } | null {
  const at = tokens[0] === '@' ? 1 : 0;
  const text = tokens[at];
  if (text === undefined || !isPriceWordText(text)) return null;
  tokens.splice(0, at + 1);
  const read = parsePriceWord(text);
  return 'error' in read ? { error: `${word}: ${read.error}` } : `@${read.text}`;
}

/** A price word typed as one token ("@bid-2t", as algos read it): "@bid-2t", its error, or null when it is none. */
function priceWordToken(token: string | undefined, word: string): string | { error: string } | null {
  if (token === undefined || !token.startsWith('@') || !isPriceWordText(token.slice(1))) return null;
  const read = parsePriceWord(token.slice(1));
  return 'error' in read ? { error: `${word}: ${read.error}` } : `@${read.text}`;
}

/** An algo's size: base units, $QUOTE or PCT% (a fraction of the position is for closes and reductions). */
function algoSizeProblem(size: string | undefined, word: string): string | null {
  if (size !== undefined && isFractionText(size)) return `${word}: size "${size}" is a fraction of the position: ${word} takes a size, $QUOTE or PCT%`;
  return sizeProblem(size, word);
}

function parseOrder(word: 'buy' | 'sell', args: string[]): ParsedLine {
  const tokens = splitAt(args);
  // `risk 100`: the size follows from the risk and the `sl` (resolved at review time, typed-order.ts).
  const risk = tokens[0]?.toLowerCase() === 'risk' ? (tokens.shift(), tokens.shift() ?? '') : undefined;
  const riskProblem = risk === undefined ? null : needsNumber(risk === '' ? undefined : risk, 'risk', word);
  if (riskProblem) return error(riskProblem);
  const size = risk !== undefined ? '' : tokens.shift();
  const bad = risk !== undefined ? null : sizeProblem(size, word);
  if (bad || size === undefined) return error(bad ?? `${word}: missing size`);
  const order: TypedOrder = { kind: 'order', side: word === 'buy' ? 'long' : 'short', type: 'limit', size, tif: 'gtc', ...(risk !== undefined ? { risk } : {}) };
  let priced = false;
  while (tokens.length > 0) {
    const t = (tokens.shift() ?? '').toLowerCase();
    const valueOf = (what: string, relative = false): string | ParsedLine => {
      const rel = relative ? takePriceWord(tokens, word) : null;
      if (rel !== null) return typeof rel === 'string' ? rel : error(rel.error);
      const v = tokens.shift();
      const problem = needsNumber(v, what, word);
      return problem || v === undefined ? error(problem ?? what) : v;
    };
    let v: string | ParsedLine;
    switch (t) {
      case '@':
        if (tokens[0] !== undefined && isPriceWordText(tokens[0])) {
          const relative = parsePriceWord(tokens.shift()!);
          if ('error' in relative) return error(`${word}: ${relative.error}`);
          order.price = `@${relative.text}`;
          priced = true;
          break;
        }
        v = valueOf('price');
        if (typeof v !== 'string') return v;
        order.price = v;
        priced = true;
        break;
      case 'mkt':
      case 'market':
        order.type = 'market';
        priced = true;
        break;
      case 'post':
      case 'postonly':
      case 'ioc':
      case 'fok':
        order.tif = t === 'postonly' ? 'post' : t;
        break;
      case 'ro':
      case 'reduce':
        order.reduceOnly = true;
        break;
      // Which price fires the order's triggers, as in the `t` editor's "tp PRICE sl PRICE [last]".
      case 'last':
      case 'mark':
        if (order.on !== undefined && order.on !== t) return error(`${word}: say "last" or "mark", not both`);
        order.on = t;
        break;
      case 'stop':
        v = valueOf('stop price', true);
        if (typeof v !== 'string') return v;
        order.stop = v;
        break;
      case 'slip':
      case 'tp':
      case 'sl':
      case 'lev':
        if (t === 'sl' && /^(be|breakeven)$/i.test(tokens[0] ?? '')) return error(`${word}: "sl ${tokens[0]}" moves a position's stop: type it alone (:sl be)`);
        v = valueOf(t === 'slip' ? 'slippage' : t === 'lev' ? 'leverage' : `${t} price`, t === 'tp' || t === 'sl');
        if (typeof v !== 'string') return v;
        if (t === 'slip') order.slippage = v;
        else if (t === 'lev') order.leverage = v.replace(/x$/i, '');
        else order[t] = v;
        break;
      default:
        return error(`${word}: unexpected "${t}" (${USAGE[word]})`);
    }
  }
  if (!priced) return error(`${word}: say "@ PRICE" for a limit or "mkt" for a market order`);
  if (order.type === 'market' && order.price !== undefined) return error(`${word}: a market order takes no "@ PRICE"`);
  if (order.type === 'market' && order.tif === 'post') return error(`${word}: a market order cannot be post-only`);
  if (order.type === 'limit' && order.slippage !== undefined) return error(`${word}: "slip" applies to market orders only`);
  if (order.risk !== undefined) {
    if (order.sl === undefined) return error(`${word}: "risk ${order.risk}" needs the stop it is measured to: sl PRICE`);
    if (order.reduceOnly) return error(`${word}: "risk" sizes an opening order, not a reduce-only one`);
    if (order.stop !== undefined) return error(`${word}: "risk" sizes a limit or market order, not a stop`);
  }
  if (order.reduceOnly && (order.tp !== undefined || order.sl !== undefined)) return error(`${word}: a reduce-only order takes no tp / sl`);
  if (order.stop !== undefined && order.tif !== 'gtc' && order.tif !== 'ioc') return error(`${word}: a stop is GTC or ioc (not ${order.tif})`);
  if (order.on !== undefined && order.stop === undefined && order.tp === undefined && order.sl === undefined) {
    return error(`${word}: "${order.on}" says which price fires a stop, tp or sl: give one (stop PRICE ${order.on})`);
  }
  return order;
}

function parseClose(args: string[]): ParsedLine {
  // No market (`close`, `close 50%`): the market on screen; the command line binds it before asking.
  if (args.length === 0 || (args.length === 1 && (args[0]!.endsWith('%') || isFractionText(args[0]!)))) return parseClose(['', ...args]);
  const [symbol = '', pct, extra] = args;
  if (extra !== undefined) return error(`close: unexpected "${extra}" (${USAGE.close})`);
  if (pct === undefined) return { kind: 'close', symbol, bps: WHOLE_POSITION_BPS };
  if (isFractionText(pct)) {
    // "1/4": the exact fraction (1/3 is no whole number of bps); bps says it to the nearest 0.01% below.
    const f = parseFraction(pct);
    if ('error' in f) return error(`close: ${f.error}`);
    return { kind: 'close', symbol, bps: Number((f.numerator * BigInt(WHOLE_POSITION_BPS)) / f.denominator), fraction: f };
  }
  const share = parseClosePercent(pct);
  if ('error' in share) return error(`close: ${share.error}`);
  return { kind: 'close', symbol, bps: share.bps };
}

/**
 * `scale buy 0.5 66000 65000 x10 [skew 2] [lev X] [post]`: the shape only, each bad word named; the values
 * (ticks, lots, bounds, the market's rules) are the flow's to check (domain/algos/scale.ts).
 */
function parseScale(args: string[]): ParsedLine {
  const [sideWord, size, from, to, ...rest] = args;
  const side = sideWord?.toLowerCase();
  if (side !== 'buy' && side !== 'sell') return error(`scale: say buy or sell${sideWord ? `, not "${sideWord}"` : ''} (${USAGE.scale})`);
  const bad = algoSizeProblem(size, 'scale');
  if (bad || size === undefined) return error(bad ?? 'scale: missing size');
  const ends: string[] = [];
  for (const [end, what] of [[from, 'from price'], [to, 'to price']] as const) {
    const relative = priceWordToken(end, 'scale');
    if (relative !== null && typeof relative !== 'string') return error(relative.error);
    const problem = relative === null ? needsNumber(end, what, 'scale') : null;
    if (problem || end === undefined) return error(problem ?? 'scale: missing prices');
    ends.push(relative ?? end);
  }
  const scale: Omit<TypedScale, 'count'> & { count?: number } = { kind: 'scale', side: side === 'buy' ? 'long' : 'short', size, from: ends[0]!, to: ends[1]! };
  while (rest.length > 0) {
    const word = rest.shift()!;
    const t = word.toLowerCase();
    if (/^x\d+$/.test(t)) {
      if (scale.count !== undefined) return error('scale: the number of legs given twice');
      scale.count = Number(t.slice(1));
    } else if (t === 'skew' || t === 'lev') {
      const v = rest.shift();
      const problem = needsNumber(v?.replace(/x$/i, ''), t === 'skew' ? 'skew' : 'leverage', 'scale');
      if (problem || v === undefined) return error(problem ?? `scale: missing ${t}`);
      if (t === 'skew') scale.skew = v;
      else scale.leverage = v.replace(/x$/i, '');
    } else if (t === 'post' || t === 'postonly') {
      scale.postOnly = true;
    } else {
      return error(`scale: unexpected "${word}" (${USAGE.scale})`);
    }
  }
  if (scale.count === undefined) return error(`scale: say how many legs, e.g. x10 (${USAGE.scale})`);
  return { ...scale, count: scale.count };
}

/** `twap buy 0.5 10m [slices N] [jitter 20%] [slip 30bps | limit PRICE] [lev X]`: the shape, each bad word named. */
function parseTwap(args: string[]): ParsedLine {
  const [sideWord, size, duration, ...rest] = args;
  const side = sideWord?.toLowerCase();
  if (side !== 'buy' && side !== 'sell') return error(`twap: say buy or sell${sideWord ? `, not "${sideWord}"` : ''} (${USAGE.twap})`);
  const bad = algoSizeProblem(size, 'twap');
  if (bad || size === undefined) return error(bad ?? 'twap: missing size');
  if (duration === undefined) return error(`twap: missing duration (${USAGE.twap})`);
  const durationMs = parseDuration(duration);
  if (durationMs === null) return error(`twap: duration "${duration}" is not a duration (30s, 10m, 1h30m)`);
  const twap: TypedTwap = { kind: 'twap', side: side === 'buy' ? 'long' : 'short', size, durationMs };
  while (rest.length > 0) {
    let word = rest.shift()!;
    // "@67000" and "@bid+2t" as one word: the limit ("@ 67000", "@ @bid+2t").
    if (/^@./.test(word)) {
      rest.unshift(isPriceWordText(word.slice(1)) ? word : word.slice(1));
      word = '@';
    }
    const t = word.toLowerCase();
    const v = rest.shift();
    const number = (suffix: RegExp, what: string): string | ParsedLine => {
      const bare = v?.replace(suffix, '');
      const problem = needsNumber(bare, what, 'twap');
      return problem || bare === undefined ? error(problem ?? `twap: missing ${what}`) : bare;
    };
    let value: string | ParsedLine;
    switch (t) {
      case 'slices':
        if (v === undefined || !/^\d+$/.test(v)) return error(`twap: slices "${v ?? ''}" is not a whole number`);
        twap.slices = Number(v);
        continue;
      case 'jitter':
        value = number(/%$/, 'jitter');
        if (typeof value !== 'string') return value;
        twap.jitter = value;
        continue;
      case 'slip':
        value = number(/bps$/i, 'slippage');
        if (typeof value !== 'string') return value;
        twap.slip = value;
        continue;
      case 'limit':
      case '@': {
        const relative = priceWordToken(v, 'twap');
        if (relative !== null) {
          if (typeof relative !== 'string') return error(relative.error);
          twap.limit = relative;
          continue;
        }
        value = number(/^$/, 'limit price');
        if (typeof value !== 'string') return value;
        twap.limit = value;
        continue;
      }
      case 'lev':
        value = number(/x$/i, 'leverage');
        if (typeof value !== 'string') return value;
        twap.leverage = value;
        continue;
      default:
        return error(`twap: unexpected "${word}" (${USAGE.twap})`);
    }
  }
  if (twap.slip !== undefined && twap.limit !== undefined) return error('twap: say "slip BPS" or "limit PRICE", not both');
  return twap;
}

/** Reads "@67000" and "@ 67000" alike. */
export function splitAt(args: readonly string[]): string[] {
  return args.flatMap((t) => (t.startsWith('@') && t.length > 1 ? ['@', t.slice(1)] : [t]));
}

function isOrderId(text: string): boolean {
  return /^\d{1,15}$/.test(text) && Number(text) > 0;
}

/** An amend's new size: base units, $QUOTE (at the order's new price) or a fraction of the order's size ("1/2"). */
function amendSizeProblem(size: string | undefined): string | null {
  if (size !== undefined && size.endsWith('%')) return `amend: size "${size}" as a percentage is not taken: a size, $QUOTE or a fraction of the order like 1/2`;
  return sizeProblem(size, 'amend');
}

/** `amend OID @ PRICE|@bid-2t`, `amend OID size SIZE|$QUOTE|1/2`, or both; `change` is the same word. */
function parseAmend(args: string[]): ParsedLine {
  const tokens = splitAt(args);
  const id = tokens.shift();
  if (id === undefined) return error(`amend: say which order (${USAGE.amend})`);
  if (!isOrderId(id)) return error(`amend: "${id}" is not an order id (${USAGE.amend})`);
  const amend: TypedAmend = { kind: 'amend', orderId: Number(id) };
  while (tokens.length > 0) {
    const t = (tokens.shift() ?? '').toLowerCase();
    const field = t === '@' || t === 'price' ? 'price' : t === 'size' ? 'size' : null;
    if (field === null) return error(`amend: unexpected "${t}" (${USAGE.amend})`);
    if (amend[field] !== undefined) return error(`amend: ${field} given twice`);
    if (field === 'price') {
      const relative = takePriceWord(tokens, 'amend');
      if (relative !== null) {
        if (typeof relative !== 'string') return error(relative.error);
        amend.price = relative;
        continue;
      }
    }
    const v = tokens.shift();
    const problem = field === 'size' ? amendSizeProblem(v) : needsNumber(v, field, 'amend');
    if (problem || v === undefined) return error(problem ?? `amend: missing ${field}`);
    amend[field] = v;
  }
  if (amend.price === undefined && amend.size === undefined) return error(`amend: say what changes (${USAGE.amend})`);
  return amend;
}

function parseCancel(args: string[]): ParsedLine {
  const [what, extra] = args;
  if (what === undefined) return error(`cancel: say what (${USAGE.cancel})`);
  if (extra !== undefined) return error(`cancel: unexpected "${extra}" (${USAGE.cancel})`);
  if (what.toLowerCase() === 'all') return { kind: 'cancel-all' };
  if (what.toLowerCase() === 'scale') return { kind: 'cancel-group' };
  if (!isOrderId(what)) return error(`cancel: "${what}" is not an order id (${USAGE.cancel})`);
  return { kind: 'cancel', orderId: Number(what) };
}

/** `export fills [from 2026-11-01] [to 2026-11-30] [json]`: the dates as typed (the export reads them). */
function parseExport(args: string[]): ParsedLine {
  const [what, ...rest] = args;
  if (what === undefined || !isExportKind(what.toLowerCase())) return error(`export: say what (${USAGE.export})`);
  const ask: ExportAsk = { kind: what.toLowerCase() as ExportAsk['kind'], format: 'csv' };
  while (rest.length > 0) {
    const t = rest.shift()!.toLowerCase();
    if (t === 'csv' || t === 'json') ask.format = t;
    else if (t === 'from' || t === 'to') {
      const date = rest.shift();
      if (date === undefined) return error(`export: "${t}" needs a date (YYYY-MM-DD)`);
      ask[t] = date;
    } else return error(`export: unexpected "${t}" (${USAGE.export})`);
  }
  return { kind: 'export', ask };
}

/** `sl be` / `sl breakeven [last|mark]` (a stop at a price is the `t` editor's, or an order's `sl PRICE`). */
function parseBreakevenStop(args: string[]): ParsedLine {
  const [what, on, extra] = args.map((a) => a.toLowerCase());
  if (what !== 'be' && what !== 'breakeven') return error(`sl: say "be" for break-even${what ? `, not "${args[0]}"` : ''} (${USAGE.sl})`);
  if (extra !== undefined || (on !== undefined && on !== 'last' && on !== 'mark')) return error(`sl: unexpected "${args[2] ?? args[1]}" (${USAGE.sl})`);
  return on === 'last' || on === 'mark' ? { kind: 'breakeven-stop', on } : { kind: 'breakeven-stop' };
}

/** Parses one line of the `:` line (without the leading `:`). */
export function parseLine(text: string): ParsedLine {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  const [head, ...args] = words;
  if (head === undefined) return error('empty command (try buy, sell, close, cancel, amend, lev, market, tf)');
  const word = head.toLowerCase();
  switch (word) {
    case 'buy':
    case 'long':
      return parseOrder('buy', args);
    case 'sell':
    case 'short':
      return parseOrder('sell', args);
    case 'scale':
      return parseScale(args);
    case 'twap':
      return parseTwap(args);
    case 'trail':
      return parseTrail(args);
    case 'chase':
      return parseChase(args);
    case 'close':
      return parseClose(args);
    case 'cancel':
      return parseCancel(args);
    case 'amend':
    case 'change':
      return parseAmend(args);
    case 'lev': {
      if (args.length !== 1) return error(`lev: ${USAGE.lev}`);
      const v = (args[0] ?? '').replace(/x$/i, '');
      if (/^-/.test(v)) return error('lev: leverage must be greater than 0');
      if (!NUMBER.test(v)) return error(`lev: "${args[0]}" is not a number`);
      // "lev 0" would set a leverage every later order refuses: say so now.
      return /[1-9]/.test(v) ? { kind: 'lev', leverage: v } : error('lev: leverage must be greater than 0');
    }
    case 'market':
    case 'm':
      return args.length === 1 && args[0] ? { kind: 'market', symbol: args[0] } : error(`market: ${USAGE.market}`);
    case 'tf': {
      const tf = TIMEFRAMES.find((t) => t.label === args[0]?.toLowerCase());
      return tf && args.length === 1 ? { kind: 'tf', seconds: tf.seconds } : error(`tf: ${USAGE.tf}`);
    }
    case 'export':
      return parseExport(args);
    case 'sl':
      return parseBreakevenStop(args);
    case 'bell':
      return args[0] === 'on' || args[0] === 'off' ? { kind: 'bell', on: args[0] === 'on' } : error(`bell: ${USAGE.bell}`);
    default:
      return error(`unknown command "${head}" (try ${LINE_WORDS.join(', ')})`);
  }
}
