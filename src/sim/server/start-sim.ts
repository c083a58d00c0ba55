// startSim: builds the engine, key store and server, creates the demo wallet and key, starts the clocks.

import { randomBytes } from 'node:crypto';
import { ScopeMask } from '../../protocol/index.js';
import { blockTimeMs } from '../engine/block-time.js';
import { createSimEngine } from '../engine/index.js';
import type { SimEngine, SimMarketSpec } from '../engine/types.js';
import { FaultInjector, type FaultEvent, type FaultSpec } from '../faults/index.js';
import { instanceOf } from '../instances.js';
import { selectMarkets, type MarketProfile } from '../markets.js';
import { Delegations } from './delegations.js';
import { readStateFile, restoreState, writeStateFile } from './state-file.js';
import { perplHome } from '../../lib/perpl-home.js';
import { demoKeyName, removeDemoFiles, writeDemoKeyFile, writeDemoOperatorWallet, writeDemoWallet } from './demo-key-file.js';
import { newEd25519Seed, publicKeyFromSeed } from '../../lib/ed25519.js';
import { KeyStore } from './key-store.js';
import { newThrowawayWallet } from './throwaway-wallet.js';
import { DEFAULT_LIMITS, type SimLimits } from './limits.js';
import { RequestAuthenticator } from './request-auth.js';
import { SimServer } from './sim-server.js';
import type { SimState } from './sim-state.js';
import { getContext } from './rest-market.js';
import { errorText } from '../../protocol/errors.js';

export const SIM_CHAIN_ID = 31337;
/** First head block: large enough to look like a live chain, small enough to read. */
const START_BLOCK = 1_000_000;
/** Demo wallet collateral: 100,000 AUSD in 6-dp atoms. */
const DEMO_BALANCE = '100000000000';
/** Default flow rate: a few hundred book updates per second across the default markets. */
const DEFAULT_FLOW_STEPS_PER_SEC = 100;

export interface SimOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  seed?: number;
  /** Block interval; default 300 ms like Monad. */
  blockMs?: number;
  /** Fault profile name (see faults/profiles.ts); default none. */
  faults?: string;
  /** Which network's markets to list: `mainnet` (default), `testnet` or `classic` (sim/markets.ts). */
  like?: MarketProfile;
  /** Market labels to list (default: all of the profile). */
  markets?: string[];
  /** Applied to every listed market (e.g. a nonzero minimum order value, which live sets to "0"). */
  marketOverrides?: Partial<Omit<SimMarketSpec, 'id' | 'symbol' | 'name' | 'sizeUnits'>>;
  /** Flow steps per second (each step may move every market's book); 0 disables flow. */
  flowStepsPerSec?: number;
  /** Directory for keys/local-demo-<port>.json; default $PERPL_HOME or ~/.config/perpl. */
  home?: string;
  /** Also write keys/local-demo.json (what commands given no port use); default true: `perpl sim` does, the terminal's in-process exchange passes false. */
  defaultDemoKey?: boolean;
  /** Remove the port's key files on stop (an in-process exchange: its port is gone with it). */
  removeDemoKeyOnStop?: boolean;
  /** `--state FILE`: the demo account and the oracle prices, loaded at start and saved on stop and every few seconds. */
  stateFile?: string;
  /** How often the state file is saved while running (default 5 s). */
  stateSaveMs?: number;
  /** No diagnostic lines on stderr (fault log lines are printed unless quiet). */
  quiet?: boolean;
  /** Also log every REST request and socket event to stderr. */
  verbose?: boolean;
  /** Overrides of the enforced limits (idle window, rate limits, caps). */
  limits?: Partial<SimLimits>;
  /** sr 14 without a transaction (lfr stays) instead of a failed transaction (lfr advances). */
  lbPassedWithoutTx?: boolean;
  /** Minutes of 1-minute candle history before the start (default 300); more than 1024 makes a chart page back over REST. */
  candleHistoryMinutes?: number;
  /** Appends "block epochMs" as each block's heartbeats leave (block-trace.ts): the bench's feed lag. */
  blockTraceFile?: string;
}

export interface SimWallet {
  address: string;
  /** secp256k1 private key hex (for enrollment tests; a local throwaway). */
  privateKey: string;
  accountId?: number;
}

/** Test hooks. Everything here acts immediately on the running exchange. */
export interface SimControl {
  engine: SimEngine;
  headBlock(): number;
  /** A fresh wallet; by default with an exchange account holding `balance` atoms (default 100,000 AUSD) and fw on. */
  createWallet(opts?: { balance?: string; orderForwarding?: boolean; account?: boolean; feeTier?: number }): SimWallet;
  /** Registers an Ed25519 key directly (no enrollment); returns the token and the 32-byte seed as hex. */
  issueKey(opts: { address: string; scopeMask: number; expiresAt?: number; ipCidrs?: string[] }): {
    apiKey: string;
    seedHex: string;
  };
  revokeKey(apiKey: string): void;
  /** Registers `operator` as an operator of `profile`: it may then enroll keys with `target_profile`. */
  addOperator(profile: string, operator: string): void;
  /** Unregisters `operator` and revokes every key it enrolled for `profile`. */
  removeOperator(profile: string, operator: string): void;
  setFaults(profile: string | FaultSpec): void;
  /** Every fault injected so far, oldest first. */
  faultLog(): FaultEvent[];
  pauseBlocks(): void;
  resumeBlocks(): void;
  /** Advances exactly one block (use with blocks paused). */
  stepBlock(): void;
  /** Moves the head `n` blocks on without running them (forwarder lag: admitted requests land late). */
  skipBlocks(n: number): void;
  pauseFlow(): void;
  resumeFlow(): void;
  /** Closes every socket with `code` (default 1001; 1006 drops TCP without a close frame). */
  dropConnections(code?: number): void;
  /** Signed-in trading sockets of a wallet, as its connection cap counts them. */
  tradingConnections(address: string): number;
  /** Gives a wallet a referral code (none by default: ref-code answers 404). */
  setRefCode(address: string, code: string): void;
  /** Flow steps run and shed so far (benchmarks). */
  flowStats(): { steps: number; shed: number };
}

/** The seeded delegation, so `perpl keys enroll --target-profile` can be practised. */
export interface DemoOperator {
  /** The demo account's wallet address (the profile the demo key trades). */
  profile: string;
  /** A wallet registered as operator of `profile`; it has no exchange account of its own. */
  operatorAddress: string;
  /** 0600 file holding the operator wallet's throwaway secp256k1 key (for `--wallet-key-file`). */
  walletKeyFile: string;
}

export interface RunningSim {
  rest: string;
  ws: string;
  chainId: number;
  demoKeyFile: string;
  /** 0600 file with the throwaway key of the wallet that owns the demo account (`perpl keys enroll --network local`). */
  demoWalletKeyFile: string;
  demoOperator: DemoOperator;
  port: number;
  /** The key files that go with this exchange (removeDemoKeyOnStop): removed by stop(), whatever its server does. */
  ownFiles: readonly string[];
  /** The context document as GET /v1/pub/context answers it now (JSON text): the in-process terminal's first context, without HTTP. */
  contextText(): string;
  stop(): Promise<void>;
  control: SimControl;
}

export async function startSim(opts: SimOptions = {}): Promise<RunningSim> {
  const seed = opts.seed ?? 1;
  const verbose = opts.verbose === true && opts.quiet !== true;
  const log = (line: string): void => {
    if (verbose) process.stderr.write(`sim: ${line}\n`);
  };
  const engine = createSimEngine({
    chainId: SIM_CHAIN_ID,
    seed,
    markets: selectMarkets(opts.markets, opts.marketOverrides, opts.like),
    instance: instanceOf(opts.like),
    startTimeMs: blockTimeMs(Date.now()),
    backfillFunding: true,
    ...(opts.lbPassedWithoutTx === true ? { lbPassedWithoutTx: true } : {}),
    ...(opts.candleHistoryMinutes !== undefined ? { flow: { backfillMinutes: opts.candleHistoryMinutes } } : {}),
  });
  // Read and restored before anything listens or is written: a bad file stops the start and is left as it is.
  const saved = opts.stateFile !== undefined ? readStateFile(opts.stateFile) : null;
  const restoredDemo = saved && opts.stateFile !== undefined ? restoreState(engine, saved, opts.stateFile) : undefined;
  const keys = new KeyStore();
  const faults = new FaultInjector(opts.faults ?? 'none', seed, (e) => {
    if (opts.quiet !== true) process.stderr.write(`sim: fault ${e.kind} on ${e.socket}${e.detail ? ` (${e.detail})` : ''}\n`);
  });
  const limits: SimLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  // The state reads the head block from the server, which is built from the state.
  const serverRef: { current?: SimServer } = {};
  const state: SimState = {
    chainId: SIM_CHAIN_ID,
    engine,
    keys,
    delegations: new Delegations(),
    auth: new RequestAuthenticator(keys, SIM_CHAIN_ID, limits.noncesPerKey),
    faults,
    limits,
    macSecret: new Uint8Array(randomBytes(32)),
    markets: new Map(engine.context(START_BLOCK, Date.now()).markets.map((m) => [m.id, m])),
    head: () => serverRef.current?.head() ?? START_BLOCK,
    headAt: () => serverRef.current?.headAt() ?? { b: START_BLOCK, t: blockTimeMs(Date.now()) },
    acceptedRq: new Map(),
    refCodes: new Map(),
    log,
    warn: (line) => {
      if (opts.quiet !== true) process.stderr.write(`sim: ${line}\n`);
    },
  };
  const server = new SimServer(state, {
    blockMs: opts.blockMs ?? 300,
    flowStepsPerSec: opts.flowStepsPerSec ?? DEFAULT_FLOW_STEPS_PER_SEC,
    // A restored account's ids encode the blocks of the run that saved them: the chain goes on after those.
    startBlock: Math.max(START_BLOCK, engine.newestIdBlock() + 1),
    ...(opts.blockTraceFile !== undefined ? { blockTraceFile: opts.blockTraceFile } : {}),
  });
  serverRef.current = server;
  const running = server;

  const createWallet: SimControl['createWallet'] = (o = {}) => {
    const { privateKey, address } = newThrowawayWallet();
    if (o.account === false) return { address, privateKey };
    const accountId = engine.createAccount(address, o.balance ?? DEMO_BALANCE, {
      orderForwarding: o.orderForwarding ?? true,
      ...(o.feeTier !== undefined ? { feeTier: o.feeTier } : {}),
    });
    return { address, privateKey, accountId };
  };
  const issueKey: SimControl['issueKey'] = (o) => {
    const seedBytes = newEd25519Seed();
    const stored = keys.add(
      {
        publicKey: publicKeyFromSeed(seedBytes),
        address: o.address,
        scopeMask: o.scopeMask,
        label: 'issued by test hook',
        ...(o.expiresAt !== undefined ? { expiresAt: o.expiresAt } : {}),
        ...(o.ipCidrs ? { ipCidrs: o.ipCidrs } : {}),
      },
      Date.now(),
    );
    return { apiKey: stored.token, seedHex: Buffer.from(seedBytes).toString('hex') };
  };

  const port = await server.listen(opts.port ?? 0);
  const rest = `http://127.0.0.1:${port}/api`;
  const ws = `ws://127.0.0.1:${port}`;

  // A restored demo account keeps its owner wallet (saved with it), so enrolling against it still works.
  const demo =
    restoredDemo !== undefined && saved
      ? { address: engine.snapshotAccount(restoredDemo).address, accountId: restoredDemo, privateKey: saved.wallet_key }
      : createWallet({ balance: DEMO_BALANCE, orderForwarding: true });
  const demoKey = issueKey({ address: demo.address, scopeMask: ScopeMask.ReadTrade });
  const demoKeyFile = writeDemoKeyFile(opts.home ?? perplHome(), {
    api_key: demoKey.apiKey,
    private_key: demoKey.seedHex,
    network: 'local',
    chain_id: SIM_CHAIN_ID,
    scope_mask: ScopeMask.ReadTrade,
    expires_at: 0,
    rest,
    ws,
  }, port, opts.defaultDemoKey !== false);
  // The in-process exchange's wallet file is its port's own too: local-demo.wallet stays the `perpl sim`'s.
  const demoWalletKeyFile = writeDemoWallet(opts.home ?? perplHome(), demo.privateKey, opts.defaultDemoKey === false ? `${demoKeyName(port)}.wallet` : undefined);
  const operator = createWallet({ account: false });
  state.delegations.addOperator(demo.address, operator.address);
  const demoOperator: DemoOperator = {
    profile: demo.address,
    operatorAddress: operator.address,
    walletKeyFile: writeDemoOperatorWallet(opts.home ?? perplHome(), operator.privateKey, port),
  };
  server.startClocks();

  const control: SimControl = {
    engine,
    headBlock: () => running.head(),
    createWallet,
    issueKey,
    revokeKey: (apiKey) => keys.revoke(apiKey),
    addOperator: (profile, op) => state.delegations.addOperator(profile, op),
    removeOperator: (profile, op) => {
      state.delegations.removeOperator(profile, op);
      // As the owner revoking the delegation would expect: the keys the operator enrolled stop working too.
      if (op.toLowerCase() !== profile.toLowerCase()) keys.revokeEnrolledBy(profile, op);
    },
    setFaults: (p) => faults.set(p),
    faultLog: () => faults.log(),
    pauseBlocks: () => running.pauseBlocks(),
    resumeBlocks: () => running.resumeBlocks(),
    stepBlock: () => running.stepBlock(),
    skipBlocks: (n) => running.skipBlocks(n),
    pauseFlow: () => running.pauseFlow(),
    resumeFlow: () => running.resumeFlow(),
    dropConnections: (code) => running.dropConnections(code),
    tradingConnections: (address) => running.tradingConnections(address),
    setRefCode: (address, code) => state.refCodes.set(address.toLowerCase(), { code, created_at: Date.now() }),
    flowStats: () => ({ steps: running.flow.steps, shed: running.flow.shed }),
  };
  const stateFile = opts.stateFile;
  const demoAccountId = demo.accountId;
  const marketIds = [...state.markets.keys()];
  const saveState = (): void => {
    if (stateFile === undefined || demoAccountId === undefined) return;
    try {
      writeStateFile(stateFile, engine, demoAccountId, marketIds, Date.now(), demo.privateKey);
    } catch (e) {
      state.warn(`cannot save the state to ${stateFile}: ${errorText(e)}`);
    }
  };
  const saveTimer = stateFile !== undefined ? setInterval(saveState, opts.stateSaveMs ?? 5_000) : undefined;
  saveTimer?.unref();
  const ownFiles = opts.removeDemoKeyOnStop === true ? [demoKeyFile, demoOperator.walletKeyFile, ...(opts.defaultDemoKey === false ? [demoWalletKeyFile] : [])] : [];
  const stop = async (): Promise<void> => {
    if (saveTimer) clearInterval(saveTimer);
    try {
      await running.stop();
      saveState();
    } finally {
      // Keys go with the exchange even when its server fails to close.
      removeDemoFiles(ownFiles);
    }
  };
  const contextText = (): string => JSON.stringify(getContext(state).body);
  return { rest, ws, chainId: SIM_CHAIN_ID, demoKeyFile, demoWalletKeyFile, demoOperator, port, ownFiles, contextText, stop, control };
}
