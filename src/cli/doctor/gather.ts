// The doctor's thin I/O layer: finds the config, the key and the network, then runs the probes.
// Every failure becomes a fact; nothing here decides OK/WARN/FAIL.

import { existsSync, statSync } from 'node:fs';
import { loadCredentials, type Credentials } from '../../auth/credentials.js';
import { keyFilePath, perplHome, resolveKeyFile } from '../../auth/home.js';
import { readKeyFile, type KeyFileMeta } from '../../auth/keyfile.js';
import { ApiKeySigner } from '../../auth/signer.js';
import { isPerplError, userMessage } from '../../protocol/errors.js';
import type { Network } from '../../protocol/networks.js';
import { stringFlag, type Parsed } from '../keys/flags.js';
import { passphrasePrompt, type CliIo } from '../keys/io.js';
import { LOCAL_DEMO_KEY_NAME, networkFor } from '../keys/network.js';
import { DEFAULT_KEY_NAME } from '../keys/store.js';
import type { DoctorFacts, Failure, KeyFacts } from './facts.js';
import { probeMarketWs, probeRest, probeTradingWs } from './probes.js';

function failure(e: unknown): Failure {
  return isPerplError(e) && e.hint ? { error: userMessage(e), hint: e.hint } : { error: userMessage(e) };
}

/** --key-file, $PERPL_KEY_FILE, then keys/default.json, then the local exchange's demo key. */
function keyReference(p: Parsed, env: NodeJS.ProcessEnv): string | undefined {
  const explicit = stringFlag(p, 'key-file') ?? (env.PERPL_KEY_FILE?.trim() || undefined);
  if (explicit !== undefined) return explicit;
  if (env.PERPL_API_KEY || env.PERPL_API_SECRET) return undefined;
  if (existsSync(keyFilePath(DEFAULT_KEY_NAME, env))) return DEFAULT_KEY_NAME;
  const network = stringFlag(p, 'network');
  const noNetworkFlags = network === undefined && stringFlag(p, 'base-url') === undefined;
  if ((noNetworkFlags || network === 'local') && existsSync(keyFilePath(LOCAL_DEMO_KEY_NAME, env))) return LOCAL_DEMO_KEY_NAME;
  return undefined;
}

function keyFacts(c: Credentials, mode: number | undefined): KeyFacts {
  const k: KeyFacts = { source: c.source, publicKeyHex: c.publicKeyHex };
  if (mode !== undefined) k.mode = mode;
  if (c.chainId !== undefined) k.chainId = c.chainId;
  if (c.scopeMask !== undefined) k.scopeMask = c.scopeMask;
  if (c.expiresAt !== undefined) k.expiresAt = c.expiresAt;
  return k;
}

export async function gatherFacts(p: Parsed, io: CliIo): Promise<DoctorFacts> {
  const env = io.env;
  const home = perplHome(env);
  const facts: DoctorFacts = { now: io.now(), home: { path: home, exists: existsSync(home) }, network: { ok: false, error: 'not resolved' } };

  // The key's public part first: it may say which network it belongs to.
  const ref = keyReference(p, env);
  const path = ref === undefined ? undefined : resolveKeyFile(ref, env);
  let meta: KeyFileMeta | undefined;
  let keyError: Failure | undefined;
  if (path !== undefined) {
    try {
      meta = (await readKeyFile(path)).meta;
    } catch (e) {
      keyError = failure(e);
    }
  }

  let network: Network | undefined;
  try {
    network = await networkFor(p, env, meta);
    facts.network = { ok: true, ...network };
  } catch (e) {
    facts.network = { ok: false, ...failure(e) };
  }

  let creds: Credentials | null = null;
  if (keyError) {
    facts.key = { ok: false, ...keyError };
  } else {
    try {
      const prompt = passphrasePrompt(io, 'the key file');
      creds = await loadCredentials({ ...(path === undefined ? {} : { keyFile: path }), env, ...(prompt ? { passphrase: prompt } : {}) });
      if (creds) facts.key = { ok: true, ...keyFacts(creds, path === undefined ? undefined : statSync(path).mode) };
    } catch (e) {
      facts.key = { ok: false, ...failure(e) };
    }
  }

  if (!network) return facts;
  const [rest, marketWs] = await Promise.all([probeRest(network), probeMarketWs(network)]);
  facts.rest = rest;
  facts.marketWs = marketWs;
  if (creds) {
    const keyChainMatches = creds.chainId === undefined || creds.chainId === network.chainId;
    if (keyChainMatches) {
      try {
        facts.tradingWs = await probeTradingWs(network, new ApiKeySigner(creds, network.chainId));
      } catch (e) {
        facts.tradingWs = { ok: false, ...failure(e) };
      }
    }
  }
  return facts;
}
