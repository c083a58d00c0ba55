// Gateway admission of an OrderRequest (wire.md 8.9), in the live order of checks.
// Frames the gateway cannot process at all throw SimProtocolError (the server closes the socket 1011);
// validation failures are a 400 ack and nothing more; accepted requests are queued for the next block.

import type { OrderRequestFrame } from '../../protocol/frames.js';
import type { EngineCore } from './core.js';
import { SimProtocolError, type AdmissionResult } from './types.js';

const MAX_MNP = 65_535;

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

function reject(error: string): AdmissionResult {
  return { code: 400, error };
}

export function checkAdmission(core: EngineCore, address: string, req: OrderRequestFrame, head: number): AdmissionResult {
  const market = core.markets.get(req.mkt);
  if (!isInt(req.mkt) || !market) throw new SimProtocolError(`unknown market ${String(req.mkt)}`);
  const owned = core.wallets.get(address.toLowerCase()) ?? [];
  if (!isInt(req.acc) || !owned.includes(req.acc)) throw new SimProtocolError('account not owned by this wallet');
  if (req.mnp !== undefined && (!isInt(req.mnp) || req.mnp < 0)) throw new SimProtocolError('negative mnp');

  if (!isInt(req.t) || req.t < 1 || req.t > 7) return reject('invalid order type');
  const tp = req.tp ?? 0;
  const lb = req.lb ?? 0;
  const tif = req.tif ?? 0;
  if (tp > 0 && !req.tpc) return reject('trigger price condition is not specified');
  if (lb > 0 && lb <= head) return reject('last exec block already expired');
  if (tp === 0 && lb > head + market.spec.orderTtlBlocks) return reject('last exec block too high');
  if (tif > 0 && tif <= head) return reject('order already expired');
  if (req.mnp !== undefined && req.mnp > MAX_MNP) return reject('max negative pnl collateralization out of range');
  // rq <= lfr (including 0) is the contract's business: it fails later with sr 32.
  if (!isInt(req.rq)) return reject('invalid request id');
  return { code: 0 };
}
