// Batch order submission over HTTP (wire.md 9; the operator's rest-endpoints "Order Submission"):
// POST /v1/trading/orders with up to 100 OrderSpecs. Judged orders always answer HTTP 200 with one status
// per order, forwarded in list order (not atomic). A request refused as a whole (no trade scope, unreadable,
// empty, over 100) carries only the top-level status, its code repeated as the HTTP status.

import { hasTradeScope, type OrderRequestFrame } from '../../protocol/index.js';
import { decodeOrderRequest, parseJson } from '../../protocol/decode/index.js';
import { isPlainObject } from '../../lib/plain-object.js';
import { SimProtocolError } from '../engine/types.js';
import { errorReply, json, type Reply } from './http-io.js';
import type { StoredKey } from './key-store.js';
import { invalidOrderField } from './order-fields.js';
import type { SimState } from './sim-state.js';

const MAX_BATCH = 100;

type Status = { code: number; error?: string };

/**
 * A new order's rq must be above the last one the gateway accepted for the account; the same rq again is
 * the retry mechanism and stays accepted (the contract executes it at most once). Live refuses a lower one
 * with 400 up front (its wording is not published: this text is the local exchange's).
 */
function rqTooLow(state: SimState, req: OrderRequestFrame): boolean {
  const accepted = state.acceptedRq.get(req.acc);
  if (accepted !== undefined) return req.rq < accepted;
  return req.rq <= state.engine.ledger(req.acc).lfr;
}

function judge(state: SimState, key: StoredKey, spec: unknown): Status {
  let req: OrderRequestFrame;
  try {
    req = decodeOrderRequest({ ...(isPlainObject(spec) ? spec : {}), mt: 22 });
  } catch {
    return { code: 400, error: 'invalid order' };
  }
  if (!state.markets.has(req.mkt)) return { code: 400, error: 'unknown market' };
  if (!state.engine.accountsOf(key.address).includes(req.acc)) return { code: 403, error: 'invalid account' };
  if (req.mnp !== undefined && req.mnp < 0) return { code: 400, error: 'max negative pnl collateralization out of range' };
  const invalidField = invalidOrderField(req);
  if (invalidField) return { code: 400, error: invalidField };
  if (rqTooLow(state, req)) return { code: 400, error: 'request id below the last accepted' };
  try {
    const r = state.engine.admit(key.address, req, state.head());
    if (r.code === 0) state.acceptedRq.set(req.acc, Math.max(req.rq, state.acceptedRq.get(req.acc) ?? 0));
    return r.code === 0 ? { code: 0 } : { code: r.code, ...(r.error ? { error: r.error } : {}) };
  } catch (e) {
    if (e instanceof SimProtocolError) return { code: 400, error: 'invalid order' };
    throw e;
  }
}

/** The whole request refused: the status, its code repeated as the HTTP status, no per-order statuses. */
function refusedBatch(code: number, error: string, cid: number): Reply {
  return json(code, { mt: 31, ...(cid ? { cid } : {}), status: { code, error } });
}

export function postBatchOrders(state: SimState, key: StoredKey, body: Uint8Array): Reply {
  let parsed: unknown;
  try {
    parsed = parseJson(body);
  } catch {
    parsed = undefined;
  }
  const sn = isPlainObject(parsed) && typeof parsed['sn'] === 'number' && Number.isSafeInteger(parsed['sn']) ? parsed['sn'] : 0;
  // The scope is judged before the orders are (live: "refused with 403 before the body is read").
  if (!hasTradeScope(key.scopeMask)) return refusedBatch(403, 'api key lacks trade scope', sn);
  if (!isPlainObject(parsed) || !Array.isArray(parsed['d'])) return refusedBatch(400, 'malformed batch', sn);
  const specs = parsed['d'] as unknown[];
  if (specs.length === 0 || specs.length > MAX_BATCH) return refusedBatch(400, 'batch must hold 1..100 orders', sn);
  if (state.engine.accountsOf(key.address).length === 0) return errorReply(404, 'no exchange account');
  const statuses = specs.map((spec) => judge(state, key, spec));
  return json(200, { mt: 31, ...(sn ? { cid: sn } : {}), status: { code: 0 }, statuses });
}
