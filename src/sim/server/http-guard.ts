// The local exchange's HTTP connections before and around their requests: headers and whole requests
// must arrive in time, a silent connection is closed (node keeps one that never sends a byte for good),
// and one address holds at most so many connections (as the market-data socket has its own cap), so
// stalled connections cannot pile up. Past the cap a connection is answered 429 and closed.

import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { ConnectionsPerAddress } from './connections-per-address.js';
import { endThenLinger, rawReply } from './http-io.js';
import type { SimLimits } from './limits.js';

/** Options for createServer: how often node checks the header and request timeouts (its default is 30 s). */
export function guardedServerOptions(limits: SimLimits): ServerOptions {
  return { connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.httpHeadersTimeoutMs / 4))) };
}

/** Sets the timeouts on `http` and caps its connections per address. */
export function guardHttpServer(http: Server, limits: SimLimits, log: (line: string) => void): void {
  http.headersTimeout = limits.httpHeadersTimeoutMs;
  http.requestTimeout = Math.max(limits.httpRequestTimeoutMs, limits.httpHeadersTimeoutMs);
  http.timeout = limits.httpIdleTimeoutMs;
  const open = new ConnectionsPerAddress(limits.maxHttpConnectionsPerAddress);
  http.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (open.admit(address, socket)) return;
    log(`connection from ${address || '?'} refused: too many connections`);
    endThenLinger(socket, rawReply(429, 'too many connections'));
  });
}
