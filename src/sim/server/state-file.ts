// `perpl sim --state FILE`: the demo account (balance, positions, open orders and TP/SL) and each
// market's oracle price, saved on stop and every few seconds, loaded at start. Written 0600, atomically
// (a fresh temp file + rename), so a crash mid-write leaves the previous state. The file is untrusted
// input: read only when it is a regular file this user owns and alone may write, decoded strictly, its
// values checked against the engine's limits and invariants; a bad file stops the start, left untouched.

import { FileRefusal, readCheckedFile, writePrivateFile } from '../../lib/checked-file.js';
import { InputError, errorText } from '../../protocol/errors.js';
import { MAX_PRICE } from '../engine/limits.js';
import type { SimEngine } from '../engine/types.js';
import { addressOfPrivateKey } from './throwaway-wallet.js';

/** Far above any demo account; refused rather than read into memory. */
export const MAX_STATE_BYTES = 16 * 1024 * 1024;

export interface SavedState {
  v: 1;
  saved_at: number;
  demo: unknown;
  oracles: Record<string, number>;
  /** The demo account's owner wallet key (a local throwaway, like keys/local-demo.wallet; the file is 0600). */
  wallet_key: string;
}

/** A state file that cannot be used: the start stops with the reason, and the file is not touched. */
export class StateFileError extends InputError {
  constructor(message: string) {
    super(`--state: ${message}`, { hint: 'the file is left as it is: fix or move it, or start without --state (a fresh demo account)' });
  }
}

/** The saved state, or null when the file does not exist yet (a first start). Throws StateFileError. */
export function readStateFile(path: string): SavedState | null {
  let bytes: Buffer | null;
  try {
    // Opened without waiting (a FIFO is refused, not waited on); a file another user made or may write
    // is refused: it would hand the demo account, and a wallet key its planter chose, to this exchange.
    bytes = readCheckedFile(path, { maxBytes: MAX_STATE_BYTES, ownOnly: true });
  } catch (e) {
    if (e instanceof FileRefusal) throw new StateFileError(`${path} ${e.reason}`);
    throw e;
  }
  if (bytes === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new StateFileError(`${path} is not valid JSON`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new StateFileError(`${path}: not a state file`);
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!['v', 'saved_at', 'demo', 'oracles', 'wallet_key'].includes(k)) throw new StateFileError(`${path}: unknown field "${k.slice(0, 40)}"`);
  if (o.v !== 1) throw new StateFileError(`${path}: not a version 1 state file`);
  if (!Number.isSafeInteger(o.saved_at) || (o.saved_at as number) < 0) throw new StateFileError(`${path}: saved_at must be a non-negative integer`);
  if (typeof o.wallet_key !== 'string' || !/^0x[0-9a-f]{64}$/.test(o.wallet_key)) throw new StateFileError(`${path}: wallet_key must be 0x and 64 hex digits`);
  const oracles = o.oracles;
  if (typeof oracles !== 'object' || oracles === null || Array.isArray(oracles)) throw new StateFileError(`${path}: oracles must be an object`);
  for (const [k, p] of Object.entries(oracles)) {
    if (!/^\d{1,9}$/.test(k)) throw new StateFileError(`${path}: oracles.${k.slice(0, 20)} is not a market id`);
    if (!Number.isSafeInteger(p) || (p as number) <= 0 || (p as number) > MAX_PRICE) throw new StateFileError(`${path}: oracles.${k} must be a price from 1 to ${MAX_PRICE}`);
  }
  return { v: 1, saved_at: o.saved_at as number, demo: o.demo, oracles: { ...(oracles as Record<string, number>) }, wallet_key: o.wallet_key };
}

/** The address of a wallet key, or null when it is no secp256k1 key (zero, or past the curve order). */
function walletAddress(key: string): string | null {
  try {
    return addressOfPrivateKey(key);
  } catch {
    return null;
  }
}

/** Restores the saved oracles and the demo account into a fresh engine; returns the demo account id. */
export function restoreState(engine: SimEngine, saved: SavedState, path: string): number {
  let id: number;
  try {
    id = engine.restoreAccount(saved.demo);
  } catch (e) {
    throw new StateFileError(`${path}: ${errorText(e)}`);
  }
  // The saved key must own the saved account: the demo key file and enrollment sign as that wallet.
  if (walletAddress(saved.wallet_key) !== engine.snapshotAccount(id).address) throw new StateFileError(`${path}: wallet_key is not the key of demo.address`);
  for (const [k, price] of Object.entries(saved.oracles)) {
    if (engine.marketState(Number(k)) !== undefined) engine.setOraclePrice(Number(k), price);
  }
  return id;
}

export function writeStateFile(path: string, engine: SimEngine, demoAccountId: number, marketIds: readonly number[], nowMs: number, walletKey: string): void {
  const oracles: Record<string, number> = {};
  for (const id of marketIds) {
    const m = engine.marketState(id);
    if (m) oracles[String(id)] = m.orl;
  }
  const saved: SavedState = { v: 1, saved_at: nowMs, demo: engine.snapshotAccount(demoAccountId), oracles, wallet_key: walletKey };
  // A fresh 0600 file renamed over the old one: never a file someone else made first (a planted
  // `FILE.<pid>.tmp` was written into, and stayed theirs to read).
  writePrivateFile(path, `${JSON.stringify(saved)}\n`);
}
