// `perpl keys enroll`: one step with a local wallet key (--wallet-key-file / PERPL_WALLET_KEY), or two
// steps: --print-typed-data (sign elsewhere) then --wallet-signature 0x... . The typed data is shown in
// human form before anything is signed; the token lands only in the 0600 key file, never on screen.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keysDir } from '../../auth/home.js';
import { LOCAL_DEMO_WALLET_FILE } from '../../auth/keyfile-discovery.js';
import { walletAddress, walletKeyFromText, signTypedDataWithWallet } from '../../auth/eip712-wallet.js';
import { completeEnrollment, fetchEnrollPayload, type EnrollEndpoint } from '../../auth/enroll.js';
import { checkServedTypedData } from '../../auth/enroll-checks.js';
import { StalePayloadError } from '../../auth/enroll-errors.js';
import { loadPending, removePending, savePending } from '../../auth/enroll-pending.js';
import { buildPayloadRequest, checkAddress, parseExpiry, scopeMaskFor, scopeName } from '../../auth/enroll-request.js';
import { summarizeTypedData } from '../../auth/enroll-summary.js';
import { readPrivateFile, writeKeyFile, type KeyFileMeta } from '../../auth/keyfile.js';
import { publicKeyHexOf } from '../../auth/keyfile-format.js';
import { InputError, PermanentError } from '../../protocol/errors.js';
import { terminalSafeJson } from '../../protocol/sanitize-text.js';
import type { ApiKeyInfo } from '../../protocol/frames.js';
import { wsBaseFromRestBase, type Network } from '../../protocol/networks.js';
import { expiryText, isEnrolled } from './describe.js';
import { boolFlag, listFlag, stringFlag, type Parsed } from './flags.js';
import type { CliIo } from './io.js';
import { createKey } from './manage.js';
import { networkFor } from './network.js';
import { DEFAULT_KEY_NAME, keyExists, openNamedKey, type OpenedKey } from './store.js';

type Hex = `0x${string}`;

/** The wallet key, from a private file or PERPL_WALLET_KEY; undefined when neither is given. */
async function loadWalletKey(p: Parsed, io: CliIo): Promise<Hex | undefined> {
  const file = stringFlag(p, 'wallet-key-file');
  if (file !== undefined) {
    // Checked on the opened file (fstat), so a FIFO is refused, not waited on, and nothing swaps it after.
    return walletKeyFromText(await readPrivateFile(file, { what: 'wallet key file' }), `--wallet-key-file ${file}`);
  }
  const fromEnv = io.env.PERPL_WALLET_KEY;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return walletKeyFromText(fromEnv, 'PERPL_WALLET_KEY');
  return undefined;
}

/**
 * On the local exchange with no wallet given, its demo account's own wallet key (written 0600 beside the demo
 * API key by `perpl sim` and the terminal's in-process exchange), so the whole wallet-signed flow runs
 * locally. Said on stderr, never silently; on any other network there is no such default.
 */
async function localDemoWallet(network: Network, io: CliIo): Promise<Hex | undefined> {
  if (network.name !== 'local') return undefined;
  const path = join(keysDir(io.env), LOCAL_DEMO_WALLET_FILE);
  if (!existsSync(path)) return undefined;
  const key = walletKeyFromText(await readPrivateFile(path, { what: 'demo wallet key file' }), path);
  io.err(`signing with the local exchange's demo wallet ${walletAddress(key)} (${path})`);
  return key;
}

function endpointOf(network: Network, origin: string | undefined): EnrollEndpoint {
  return { restBase: network.restBase, chainId: network.chainId, appUrl: network.appUrl, ...(origin === undefined ? {} : { origin }) };
}

function refuseEnrolled(key: OpenedKey): void {
  if (isEnrolled(key.doc)) {
    throw new PermanentError(`key "${key.name}" is already enrolled`, {
      hint: 'an enrolled public key can never be enrolled again: run `perpl keys new --name <new-name>` for a fresh key',
    });
  }
}

interface StoreInput {
  key: OpenedKey;
  info: ApiKeyInfo;
  network: { name: string; chainId: number; restBase: string; wsBase: string };
  address: string;
  targetProfile: string | undefined;
  now: number;
}

/** Writes token + seed + what the server granted into the key file (0600, re-sealed when it was sealed). */
async function storeEnrollment(s: StoreInput): Promise<KeyFileMeta> {
  const keepBases = s.network.name !== 'mainnet' && s.network.name !== 'testnet';
  const meta: KeyFileMeta = {
    ...s.key.doc.meta,
    label: s.info.label ?? s.key.doc.meta.label,
    network: s.network.name,
    chainId: s.network.chainId,
    scopeMask: s.info.scope_mask,
    expiresAt: s.info.expires_at,
    ipCidrs: s.info.ip_cidrs ?? [],
    address: s.info.address ?? s.address,
    enrolledAt: s.now,
    ...(keepBases ? { restBase: s.network.restBase, wsBase: s.network.wsBase } : {}),
    ...(s.targetProfile === undefined ? {} : { targetProfile: s.targetProfile }),
  };
  await writeKeyFile(s.key.path, meta, { seed: s.key.secrets.seed, apiKey: s.info.api_key }, { tightenDir: true, ...(s.key.passphrase === undefined ? {} : { passphrase: s.key.passphrase }) });
  return meta;
}

function reportEnrolled(io: CliIo, key: OpenedKey, meta: KeyFileMeta): void {
  io.out(`enrolled key "${key.name}" (${meta.publicKey ?? publicKeyHexOf(key.secrets.seed)})`);
  io.out(`  scope          ${scopeName(meta.scopeMask)}`);
  io.out(`  expires        ${expiryText(meta.expiresAt, Date.now())}`);
  io.out(`  ip allow-list  ${meta.ipCidrs && meta.ipCidrs.length > 0 ? meta.ipCidrs.join(', ') : 'any address'}`);
  io.out(`  network        ${meta.network} (chain ${meta.chainId})`);
  io.out(`  stored in      ${key.path} (0600${key.doc.kind === 'sealed' ? ', encrypted' : ''})`);
}

/** Second half of the two-step mode. */
async function finishWithSignature(io: CliIo, name: string, signature: string): Promise<number> {
  const pending = await loadPending(name, io.env);
  const key = await openNamedKey(name, io);
  refuseEnrolled(key);
  checkServedTypedData(pending.typedData, { chainId: pending.chainId, address: pending.address, publicKeyHex: publicKeyHexOf(key.secrets.seed) });
  const ep: EnrollEndpoint = { restBase: pending.restBase, chainId: pending.chainId, appUrl: pending.appUrl, ...(pending.origin === undefined ? {} : { origin: pending.origin }) };
  let info: ApiKeyInfo;
  try {
    info = await completeEnrollment(ep, {
      seed: key.secrets.seed,
      address: pending.address,
      typedData: pending.typedData,
      mac: pending.mac,
      signature,
      fetchedAt: pending.fetchedAt,
      now: io.now(),
      ...(pending.targetProfile === undefined ? {} : { targetProfile: pending.targetProfile }),
    });
  } catch (e) {
    // A stale payload can never be used again: drop it so the next attempt starts clean.
    if (e instanceof StalePayloadError) await removePending(name, io.env);
    throw e;
  }
  const wsBase = wsBaseFromRestBase(pending.restBase);
  const meta = await storeEnrollment({
    key,
    info,
    network: { name: pending.network, chainId: pending.chainId, restBase: pending.restBase, wsBase },
    address: pending.address,
    targetProfile: pending.targetProfile,
    now: io.now(),
  });
  await removePending(name, io.env);
  reportEnrolled(io, key, meta);
  return 0;
}

export async function keysEnroll(io: CliIo, p: Parsed): Promise<number> {
  const name = stringFlag(p, 'name') ?? DEFAULT_KEY_NAME;
  const signature = stringFlag(p, 'wallet-signature');
  if (signature !== undefined) return finishWithSignature(io, name, signature);

  const printOnly = boolFlag(p, 'print-typed-data');
  const label = stringFlag(p, 'label');
  if (label === undefined) throw new InputError('--label is required', { hint: 'name the key, e.g. --label my-tui (it is shown in the web app)' });
  const scopeMask = scopeMaskFor(stringFlag(p, 'scope') ?? 'read');
  const expiresText = stringFlag(p, 'expires');
  const expiresAt = expiresText === undefined ? undefined : parseExpiry(expiresText, io.now());
  const targetProfile = stringFlag(p, 'target-profile');
  const origin = stringFlag(p, 'origin');
  const network = await networkFor(p, io.env);
  const walletKey = (await loadWalletKey(p, io)) ?? (printOnly ? undefined : await localDemoWallet(network, io));
  const addressFlag = stringFlag(p, 'address');
  if (walletKey === undefined && !printOnly) {
    throw new InputError('no wallet to sign the enrollment with', {
      hint: 'give --wallet-key-file FILE (or PERPL_WALLET_KEY), or use --print-typed-data --address WALLET to sign elsewhere and finish with --wallet-signature 0x...',
    });
  }
  const fromKey = walletKey === undefined ? undefined : walletAddress(walletKey);
  if (fromKey !== undefined && addressFlag !== undefined && fromKey.toLowerCase() !== addressFlag.trim().toLowerCase()) {
    throw new InputError(`--address ${addressFlag} is not the address of the wallet key (${fromKey})`);
  }
  const address = fromKey ?? (addressFlag === undefined ? undefined : checkAddress(addressFlag, '--address'));
  if (address === undefined) throw new InputError('--print-typed-data needs --address WALLET (the wallet that will sign)');

  if (!keyExists(name, io.env)) {
    const created = await createKey(io, name, boolFlag(p, 'encrypt'));
    io.err(`created key "${name}" (${created.publicKeyHex}) in ${created.path}`);
  }
  const key = await openNamedKey(name, io);
  refuseEnrolled(key);
  const publicKeyHex = publicKeyHexOf(key.secrets.seed);
  const req = buildPayloadRequest({
    chainId: network.chainId,
    address,
    publicKeyHex,
    scopeMask,
    label,
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ipCidrs: listFlag(p, 'ip-cidr'),
    ...(targetProfile === undefined ? {} : { targetProfile }),
  });
  const ep = endpointOf(network, origin);
  const served = await fetchEnrollPayload(ep, req);
  const fetchedAt = io.now();
  const summary = [`enrolling key "${name}" on ${network.name} (${network.restBase}); the wallet authorizes:`, ...summarizeTypedData(served.typedData, fetchedAt)];

  if (printOnly) {
    const path = await savePending(
      {
        keyName: name,
        network: network.name,
        chainId: network.chainId,
        restBase: network.restBase,
        appUrl: network.appUrl,
        address,
        typedData: served.typedData,
        mac: served.mac,
        fetchedAt,
        ...(targetProfile === undefined ? {} : { targetProfile }),
        ...(origin === undefined ? {} : { origin }),
      },
      io.env,
    );
    io.out(terminalSafeJson(served.typedData, 2));
    for (const line of summary) io.err(line);
    io.err(`saved the payload in ${path}; sign the typed data above with wallet ${address} (EIP-712, eth_signTypedData_v4) within 15 minutes, then run:`);
    io.err(`  perpl keys enroll --name ${name} --wallet-signature 0x<130 hex>`);
    return 0;
  }

  for (const line of summary) io.err(line);
  if (io.interactive && !boolFlag(p, 'yes')) {
    const answer = await io.ask('Sign and enroll? [y/N] ', false);
    if (!/^y(es)?$/i.test(answer.trim())) {
      io.err('not enrolled');
      return 1;
    }
  }
  const walletSignature = await signTypedDataWithWallet(walletKey!, served.typedData);
  const info = await completeEnrollment(ep, {
    seed: key.secrets.seed,
    address,
    typedData: served.typedData,
    mac: served.mac,
    signature: walletSignature,
    fetchedAt,
    now: io.now(),
    ...(targetProfile === undefined ? {} : { targetProfile }),
  });
  const meta = await storeEnrollment({ key, info, network, address, targetProfile, now: io.now() });
  reportEnrolled(io, key, meta);
  return 0;
}
