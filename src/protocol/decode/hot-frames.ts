// The hot market-data frames read straight from their text in one pass: book snapshots and updates
// (mt 15/16, nine frames in ten on a busy book), trades (17/18) and candles (11/12). JSON.parse built a
// generic object per frame that the record decoders then walked and copied: twice the parse's cost.
// Strict by refusing to decide: only frames in the plain subset of JSON the cursor reads (json-cursor.ts),
// with `mt` first, each known field at most once and no other field, are read here; for anything else
// the answer is null and the generic decoder (inbound.ts) decodes the frame or refuses it with its
// usual error. What is read here equals what the generic decoder returns for the same text
// (hot-frames.test.ts holds the two to that on a seeded corpus of valid and mutated frames).

import type {
  BlockTimestamp,
  BlockTxLogTimestamp,
  Candle,
  CandlesFrame,
  L2BookFrame,
  L2Level,
  Trade,
  TradesFrame,
} from '../frames.js';
import { JsonCursor, keyCode } from './json-cursor.js';

export type HotFrame = L2BookFrame | TradesFrame | CandlesFrame;

const LBRACE = 123;
const RBRACE = 125;
const LBRACKET = 91;
const RBRACKET = 93;
const COMMA = 44;
/** Every hot frame starts so on the wire (live and local); a frame that does not goes the generic way. */
const MT_PREFIX = '{"mt":';

const K_SID = keyCode('sid');
const K_SN = keyCode('sn');
const K_CID = keyCode('cid');
const K_SES = keyCode('ses');
const K_AT = keyCode('at');
const K_BID = keyCode('bid');
const K_ASK = keyCode('ask');
const K_D = keyCode('d');
const K_R = keyCode('r');
const K_B = keyCode('b');
const K_T = keyCode('t');
const K_TX = keyCode('tx');
const K_TXID = keyCode('txid');
const K_L = keyCode('l');
const K_P = keyCode('p');
const K_S = keyCode('s');
const K_O = keyCode('o');
const K_SD = keyCode('sd');
const K_C = keyCode('c');
const K_H = keyCode('h');
const K_V = keyCode('v');
const K_N = keyCode('n');

// One bit per top-level field: which a frame kind takes (its shape in market-frames.ts), which were seen.
const F_SID = 1;
const F_SN = 2;
const F_CID = 4;
const F_SES = 8;
const F_AT = 16;
const F_BID = 32;
const F_ASK = 64;
const F_D = 128;
const F_R = 256;
const HEADER = F_SID | F_SN | F_CID | F_SES;
const BOOK_FIELDS = HEADER | F_AT | F_BID | F_ASK;
const TRADES_FIELDS = HEADER | F_D;
const CANDLES_FIELDS = HEADER | F_AT | F_R | F_D;

function fieldBit(code: number): number {
  switch (code) {
    case K_SID:
      return F_SID;
    case K_SN:
      return F_SN;
    case K_CID:
      return F_CID;
    case K_SES:
      return F_SES;
    case K_AT:
      return F_AT;
    case K_BID:
      return F_BID;
    case K_ASK:
      return F_ASK;
    case K_D:
      return F_D;
    case K_R:
      return F_R;
    default:
      return 0;
  }
}

function fieldsOf(mt: number): number {
  if (mt === 15 || mt === 16) return BOOK_FIELDS;
  if (mt === 17 || mt === 18) return TRADES_FIELDS;
  if (mt === 11 || mt === 12) return CANDLES_FIELDS;
  return 0;
}

/** A book, trades or candles frame read from `text`, or null: not one of those, or not plain enough here. */
export function decodeHotFrame(text: string): HotFrame | null {
  if (!text.startsWith(MT_PREFIX)) return null;
  const cur = new JsonCursor(text);
  cur.pos = MT_PREFIX.length;
  const mt = cur.uint();
  const allowed = fieldsOf(mt);
  if (allowed === 0) return null;
  const header = [-1, -1, -1, -1]; // sid, sn, cid, ses
  let r = -1;
  let at: BlockTimestamp | null = null;
  let bid: L2Level[] | null = null;
  let ask: L2Level[] | null = null;
  let d: Trade[] | Candle[] | null = null;
  let seen = 0;
  while (!cur.eat(RBRACE)) {
    if (!cur.eat(COMMA)) return null;
    const code = cur.key();
    const bit = fieldBit(code);
    if ((bit & allowed) === 0 || (bit & seen) !== 0) return null;
    seen |= bit;
    if (bit & HEADER) {
      const v = cur.uint();
      if (v < 0) return null;
      header[bit === F_SID ? 0 : bit === F_SN ? 1 : bit === F_CID ? 2 : 3] = v;
    } else if (bit === F_AT) {
      if ((at = blockTimestamp(cur)) === null) return null;
    } else if (bit === F_BID) {
      if ((bid = levels(cur)) === null) return null;
    } else if (bit === F_ASK) {
      if ((ask = levels(cur)) === null) return null;
    } else if (bit === F_R) {
      if ((r = cur.uint()) < 0) return null;
    } else if ((d = allowed === TRADES_FIELDS ? trades(cur) : candles(cur)) === null) {
      return null;
    }
  }
  if (!cur.atEnd()) return null;
  // Built in the order of the generic decoder's shape, optional fields left out when absent.
  const frame: Record<string, unknown> = {};
  if (header[0]! >= 0) frame['sid'] = header[0];
  if (header[1]! >= 0) frame['sn'] = header[1];
  if (header[2]! >= 0) frame['cid'] = header[2];
  if (header[3]! >= 0) frame['ses'] = header[3];
  frame['mt'] = mt;
  if (allowed === BOOK_FIELDS) {
    if (at !== null) frame['at'] = at;
    frame['bid'] = bid ?? []; // a missing side is an empty one (wire.md 7.6)
    frame['ask'] = ask ?? [];
  } else if (allowed === TRADES_FIELDS) {
    if (d === null) return null;
    frame['d'] = d;
  } else {
    if (d === null || r < 0) return null;
    if (at !== null) frame['at'] = at;
    frame['r'] = r;
    frame['d'] = d;
  }
  return frame as unknown as HotFrame;
}

/** `[item,item,...]` with each item read by `item`, or null. */
function list<T>(cur: JsonCursor, item: (cur: JsonCursor) => T | null): T[] | null {
  if (!cur.eat(LBRACKET)) return null;
  const out: T[] = [];
  if (cur.eat(RBRACKET)) return out;
  do {
    const v = item(cur);
    if (v === null) return null;
    out.push(v);
  } while (cur.eat(COMMA));
  return cur.eat(RBRACKET) ? out : null;
}

function levels(cur: JsonCursor): L2Level[] | null {
  return list(cur, level);
}

function trades(cur: JsonCursor): Trade[] | null {
  return list(cur, trade);
}

function candles(cur: JsonCursor): Candle[] | null {
  return list(cur, candle);
}

/** `{"p":..,"s":..,"o":..}` in any order, all three required. */
function level(cur: JsonCursor): L2Level | null {
  if (!cur.eat(LBRACE)) return null;
  let p = -1;
  let s = -1;
  let o = -1;
  do {
    const code = cur.key();
    const v = cur.uint();
    if (v < 0) return null;
    if (code === K_P && p < 0) p = v;
    else if (code === K_S && s < 0) s = v;
    else if (code === K_O && o < 0) o = v;
    else return null;
  } while (cur.eat(COMMA));
  if (!cur.eat(RBRACE) || p < 0 || s < 0 || o < 0) return null;
  return { p, s, o };
}

/** `{"b":..,"t":..}`, both optional. */
function blockTimestamp(cur: JsonCursor): BlockTimestamp | null {
  if (!cur.eat(LBRACE)) return null;
  let b = -1;
  let t = -1;
  if (!cur.eat(RBRACE)) {
    do {
      const code = cur.key();
      const v = cur.uint();
      if (v < 0) return null;
      if (code === K_B && b < 0) b = v;
      else if (code === K_T && t < 0) t = v;
      else return null;
    } while (cur.eat(COMMA));
    if (!cur.eat(RBRACE)) return null;
  }
  const at: BlockTimestamp = {};
  if (b >= 0) at.b = b;
  if (t >= 0) at.t = t;
  return at;
}

/** A trade's chain position: b, t, tx, txid, l, all optional. */
function blockTxLogTimestamp(cur: JsonCursor): BlockTxLogTimestamp | null {
  if (!cur.eat(LBRACE)) return null;
  const n = [-1, -1, -1, -1]; // b, t, tx, l
  let txid: string | null = null;
  let seenTxid = false;
  if (!cur.eat(RBRACE)) {
    do {
      const code = cur.key();
      if (code === K_TXID) {
        if (seenTxid || (txid = cur.str()) === null) return null;
        seenTxid = true;
        continue;
      }
      const i = code === K_B ? 0 : code === K_T ? 1 : code === K_TX ? 2 : code === K_L ? 3 : -1;
      if (i < 0 || n[i]! >= 0 || (n[i] = cur.uint()) < 0) return null;
    } while (cur.eat(COMMA));
    if (!cur.eat(RBRACE)) return null;
  }
  const at: BlockTxLogTimestamp = {};
  if (n[0]! >= 0) at.b = n[0];
  if (n[1]! >= 0) at.t = n[1];
  if (n[2]! >= 0) at.tx = n[2];
  if (txid !== null) at.txid = txid;
  if (n[3]! >= 0) at.l = n[3];
  return at;
}

/** `{"at":{..},"p":..,"s":..,"sd":..}` in any order, all required. */
function trade(cur: JsonCursor): Trade | null {
  if (!cur.eat(LBRACE)) return null;
  let at: BlockTxLogTimestamp | null = null;
  let p = -1;
  let s = -1;
  let sd = -1;
  do {
    const code = cur.key();
    if (code === K_AT) {
      if (at !== null || (at = blockTxLogTimestamp(cur)) === null) return null;
      continue;
    }
    const v = cur.uint();
    if (v < 0) return null;
    if (code === K_P && p < 0) p = v;
    else if (code === K_S && s < 0) s = v;
    else if (code === K_SD && sd < 0) sd = v;
    else return null;
  } while (cur.eat(COMMA));
  if (!cur.eat(RBRACE) || at === null || p < 0 || s < 0 || sd < 0) return null;
  return { at, p, s, sd };
}

/** `{"t":..,"o":..,"c":..,"h":..,"l":..,"v":"..","n":..}` in any order, all required. */
function candle(cur: JsonCursor): Candle | null {
  if (!cur.eat(LBRACE)) return null;
  const n = [-1, -1, -1, -1, -1, -1]; // t, o, c, h, l, n
  let v: string | null = null;
  do {
    const code = cur.key();
    if (code === K_V) {
      if (v !== null || (v = cur.amount()) === null) return null;
      continue;
    }
    const i = code === K_T ? 0 : code === K_O ? 1 : code === K_C ? 2 : code === K_H ? 3 : code === K_L ? 4 : code === K_N ? 5 : -1;
    if (i < 0 || n[i]! >= 0 || (n[i] = cur.uint()) < 0) return null;
  } while (cur.eat(COMMA));
  if (!cur.eat(RBRACE) || v === null || n.some((x) => x < 0)) return null;
  return { t: n[0]!, o: n[1]!, c: n[2]!, h: n[3]!, l: n[4]!, v, n: n[5]! };
}
