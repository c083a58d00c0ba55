// A WebSocket proxy in front of the local exchange that passes the market-data socket through untouched
// and can take the trading socket down: `refuse()` closes every trading socket with 3401 (the exchange
// refusing the key) and answers each reconnect alike, as a revoked key loops; `admit()` passes them again.
// The app reaches it through `--ws-url`.

import { startFilteringProxy } from './filtering-ws-proxy.js';

export interface TradingGateProxy {
  /** ws://127.0.0.1:PORT, for the app's wsUrl. */
  url: string;
  /** Closes the trading sockets with 3401 and refuses every new one the same way until `admit`. */
  refuse(): void;
  admit(): void;
  close(): Promise<void>;
}

const KEY_REFUSED = 3401;
const isTrading = (path: string): boolean => path.includes('trading');

/** The filtering proxy with nothing rewritten and a gate on the trading socket. */
export async function startTradingGateProxy(upstreamBase: string): Promise<TradingGateProxy> {
  let refusing = false;
  const proxy = await startFilteringProxy(upstreamBase, (text) => text, { refuse: (path) => (refusing && isTrading(path) ? { code: KEY_REFUSED, reason: 'unauthorized' } : null) });
  return {
    url: proxy.url,
    refuse() {
      refusing = true;
      proxy.sever(isTrading, KEY_REFUSED, 'unauthorized');
    },
    admit() {
      refusing = false;
    },
    close: () => proxy.close(),
  };
}
