// Test harness: the real local exchange on port 0, a wallet + key issued by its control hooks, and the
// client's trading session, order engine and commands talking to it over real sockets.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { EngineCommands } from '../../src/client/commands.js';
import { OrderEngine, type OrderEngineOptions } from '../../src/client/trading/order-engine.js';
import { TradingSession } from '../../src/client/trading/session.js';
import { findOrderByRq } from '../../src/client/history/loaders.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import { RestClient } from '../../src/transport/rest/client.js';
import type { Context, Market, Order, Position } from '../../src/protocol/frames.js';
import { decodeContext } from '../../src/protocol/decode/index.js';
import { type RunningSim, type SimOptions, startSim } from '../../src/sim/index.js';
import { marketLabel } from '../../src/domain/market-label.js';
import type { FrameTap } from '../../src/transport/ws/tap.js';
import { waitFor } from '../helpers/wait.js';

export interface SimHandle {
  sim: RunningSim;
  home: string;
  context: Context;
  stop(): Promise<void>;
}

export async function startTestSim(
  opts: { faults?: string; blockMs?: number; flow?: number; seed?: number; lbPassedWithoutTx?: boolean; marketOverrides?: SimOptions['marketOverrides'] } = {},
): Promise<SimHandle> {
  const home = mkdtempSync(join(tmpdir(), 'perpl-trading-'));
  const sim = await startSim({
    like: 'classic',
    port: 0,
    seed: opts.seed ?? 7,
    blockMs: opts.blockMs ?? 50,
    flowStepsPerSec: opts.flow ?? 20,
    home,
    quiet: true,
    ...(opts.faults ? { faults: opts.faults } : {}),
    ...(opts.lbPassedWithoutTx ? { lbPassedWithoutTx: true } : {}),
    ...(opts.marketOverrides ? { marketOverrides: opts.marketOverrides } : {}),
  });
  const res = await fetch(`${sim.rest}/v1/pub/context`);
  const context = decodeContext(await res.json());
  return {
    sim,
    home,
    context,
    stop: async () => {
      await sim.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface Trader {
  accountId: number;
  address: string;
  signer: ApiKeySigner;
  session: TradingSession;
  engine: OrderEngine;
  rest: RestClient;
  commands: EngineCommands;
  markets: () => readonly Market[];
  stop(): void;
}

export interface TraderOptions {
  scopeMask?: number;
  orderForwarding?: boolean;
  balance?: string;
  /** The account's fee tier `ft` (e.g. the sim's REBATE_FEE_TIER, whose maker fee is negative). */
  feeTier?: number;
  /** Reuse an existing wallet (second client on the same account). */
  wallet?: { address: string; accountId: number };
  engine?: Partial<Omit<OrderEngineOptions, 'session' | 'markets' | 'canTrade'>>;
  /** Ping interval of the trading socket (default 30 s). */
  pingEveryMs?: number;
  /** Reconcile lost statuses through REST order history (the default). */
  historyLookup?: boolean;
  /** Let the client believe it may trade (to see the server's own 403 for a read-only key). */
  claimTrade?: boolean;
  /** Sees every frame of the trading socket, in order. */
  tap?: FrameTap;
  log?: (line: string) => void;
}

export function startTrader(h: SimHandle, opts: TraderOptions = {}): Trader {
  const control = h.sim.control;
  const wallet =
    opts.wallet ??
    (() => {
      const w = control.createWallet({
        ...(opts.balance ? { balance: opts.balance } : {}),
        ...(opts.feeTier !== undefined ? { feeTier: opts.feeTier } : {}),
        orderForwarding: opts.orderForwarding ?? true,
      });
      return { address: w.address, accountId: w.accountId! };
    })();
  const scopeMask = opts.scopeMask ?? ScopeMask.ReadTrade;
  const key = control.issueKey({ address: wallet.address, scopeMask });
  const signer = new ApiKeySigner({ apiKey: key.apiKey, seed: Buffer.from(key.seedHex, 'hex') }, h.sim.chainId);
  const session = new TradingSession({
    wsBase: h.sim.ws,
    signer,
    accountId: wallet.accountId,
    staleAfterMs: 2_000,
    stallMs: 4_000,
    backoff: { baseMs: 50, maxMs: 300 },
    ...(opts.pingEveryMs ? { pingEveryMs: opts.pingEveryMs } : {}),
    ...(opts.tap ? { tap: opts.tap } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  const markets = () => h.context.markets;
  const rest = new RestClient({
    network: { name: 'local', chainId: h.sim.chainId, restBase: h.sim.rest, wsBase: h.sim.ws, appUrl: '', isMainnet: false },
    signer,
  });
  const accountId = wallet.accountId;
  const engine = new OrderEngine({
    ...(opts.historyLookup === false ? {} : { lookupOrderByRq: (rq: number) => findOrderByRq(rest, accountId, rq) }),
    session,
    markets,
    canTrade: () => opts.claimTrade === true || (scopeMask & ScopeMask.Trade) !== 0,
    maxAccountTriggerOrders: h.context.instances[0]?.max_account_trigger_orders ?? 16,
    ackTimeoutMs: 800,
    ...opts.engine,
  });
  const commands = new EngineCommands(engine, session, markets);
  session.start();
  return {
    accountId: wallet.accountId,
    address: wallet.address,
    signer,
    session,
    engine,
    rest,
    commands,
    markets,
    stop: () => {
      engine.stop();
      session.stop();
    },
  };
}

/** The traders a test file starts: each signed in and live when returned, all stopped after each test. */
export class TraderPool {
  private readonly started: Trader[] = [];

  async start(h: SimHandle, opts: TraderOptions = {}): Promise<Trader> {
    const t = startTrader(h, opts);
    this.started.push(t);
    await live(t);
    return t;
  }

  /** Stops every trader started so far, each after `beforeStop` (e.g. closing its positions). */
  async stopAll(beforeStop?: (t: Trader) => Promise<void>): Promise<void> {
    for (const t of this.started.splice(0)) {
      if (beforeStop) await beforeStop(t);
      t.stop();
    }
  }
}

/** One local exchange for a test file: its market `symbol`, and a pool of traders stopped after each test. */
export interface TestExchange {
  readonly h: SimHandle;
  readonly market: Market;
  readonly traders: TraderPool;
}

export function useTestExchange(symbol = 'BTC', opts: Parameters<typeof startTestSim>[0] = {}): TestExchange {
  let handle: SimHandle | undefined;
  let chosen: Market | undefined;
  const traders = new TraderPool();
  beforeAll(async () => {
    handle = await startTestSim(opts);
    chosen = market(handle, symbol);
  });
  afterAll(async () => {
    await handle?.stop();
  });
  afterEach(() => traders.stopAll());
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the test exchange is not started (used outside a test)');
    return v;
  };
  return {
    get h() {
      return started(handle);
    },
    get market() {
      return started(chosen);
    },
    traders,
  };
}

/** Polls `check` until it returns a value other than undefined/false (real sockets: no fixed sleeps). */
export function until<T>(check: () => T | undefined | false, what: string, timeoutMs = 8_000): Promise<T> {
  return waitFor(check, what, timeoutMs, 20);
}

export async function live(t: Trader): Promise<void> {
  await until(() => t.session.health() === 'live' && t.session.head !== null, 'a live trading feed');
}

export function market(h: SimHandle, symbol: string): Market {
  // By the name the terminal shows (mainnet lists BTC with an empty symbol and the name "BTC").
  const m = h.context.markets.find((x) => marketLabel(x) === symbol);
  if (!m) throw new Error(`no market ${symbol}`);
  return m;
}

/** An account as both sides can show it: balance, locked, lfr, open orders and positions as sorted keys. */
export interface AccountView {
  balance: string | undefined;
  locked: string | undefined;
  lfr: number | undefined;
  orders: string[];
  positions: string[];
}

const orderKeys = (orders: Iterable<Order>): string[] => [...orders].map((o) => `${o.oid}:${o.st}:${o.fs}:${o.p ?? 0}`).sort();
const positionKeys = (positions: Iterable<Position>): string[] => [...positions].map((p) => `${p.pid}:${p.sd}:${p.s}:${p.c}:${p.ep}`).sort();

/** The trader's account in the exchange's ledger. */
export function ledgerView(h: SimHandle, t: Trader): AccountView {
  const l = h.sim.control.engine.ledger(t.accountId);
  return { balance: l.balance, locked: l.locked, lfr: l.lfr, orders: orderKeys(l.orders), positions: positionKeys(l.positions) };
}

/** The trader's account as its trading session holds it. */
export function clientView(t: Trader): AccountView {
  const st = t.session.state;
  return {
    balance: st.account?.b,
    locked: st.account?.lb,
    lfr: st.account?.lfr,
    orders: orderKeys(st.orders.values()),
    positions: positionKeys(st.positions.values()),
  };
}

/** Expects the client's account to equal the ledger, once frames of the last block had time to arrive. */
export async function expectClientMatchesLedger(h: SimHandle, t: Trader, timeoutMs = 10_000): Promise<void> {
  const same = (): boolean => JSON.stringify(ledgerView(h, t)) === JSON.stringify(clientView(t));
  await until(same, 'the client to match the ledger', timeoutMs).catch(() => undefined);
  expect(clientView(t)).toEqual(ledgerView(h, t));
}

/** Best bid/ask of a market from the sim's book. */
export function top(h: SimHandle, marketId: number): { bid: number; ask: number } {
  const b = h.sim.control.engine.book(marketId, 1);
  return { bid: b.bid[0]?.p ?? 0, ask: b.ask[0]?.p ?? 0 };
}
