// Two-step enrollment keeps the served payload between `--print-typed-data` and `--wallet-signature`
// in $PERPL_HOME/pending/<key name>.json (0600). It holds no secret, but it is private all the same.

import { promises as fs } from 'node:fs';
import { PermanentError } from '../protocol/errors.js';
import type { Eip712TypedData } from '../protocol/frames.js';
import { decodeEip712TypedData } from '../protocol/decode/index.js';
import { pendingFilePath } from './home.js';
import { readPrivateFile, writeSecretFile } from './keyfile.js';

export interface PendingEnrollment {
  keyName: string;
  network: string;
  chainId: number;
  restBase: string;
  appUrl: string;
  address: string;
  targetProfile?: string;
  origin?: string;
  typedData: Eip712TypedData;
  mac: string;
  /** Unix ms when the payload was fetched. */
  fetchedAt: number;
}

export class NoPendingEnrollmentError extends PermanentError {}

export async function savePending(p: PendingEnrollment, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const path = pendingFilePath(p.keyName, env);
  const body = {
    version: 1,
    key_name: p.keyName,
    network: p.network,
    chain_id: p.chainId,
    rest_base: p.restBase,
    app_url: p.appUrl,
    address: p.address,
    target_profile: p.targetProfile,
    origin: p.origin,
    fetched_at: p.fetchedAt,
    mac: p.mac,
    typed_data: p.typedData,
  };
  await writeSecretFile(path, `${JSON.stringify(body, null, 2)}\n`, { tightenDir: true });
  return path;
}

function field<T>(o: Record<string, unknown>, key: string, check: (v: unknown) => v is T, path: string): T {
  const v = o[key];
  if (!check(v)) throw new PermanentError(`pending enrollment ${path}: field "${key}" is missing or malformed`, { hint: 'start again with --print-typed-data' });
  return v;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export async function loadPending(keyName: string, env: NodeJS.ProcessEnv = process.env): Promise<PendingEnrollment> {
  const path = pendingFilePath(keyName, env);
  // Read like a key file: a FIFO in its place is refused, not waited on; a file others may change is refused.
  const text = await readPrivateFile(path, {
    what: 'pending enrollment',
    missing: () =>
      new NoPendingEnrollmentError(`no pending enrollment for key "${keyName}"`, {
        hint: `run \`perpl keys enroll --name ${keyName} --print-typed-data --address <wallet> --label <label>\` first`,
      }),
  });
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new PermanentError(`pending enrollment ${path} is not valid JSON`, { hint: 'start again with --print-typed-data' });
  }
  let typedData: Eip712TypedData;
  try {
    typedData = decodeEip712TypedData(o.typed_data, 'typed_data');
  } catch {
    throw new PermanentError(`pending enrollment ${path}: the typed data is malformed`, { hint: 'start again with --print-typed-data' });
  }
  const p: PendingEnrollment = {
    keyName: field(o, 'key_name', isString, path),
    network: field(o, 'network', isString, path),
    chainId: field(o, 'chain_id', isInt, path),
    restBase: field(o, 'rest_base', isString, path),
    appUrl: field(o, 'app_url', isString, path),
    address: field(o, 'address', isString, path),
    typedData,
    mac: field(o, 'mac', isString, path),
    fetchedAt: field(o, 'fetched_at', isInt, path),
  };
  if (typeof o.target_profile === 'string') p.targetProfile = o.target_profile;
  if (typeof o.origin === 'string') p.origin = o.origin;
  return p;
}

export async function removePending(keyName: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await fs.rm(pendingFilePath(keyName, env), { force: true });
}
