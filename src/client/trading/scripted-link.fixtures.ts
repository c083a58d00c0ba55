// A trading session and order engine on a scripted link (the test plays the exchange), with a journal:
// shared by the staged-order, armed-order and collateral two-step tests.

import type { Market, OrderRequestFrame } from '../../protocol/frames.js';
import { OrderFlag, OrderType } from '../../protocol/enums.js';
import type { OrderDraft } from '../../domain/trading/order-draft.js';
import { OrderEngine } from './order-engine.js';
import { type TradingLink, type TradingLinkEvents, TradingSession } from './session.js';

export const ETH: Market = {
  ver: 1, id: 32, instance_id: 12, perpetual_id: 32, symbol: 'ETH', name: 'ETH Perp', size_units: 'ETH',
  funding_interval_sec: 2580, funding_interval_blocks: 8571, order_ttl_blocks: 20, order_max_market_slippage_bps: 1000,
  config: { at: {}, is_open: true, price_decimals: 2, size_decimals: 3, min_posting_amount: '0', min_settle_amount: '0',
    initial_margin: 1200, maintenance_margin: 2000, maker_fee: 45, taker_fee: 345 },
};
export const ACC = 824;
export const BUY: OrderDraft = { t: OrderType.OpenLong, mkt: 32, s: 1_000, p: 250_000, fl: OrderFlag.ImmediateOrCancel, lv: 1000, lb: 0 };

/** The exchange's side of the socket: frames in, the client's mt 22 out (what this thread itself sent). */
export class ScriptedLink implements TradingLink {
  readonly sent: OrderRequestFrame[] = [];
  epoch = 0;
  queuedFrames = 0;
  constructor(private readonly events: TradingLinkEvents) {}
  start(): void {}
  stop(): void {}
  markAlive(): void {}
  forceReconnect(): void {}
  /** Runs first in every send, as ReconnectingSocket's beforeSend does. */
  beforeSend: (() => void) | null = null;
  send(text: string): boolean {
    this.beforeSend?.();
    this.sent.push(JSON.parse(text) as OrderRequestFrame);
    return true;
  }
  open(): void {
    this.epoch += 1;
    this.events.onStateChange('open', { epoch: this.epoch });
    this.events.onOpen({ epoch: this.epoch, send: () => true });
  }
  frame(f: object): void {
    this.events.onFrame(JSON.stringify(f), Date.now());
  }
  /** Frames one by one, as from a socket: what each one settles runs before the next. */
  async arrive(frames: readonly object[]): Promise<void> {
    for (const f of frames) {
      this.frame(f);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

export const heartbeat = (n: number) => ({ mt: 100, sn: n, h: n });

/** A signed-in engine on the journal at `path`, its account's lfr `lfr`, `orders` resting. */
export function signedIn(stops: (() => void)[], path: string, lfr = 10, orders: object[] = []) {
  let link!: ScriptedLink;
  const session = new TradingSession({ accountId: ACC, link: (events) => (link = new ScriptedLink(events)) });
  const engine = new OrderEngine({ session, markets: () => [ETH], canTrade: () => true, journal: { network: 'test', path } });
  stops.push(() => {
    engine.stop();
    session.stop();
  });
  session.start();
  link.open();
  link.frame({ mt: 19, sid: 10, sn: 100, at: { b: 100, t: 100_000 }, addr: '0xef12', n: 4, fl: 0, as: [{ mt: 0, in: 12, id: ACC, fr: false, fw: true, ft: 0, lfr, b: '10000000000', lb: '0' }], sts: [] });
  link.frame({ mt: 23, sid: 30, sn: 100, at: { b: 100, t: 100_000 }, d: orders });
  link.frame({ mt: 26, sid: 50, sn: 100, at: { b: 100, t: 100_000 }, d: [] });
  link.frame(heartbeat(101));
  return { link, session, engine };
}

