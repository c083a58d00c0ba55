// One account's trading state as plain JSON (balance, positions, resting orders and untriggered
// triggers), and its restore into a fresh engine: what `perpl sim --state FILE` keeps across restarts.
// The file is input like any other: decoded field by field, every type checked, nothing else accepted.

import type { EngineCore } from './core.js';
import type { AccountRecord, OrderRecord, PositionRecord } from './records.js';
import type { AccountSnapshot } from './types.js';
import { isPlainObject } from '../../lib/plain-object.js';

export type { AccountSnapshot } from './types.js';

type Kind = 'int' | 'num' | 'big' | 'bool' | 'side' | 'sd' | 'stamp' | 'int?';

const ORDER_FIELDS: Readonly<Record<string, Kind>> = {
  oid: 'int', rq: 'int', mkt: 'int', acc: 'int', t: 'int', side: 'side', reduceOnly: 'bool', price: 'int', size: 'int', filled: 'int',
  filledNotional: 'big', fee: 'big', fl: 'int', lv: 'int', tif: 'int', lb: 'int', mnp: 'int?', ms: 'int?', tp: 'int', tpc: 'int', tr: 'int',
  lp: 'int', scid: 'int', st: 'int', sr: 'int', fr: 'int?', locked: 'big', waitingForParent: 'bool', created: 'stamp', internal: 'bool', trigger: 'bool',
};
const POSITION_FIELDS: Readonly<Record<string, Kind>> = {
  pid: 'int', acc: 'int', mkt: 'int', sd: 'sd', size: 'int', entryNotional: 'big', collateral: 'big', lv: 'int', entryFees: 'big',
  realizedPnl: 'big', funding: 'big', efs: 'num', opened: 'stamp',
};

function plain(record: object, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = typeof v === 'bigint' ? v.toString() : v;
  return { ...out, ...extra };
}

export function snapshotAccount(core: EngineCore, account: AccountRecord): AccountSnapshot {
  const triggers = new Set<OrderRecord>();
  for (const m of core.markets.values()) for (const o of m.triggers) triggers.add(o);
  return {
    v: 1,
    address: account.address,
    fw: account.fw,
    ft: account.ft,
    lfr: account.lfr,
    balance: account.balance.toString(),
    locked: account.locked.toString(),
    executed: [...account.executed],
    positions: [...account.positions.values()].map((p) => plain(p)),
    orders: [...account.openOrders.values()].map((o) => plain(o, { trigger: triggers.has(o) })),
  };
}

export class SnapshotError extends Error {}

function field(where: string, kind: Kind, v: unknown): unknown {
  const bad = (what: string): never => {
    throw new SnapshotError(`${where}: ${what}`);
  };
  switch (kind) {
    case 'int':
    case 'int?':
      if (kind === 'int?' && v === undefined) return undefined;
      return Number.isSafeInteger(v) ? v : bad('must be an integer');
    case 'num':
      return typeof v === 'number' && Number.isFinite(v) ? v : bad('must be a number');
    case 'big':
      return typeof v === 'string' && /^-?\d{1,40}$/.test(v) ? BigInt(v) : bad('must be an integer string');
    case 'bool':
      return typeof v === 'boolean' ? v : bad('must be true or false');
    case 'side':
      return v === 'buy' || v === 'sell' ? v : bad('must be "buy" or "sell"');
    case 'sd':
      return v === 1 || v === 2 ? v : bad('must be 1 or 2');
    case 'stamp': {
      if (!isPlainObject(v)) return bad('must be a block stamp');
      for (const [k, x] of Object.entries(v)) {
        if (k === 'txid' ? typeof x !== 'string' || x.length > 100 : !['b', 't', 'tx', 'l'].includes(k) || !Number.isSafeInteger(x)) bad(`unexpected ${k}`);
      }
      return { ...v };
    }
  }
}

function record<T>(where: string, v: unknown, fields: Readonly<Record<string, Kind>>): T {
  if (!isPlainObject(v)) throw new SnapshotError(`${where}: must be an object`);
  for (const k of Object.keys(v)) if (!Object.hasOwn(fields, k)) throw new SnapshotError(`${where}: unknown field "${k}"`);
  const out: Record<string, unknown> = {};
  for (const [k, kind] of Object.entries(fields)) {
    const x = field(`${where}.${k}`, kind, v[k]);
    if (x !== undefined) out[k] = x;
  }
  return out as T;
}

export interface DecodedAccount {
  address: string;
  fw: boolean;
  ft: number;
  lfr: number;
  balance: bigint;
  locked: bigint;
  executed: number[];
  positions: PositionRecord[];
  orders: (OrderRecord & { trigger: boolean })[];
}

/** Strict: every field typed, no unknown field, markets must exist; throws SnapshotError naming the field. */
export function decodeAccountSnapshot(v: unknown, marketIds: ReadonlySet<number>, where = 'account'): DecodedAccount {
  if (!isPlainObject(v) || v.v !== 1) throw new SnapshotError(`${where}: not a version 1 account snapshot`);
  const allowed = new Set(['v', 'address', 'fw', 'ft', 'lfr', 'balance', 'locked', 'executed', 'positions', 'orders']);
  for (const k of Object.keys(v)) if (!allowed.has(k)) throw new SnapshotError(`${where}: unknown field "${k}"`);
  if (typeof v.address !== 'string' || !/^0x[0-9a-f]{40}$/.test(v.address)) throw new SnapshotError(`${where}.address: must be a 0x address`);
  if (!Array.isArray(v.executed) || !Array.isArray(v.positions) || !Array.isArray(v.orders)) throw new SnapshotError(`${where}: executed, positions and orders must be lists`);
  const positions = v.positions.map((p, i) => record<PositionRecord>(`${where}.positions[${i}]`, p, POSITION_FIELDS));
  const orders = v.orders.map((o, i) => record<OrderRecord & { trigger: boolean }>(`${where}.orders[${i}]`, o, ORDER_FIELDS));
  for (const r of [...positions, ...orders]) if (!marketIds.has(r.mkt)) throw new SnapshotError(`${where}: market ${r.mkt} is not listed by this exchange`);
  return {
    address: v.address,
    fw: field(`${where}.fw`, 'bool', v.fw) as boolean,
    ft: field(`${where}.ft`, 'int', v.ft) as number,
    lfr: field(`${where}.lfr`, 'int', v.lfr) as number,
    balance: field(`${where}.balance`, 'big', v.balance) as bigint,
    locked: field(`${where}.locked`, 'big', v.locked) as bigint,
    executed: v.executed.map((x, i) => field(`${where}.executed[${i}]`, 'int', x) as number),
    positions,
    orders,
  };
}

/** Puts a decoded account into `account` (fresh, empty): its money counts as deposited, so the supply still balances. */
export function restoreAccount(core: EngineCore, account: AccountRecord, d: DecodedAccount): void {
  account.fw = d.fw;
  account.ft = d.ft;
  account.lfr = d.lfr;
  account.balance = d.balance;
  account.locked = d.locked;
  account.executed = [...d.executed];
  let money = d.balance;
  for (const p of d.positions) {
    const pos: PositionRecord = { ...p, acc: account.id };
    const market = core.markets.get(pos.mkt);
    if (!market) continue;
    account.positions.set(pos.mkt, pos);
    market.positions.add(pos);
    if (pos.sd === 1) market.openInterest += pos.size; // longs only, as positions.ts counts it
    money += pos.collateral;
    core.noteRestoredId(pos.pid);
  }
  for (const { trigger, ...o } of d.orders) {
    const order: OrderRecord = { ...o, acc: account.id };
    const market = core.markets.get(order.mkt);
    if (!market) continue;
    account.openOrders.set(order.oid, order);
    if (trigger) market.triggers.push(order);
    else core.book(order.mkt).restingSide(order.side).add(order);
    if (!trigger && order.tif > 0) core.expiring.add(order);
    core.noteRestoredId(order.oid);
  }
  account.stats.deposits += money;
  core.protocol.deposits += money;
  core.out.accountChanged(account.id);
}
