// The doctor's thin I/O layer: finds the config, the key and the network, then runs the probes.
// Every failure becomes a fact; nothing here decides OK/WARN/FAIL.

import { existsSync, statSync } from 'node:fs';
import { loadConfig } from '../../app/config/load-config.js';
import { exposedKeysFolder } from '../../auth/keys-folder.js';
import { discoverKey, type KeyDiscoveryTarget } from '../../auth/keyfile-discovery.js';
import { loadCredentials, type Credentials } from '../../auth/credentials.js';
import { resolveKeyFile } from '../../auth/home.js';
import { perplHome } from '../../lib/perpl-home.js';
import { readKeyFile, type KeyFileMeta } from '../../auth/keyfile.js';
import { ServerClock } from '../../auth/clock.js';
import { ApiKeySigner } from '../../auth/signer.js';
import { isPerplError, userMessage } from '../../protocol/errors.js';
import type { Network } from '../../protocol/networks.js';
import { stringFlag, type Parsed } from '../keys/flags.js';
import { passphrasePrompt, type CliIo } from '../keys/io.js';
import { networkFor } from '../keys/network.js';
import type { DoctorFacts, Failure, KeyFacts } from './facts.js';
import { probeMarketWs, probeRest, probeSignedRest, probeTradingWs } from './probes.js';
import { askTmuxPassthrough } from '../../terminal/tmux-passthrough.js';
import { resolveNotifyRoute } from '../../terminal/desktop-notification.js';

function failure(e: unknown): Failure {
  return isPerplError(e) && e.hint ? { error: userMessage(e), hint: e.hint } : { error: userMessage(e) };
}

/** --key-file, else the key discovery of auth/ (for the network the flags name, when they name one). */
async function keyReference(p: Parsed, env: NodeJS.ProcessEnv, facts: DoctorFacts): Promise<string | undefined> {
  const explicit = stringFlag(p, 'key-file');
  if (explicit !== undefined) {
    facts.keyChoice = { why: '--key-file', unenrolled: [] };
    return explicit;
  }
  const networkFlags = ['network', 'base-url', 'chain-id'].some((f) => stringFlag(p, f) !== undefined);
  let target: KeyDiscoveryTarget = {};
  if (networkFlags) {
    try {
      const n = await networkFor(p, env);
      target = { name: n.name, chainId: n.chainId };
    } catch {
      // The network line reports this; discovery just goes without a target.
    }
  }
  const found = await discoverKey(env, target);
  facts.keyChoice = { why: found.why, unenrolled: found.unenrolled };
  return found.ref;
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
  const configFile = stringFlag(p, 'config');
  const config = loadConfig({ home, ...(configFile !== undefined ? { file: configFile } : {}) });
  facts.config = { file: config.file, problems: config.problems, watchlist: config.config.watchlist, watchlistLine: config.watchlistLine ?? null, notifyMethod: config.config.notify.method, presets: config.config.presets };
  if (env.TMUX) facts.tmux = { passthrough: await askTmuxPassthrough(env) };
  facts.config.notifyRoute = resolveNotifyRoute(config.config.notify.method, env, facts.tmux?.passthrough ?? 'unknown');
  facts.keysFolder = exposedKeysFolder(env);

  // The key's public part first: it may say which network it belongs to.
  const ref = await keyReference(p, env, facts);
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
      // Sign on the server's clock, as the terminal does, so a skewed laptop clock shows up only on the clock line.
      const clock = new ServerClock();
      if (rest.ok && rest.serverDateMs !== undefined) clock.observe(new Date(rest.serverDateMs).toUTCString(), rest.localMidMs, rest.localMidMs);
      try {
        const signer = new ApiKeySigner(creds, network.chainId, clock);
        [facts.signedRest, facts.tradingWs] = await Promise.all([probeSignedRest(network, signer), probeTradingWs(network, signer)]);
      } catch (e) {
        facts.tradingWs = { ok: false, ...failure(e) };
      }
    }
  }
  return facts;
}
