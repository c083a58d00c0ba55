// What a decoded account snapshot (`perpl sim --state FILE`) must hold before it enters the engine,
// beyond its types: values in range and the engine's own invariants. The file is anyone's to edit, and
// a negative balance, a position past the engine's sizes, two positions in one market, an order id used
// twice or 20,000 triggers against a cap of 16 were all loaded. The first break is refused, its field named.

import { OrderStatus } from '../../protocol/enums.js';
import { type DecodedAccount, SnapshotError } from './account-snapshot.js';
import { MAX_PRICE, MAX_SIZE, priceInRange, sizeInRange } from './limits.js';

/** The largest `mnp` a request may carry (admission.ts refuses more). */
const MAX_MNP = 65_535;

function refuse(field: string, what: string): never {
  throw new SnapshotError(`${field}: ${what}`);
}

function atLeast(field: string, value: number | bigint, min: number | bigint): void {
  if (value < min) refuse(field, `must be at least ${min} (it is ${value})`);
}

/** Throws SnapshotError naming the first field out of range or breaking an invariant. */
export function checkAccountSnapshot(d: DecodedAccount, maxTriggerOrders: number, where = 'account'): void {
  atLeast(`${where}.balance`, d.balance, 0n);
  atLeast(`${where}.locked`, d.locked, 0n);
  atLeast(`${where}.lfr`, d.lfr, 0);
  atLeast(`${where}.ft`, d.ft, 0);

  const markets = new Set<number>();
  const pids = new Set<number>();
  d.positions.forEach((p, i) => {
    const at = `${where}.positions[${i}]`;
    if (markets.has(p.mkt)) refuse(`${at}.mkt`, `a second position in market ${p.mkt} (one per market)`);
    markets.add(p.mkt);
    if (pids.has(p.pid)) refuse(`${at}.pid`, `${p.pid} is used twice`);
    pids.add(p.pid);
    atLeast(`${at}.pid`, p.pid, 1);
    if (!sizeInRange(p.size)) refuse(`${at}.size`, `must be from 1 to ${MAX_SIZE} (it is ${p.size})`);
    atLeast(`${at}.lv`, p.lv, 1);
    atLeast(`${at}.collateral`, p.collateral, 0n);
    atLeast(`${at}.entryNotional`, p.entryNotional, 0n);
  });

  const oids = new Set<number>();
  let triggers = 0;
  d.orders.forEach((o, i) => {
    const at = `${where}.orders[${i}]`;
    if (oids.has(o.oid)) refuse(`${at}.oid`, `${o.oid} is used twice`);
    oids.add(o.oid);
    atLeast(`${at}.oid`, o.oid, 1);
    if (!sizeInRange(o.size)) refuse(`${at}.size`, `must be from 1 to ${MAX_SIZE} (it is ${o.size})`);
    if (o.filled < 0 || o.filled >= o.size) refuse(`${at}.filled`, `must be from 0 to below its size ${o.size} (it is ${o.filled})`);
    for (const [name, price] of [['price', o.price], ['tp', o.tp]] as const) {
      if (!priceInRange(price)) refuse(`${at}.${name}`, `must be from 0 to ${MAX_PRICE} (it is ${price})`);
    }
    atLeast(`${at}.lv`, o.lv, 0);
    atLeast(`${at}.locked`, o.locked, 0n);
    if (o.mnp !== undefined && (o.mnp < 0 || o.mnp > MAX_MNP)) refuse(`${at}.mnp`, `must be from 0 to ${MAX_MNP} (it is ${o.mnp})`);
    // A trigger waits untriggered in its market's list; anything else rests on the book at a price.
    if (o.trigger !== (o.st === OrderStatus.Untriggered)) refuse(`${at}.st`, o.trigger ? `a trigger must be untriggered (st ${OrderStatus.Untriggered})` : `an order on the book cannot be untriggered`);
    if (o.trigger && o.tp < 1) refuse(`${at}.tp`, 'a trigger needs a trigger price');
    if (!o.trigger && o.price < 1) refuse(`${at}.price`, 'an order on the book needs a price');
    if (o.trigger) triggers++;
  });
  if (triggers > maxTriggerOrders) refuse(`${where}.orders`, `${triggers} triggers, more than the cap of ${maxTriggerOrders}`);
}
