// key_to_wire: the terminal has no order keys yet (issue 6), so the clock starts at the order command
// (EngineCommands.place, what a key would call) and stops when the session has handed the mt 22 bytes
// to the socket (TradingSession.sendOrderFrame returned). Orders are IOC limits a few percent through
// the book's wrong side, so none fills and none rests; they run while the screen is busy.

import { readFileSync } from 'node:fs';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { createTradingClient, type TradingClient } from '../../src/client/trading/client.js';
import { notionalAtoms } from '../../src/domain/trading/notional.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import type { Context, Market, OrderRequestFrame } from '../../src/protocol/frames.js';
import type { Network } from '../../src/protocol/networks.js';
import type { TerminalStore } from '../../src/state/store.js';

interface DemoKey {
  api_key: string;
  private_key: string;
}

interface FrameSender {
  sendOrderFrame(frame: OrderRequestFrame): boolean;
}

export interface OrderDriver {
  /** ms from the command call to the send of its mt 22. */
  samples: number[];
  sent: number;
  refused: number;
  /** Why orders stayed locked (no samples then), or null. */
  locked: string | null;
  start(everyMs: number): void;
  stop(): void;
}

function minimumSize(market: Market, price: number): number {
  const min = BigInt(market.config.min_settle_amount || '0');
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  let s = 1;
  while (notionalAtoms(price, s, scales) < min * 2n && s < 2 ** 40) s *= 2;
  return s;
}

export async function startOrderDriver(opts: {
  network: Network;
  keyFile: string;
  context: Context;
  marketId: number;
  store: TerminalStore;
  home: string;
}): Promise<OrderDriver> {
  const key = JSON.parse(readFileSync(opts.keyFile, 'utf8')) as DemoKey;
  const signer = new ApiKeySigner({ apiKey: key.api_key, seed: Buffer.from(key.private_key, 'hex') }, opts.network.chainId);
  const client: TradingClient = createTradingClient({
    network: opts.network,
    signer,
    scopeMask: ScopeMask.ReadTrade,
    markets: () => opts.context.markets,
    env: { ...process.env, PERPL_HOME: opts.home },
  });
  const market = opts.context.markets.find((m) => m.id === opts.marketId);
  if (!market) throw new Error(`market ${opts.marketId} not in the context`);
  let pendingStart: number | null = null;
  const driver: OrderDriver = { samples: [], sent: 0, refused: 0, locked: null, start, stop };
  const target = client.session as unknown as FrameSender;
  const send = target.sendOrderFrame.bind(client.session);
  target.sendOrderFrame = (frame) => {
    const ok = send(frame);
    if (pendingStart !== null && frame.t !== 5) {
      driver.samples.push(performance.now() - pendingStart);
      driver.sent += 1;
      pendingStart = null;
    }
    return ok;
  };
  client.start();
  // A saturated event loop (the baseline) may keep the trading socket from ever getting live.
  const deadline = Date.now() + 15_000;
  while (client.engine.lockReason() !== null) {
    if (Date.now() > deadline) {
      driver.locked = client.engine.lockReason();
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  let timer: NodeJS.Timeout | undefined;
  function placeOne(): void {
    const bid = opts.store.getState().book?.bids[0]?.price;
    if (bid === undefined || pendingStart !== null) return;
    const price = Math.max(1, Math.round(bid * 0.97));
    pendingStart = performance.now();
    const h = client.commands.place({
      marketId: opts.marketId,
      kind: 'ioc',
      side: 'long',
      size: minimumSize(market!, price),
      price,
      leverage: Math.min(1000, market!.config.initial_margin),
    });
    void h.outcome.then((o) => {
      if (!o.ok) driver.refused += 1;
      // Refused before sending: no sample.
      if (pendingStart !== null && o.results.every((r) => r.kind === 'invalid')) pendingStart = null;
    });
  }
  function start(everyMs: number): void {
    if (driver.locked === null) timer = setInterval(placeOne, everyMs);
  }
  function stop(): void {
    clearInterval(timer);
    client.stop();
  }
  return driver;
}
