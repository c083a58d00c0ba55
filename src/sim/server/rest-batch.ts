// Batch order submission over HTTP (wire.md 9): POST /v1/trading/orders with up to 100 OrderSpecs.
// Judged orders always answer HTTP 200 with one status per order, forwarded in list order (not atomic).

import { hasTradeScope, type OrderRequestFrame } from '../../protocol/index.js';
import { decodeOrderRequest, isPlainObject, parseJson } from '../../protocol/decode/index.js';
import { SimProtocolError } from '../engine/types.js';
import { errorReply, json, type Reply } from './http-io.js';
import type { StoredKey } from './key-store.js';
import { invalidOrderField } from './order-fields.js';
import type { SimState } from './sim-state.js';

const MAX_BATCH = 100;

type Status = { code: number; error?: string };

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
  try {
    const r = state.engine.admit(key.address, req, state.head());
    return r.code === 0 ? { code: 0 } : { code: r.code, ...(r.error ? { error: r.error } : {}) };
  } catch (e) {
    if (e instanceof SimProtocolError) return { code: 400, error: 'invalid order' };
    throw e;
  }
}

export function postBatchOrders(state: SimState, key: StoredKey, body: Uint8Array): Reply {
  let parsed: unknown;
  try {
    parsed = parseJson(body);
  } catch {
    return errorReply(400, 'malformed batch');
  }
  if (!isPlainObject(parsed) || !Array.isArray(parsed['d'])) return errorReply(400, 'malformed batch');
  const specs = parsed['d'] as unknown[];
  if (specs.length === 0 || specs.length > MAX_BATCH) return errorReply(400, 'batch must hold 1..100 orders');
  const sn = typeof parsed['sn'] === 'number' && Number.isSafeInteger(parsed['sn']) ? parsed['sn'] : 0;
  const header = { mt: 31, ...(sn ? { cid: sn } : {}) };
  if (!hasTradeScope(key.scopeMask)) {
    return json(403, { ...header, status: { code: 403, error: 'api key lacks trade scope' } });
  }
  if (state.engine.accountsOf(key.address).length === 0) return errorReply(404, 'no exchange account');
  const statuses = specs.map((spec) => judge(state, key, spec));
  return json(200, { ...header, status: { code: 0 }, statuses });
}
