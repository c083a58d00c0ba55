// The per-connection send budget of ReconnectingSocket: frames beyond it wait in order (the receipt
// hears queued, then written), and frames still waiting when the connection ends are dropped with it.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { ReconnectingSocket, type OpenConnection, type SendReceipt } from './reconnecting-socket.js';
import { waitFor } from '../../../test/helpers/wait.js';

let wss: WebSocketServer;
let url = '';
const received: string[][] = [];
const serverSockets: ServerSocket[] = [];
let sock: ReconnectingSocket | null = null;

beforeEach(async () => {
  received.length = 0;
  serverSockets.length = 0;
  wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const address = wss.address();
  if (address === null || typeof address === 'string') throw new Error('unexpected server address');
  url = `ws://127.0.0.1:${address.port}`;
  wss.on('connection', (ws) => {
    const inbox: string[] = [];
    received.push(inbox);
    serverSockets.push(ws);
    ws.on('message', (d) => inbox.push(d.toString()));
  });
});
afterEach(async () => {
  sock?.stop();
  sock = null;
  for (const c of wss.clients) c.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
});

function receiptLog(name: string, log: string[]): SendReceipt {
  return {
    queued: () => log.push(`${name} queued`),
    written: () => log.push(`${name} written`),
    dropped: () => log.push(`${name} dropped`),
  };
}

describe('ReconnectingSocket send budget', () => {
  it('frames beyond the budget wait and go out in order; the throttle is reported until they have', async () => {
    const throttle: (number | null)[] = [];
    let conn: OpenConnection | null = null;
    sock = new ReconnectingSocket({
      url,
      onFrame: () => {},
      onOpen: (c) => (conn = c),
      outboundLimits: [{ capacity: 2, refillPerSec: 20 }],
      onThrottle: (ms) => throttle.push(ms),
    });
    sock.start();
    await waitFor(() => conn !== null && received.length === 1, 'the connection');
    const log: string[] = [];
    const sent = ['a', 'b', 'c', 'd', 'e'].map((f) => conn!.send(f, receiptLog(f, log)));
    expect(sent).toEqual([true, true, true, true, true]);
    expect(log).toEqual(['c queued', 'd queued', 'e queued']);
    expect(sock.queuedFrames).toBe(3);
    await waitFor(() => received[0]!.length === 5, 'every frame');
    expect(received[0]).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(log).toEqual(['c queued', 'd queued', 'e queued', 'c written', 'd written', 'e written']);
    expect(throttle[0]).toBeGreaterThan(0);
    expect(throttle.at(-1)).toBeNull();
  });

  it('frames still waiting when the connection drops are dropped with it, never sent on the next one', async () => {
    let conn: OpenConnection | null = null;
    sock = new ReconnectingSocket({
      url,
      onFrame: () => {},
      onOpen: (c) => (conn = c),
      backoff: { baseMs: 20, maxMs: 50 },
      outboundLimits: [{ capacity: 1, refillPerSec: 1 }],
    });
    sock.start();
    await waitFor(() => conn !== null && received.length === 1, 'the connection');
    const first = conn!;
    const log: string[] = [];
    first.send('x', receiptLog('x', log));
    first.send('y', receiptLog('y', log));
    await waitFor(() => received[0]!.length === 1, 'x');
    serverSockets[0]!.terminate();
    await waitFor(() => log.includes('y dropped'), 'the waiting frame to be dropped');
    await waitFor(() => conn !== first, 'the reconnect');
    expect(first.send('late')).toBe(false);
    // The new connection has a fresh budget.
    expect(conn!.send('z', receiptLog('z', log))).toBe(true);
    await waitFor(() => received[1]?.length === 1, 'z on the new connection');
    expect(received[0]).toEqual(['x']);
    expect(received[1]).toEqual(['z']);
    expect(log).toEqual(['y queued', 'y dropped']);
  });
});
