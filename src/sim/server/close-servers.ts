// Shutting down a loopback HTTP + WebSocket server: the local exchange and the replay server (app/)
// both stop this way.

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
