// Shutting down a loopback HTTP + WebSocket server: the local exchange (sim/) and the replay server
// both stop this way. Imports no layer; every layer may import it.

import type { Server } from 'node:http';
import type { WebSocketServer } from 'ws';

/** Terminates every socket, then closes the WebSocket server and the HTTP server (idle keep-alives included). */
export async function closeServers(http: Server, wss: WebSocketServer): Promise<void> {
  for (const client of wss.clients) client.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}
