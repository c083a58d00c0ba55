// A seeded corpus of market-data frame texts for holding the one-pass reader (hot-frames.ts) to the
// generic decoder: valid book, trades and candle frames in varied form (field order, optional fields,
// numbers at the safe-integer edge, hostile text in strings), the same frames with one value replaced
// by a wrong or borderline one, and the same texts broken at the character level (a character deleted,
// inserted or replaced, whitespace, duplicate or escaped keys, other number spellings, truncation).

import { Prng } from '../../lib/prng.js';
import { DELETE, fieldSites, replaceAt } from './wire-mutations.js';

type Json = Record<string, unknown>;

const BIG = [0, 1, 9, 10, 999_999_999_999_999, 1_000_000_000_000_000, 2 ** 53 - 1, 2 ** 53];
/** Text a hostile server might put in a string: controls as JSON escapes, raw C1 and bidi, a lone surrogate, a long run. */
const HOSTILE_TEXT = ['8e2d', '', 'a\u202eb', '\u009b31m', 'x\u200by', '\ud800', 'é🙂', 'z'.repeat(1100), 'a\u001bb', 'q"uote', 'back\\slash'];
const VALUE_REPLACEMENTS: unknown[] = [null, DELETE, -1, 1.5, 2 ** 53, 2 ** 53 - 1, 1e21, '5', '007', '-5', '0', true, {}, [], 'x', '1'.repeat(81)];
const INSERTED_CHARS = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\t', '\n', '0', '7', '.', 'e', 'E', '-', '+', 'n', 't', '\u0000', '\u202e', '\u009b', '\ud800'];
const DUPLICATE_KEYS = ['p', 's', 'o', 'mt', 'sid', 'sn', 'at', 'bid', 'ask', 'd', 'r', 'b', 't', 'tx', 'txid', 'l', 'v', 'n', 'sd', 'zz', '__proto__'];

function pick<T>(rng: Prng, items: readonly T[]): T {
  return items[rng.int(items.length)] as T;
}

function num(rng: Prng): number {
  return rng.chance(0.1) ? pick(rng, BIG) : rng.int(2_000_000);
}

/** The fields of `o` in a random order, `mt` first unless `mtAnywhere`. */
function shuffled(rng: Prng, o: Json, mtAnywhere = false): Json {
  const keys = Object.keys(o);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
  }
  if (!mtAnywhere && keys.includes('mt')) keys.sort((a, b) => (a === 'mt' ? -1 : b === 'mt' ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}

function some(rng: Prng, fields: Json): Json {
  return Object.fromEntries(Object.entries(fields).filter(() => rng.chance(0.7)));
}

function level(rng: Prng): Json {
  const l = { p: num(rng), s: rng.chance(0.3) ? 0 : num(rng), o: rng.chance(0.3) ? 0 : rng.int(5) };
  return rng.chance(0.2) ? shuffled(rng, l) : l;
}

function tradeAt(rng: Prng): Json {
  const txid = rng.chance(0.2) ? pick(rng, HOSTILE_TEXT) : rng.nextU32().toString(16);
  return some(rng, { b: num(rng), t: num(rng), tx: num(rng), txid, l: num(rng) });
}

function header(rng: Prng): Json {
  return some(rng, { sid: num(rng), sn: num(rng), cid: num(rng), ses: num(rng) });
}

function list<T>(rng: Prng, max: number, item: (rng: Prng) => T): T[] {
  return Array.from({ length: rng.int(max + 1) }, () => item(rng));
}

function bookFrame(rng: Prng): Json {
  const f: Json = { mt: rng.chance(0.1) ? 15 : 16, ...header(rng) };
  if (rng.chance(0.7)) f['at'] = some(rng, { b: num(rng), t: num(rng) });
  if (rng.chance(0.9)) f['bid'] = list(rng, 20, level);
  if (rng.chance(0.9)) f['ask'] = list(rng, 20, level);
  return f;
}

function tradesFrame(rng: Prng): Json {
  const trade = (r: Prng): Json => shuffled(r, { at: tradeAt(r), p: num(r), s: num(r), sd: 1 + r.int(2) });
  return { mt: rng.chance(0.1) ? 17 : 18, ...header(rng), d: list(rng, 5, trade) };
}

function candlesFrame(rng: Prng): Json {
  const candle = (r: Prng): Json => ({ t: num(r), o: num(r), c: num(r), h: num(r), l: num(r), v: r.chance(0.8) ? String(num(r)) : num(r), n: num(r) });
  const f: Json = { mt: rng.chance(0.1) ? 11 : 12, ...header(rng), r: 60, d: list(rng, 4, candle) };
  if (rng.chance(0.5)) f['at'] = some(rng, { b: num(rng), t: num(rng) });
  return f;
}

/** A frame of another kind: the one-pass reader must leave it to the generic decoder. */
function otherFrame(rng: Prng): Json {
  return pick(rng, [
    { mt: 100, sn: num(rng), h: num(rng) },
    { mt: 9, sid: 3000, sn: num(rng), d: {} },
    { mt: 2, t: num(rng) },
    { mt: 13, d: [] },
  ]);
}

function validFrame(rng: Prng): Json {
  const kind = rng.int(10);
  const f = kind < 5 ? bookFrame(rng) : kind < 7 ? tradesFrame(rng) : kind < 9 ? candlesFrame(rng) : otherFrame(rng);
  return shuffled(rng, f, rng.chance(0.05));
}

/** One value somewhere in the frame replaced, deleted or given an extra (unknown or duplicate) sibling. */
function mutateValue(rng: Prng, frame: Json): string {
  const sites = fieldSites(frame);
  if (sites.length === 0) return JSON.stringify(frame);
  const site = pick(rng, sites);
  return JSON.stringify(replaceAt(frame, site.segments, pick(rng, VALUE_REPLACEMENTS)));
}

function insertAt(text: string, at: number, piece: string): string {
  return text.slice(0, at) + piece + text.slice(at);
}

/** The text broken (or only re-spelled) at the character level. */
function mutateText(rng: Prng, text: string): string {
  const at = rng.int(text.length + 1);
  switch (rng.int(9)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1);
    case 1:
      return insertAt(text, at, pick(rng, INSERTED_CHARS));
    case 2:
      return text.slice(0, at) + pick(rng, INSERTED_CHARS) + text.slice(at + 1);
    case 3:
      return text.slice(0, at);
    case 4: {
      // A key repeated (JSON.parse keeps the last) or an unknown key, at the start of some field.
      const starts = [...text.matchAll(/[{,]"/g)].map((m) => m.index);
      if (starts.length === 0) return `${text} `;
      return insertAt(text, pick(rng, starts) + 1, `"${pick(rng, DUPLICATE_KEYS)}":${rng.chance(0.5) ? num(rng) : '"7"'},`);
    }
    case 5: {
      // Another spelling of one number or quoted amount: a leading zero, a fraction, an exponent, a sign.
      const numbers = [...text.matchAll(/:("?)(\d+)"?/g)];
      const quoted = numbers.filter((n) => n[1] === '"'); // amounts: rarer, so drawn as often as the rest
      if (numbers.length === 0) return `${text} `;
      const m = pick(rng, quoted.length > 0 && rng.chance(0.5) ? quoted : numbers);
      const [q, d] = [m[1] as string, m[2] as string];
      const spelling = pick(rng, [`0${d}`, `${d}.0`, `${d}e0`, `-${d}`, '-0', `${d}.5`, `+${d}`, '00']);
      return `${text.slice(0, m.index)}:${q}${spelling}${q}${text.slice(m.index + m[0].length)}`;
    }
    case 6:
      // A key spelled with an escape: the same key to JSON.parse.
      return text.replace(/"([a-z])":/, (_m, k: string) => `"\\u00${k.charCodeAt(0).toString(16)}":`);
    case 7:
      return rng.chance(0.5) ? `${text}${pick(rng, [' ', '\n', 'x', '}', ',{}'])}` : ` ${text}`;
    default:
      return insertAt(text, at, pick(rng, [' ', '\t', '\r\n']));
  }
}

/** `count` frame texts from `seed`: a quarter valid, the rest mutated by value or by character. */
export function hotFrameCorpus(seed: number, count: number): string[] {
  const rng = Prng.stream(seed, 'hot-frame-corpus');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const frame = validFrame(rng);
    const roll = rng.int(4);
    if (roll === 0) out.push(JSON.stringify(frame));
    else if (roll === 1) out.push(mutateValue(rng, frame));
    else out.push(mutateText(rng, JSON.stringify(frame)));
  }
  return out;
}
