import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { ReconnectingSocket, type ConnectionInfo, type ConnectionState } from './reconnecting-socket.js';
import { VirtualTimers } from '../../../test/helpers/virtual-timers.js';
import { waitFor } from '../../../test/helpers/wait.js';

interface TestServer {
  url: string;
  connections: ServerSocket[];
  received: string[][];
  onConnection: ((ws: ServerSocket, index: number) => void) | null;
  close(): Promise<void>;
}

async function startServer(): Promise<TestServer> {
  const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const address = wss.address();
  if (address === null || typeof address === 'string') throw new Error('unexpected server address');
  const server: TestServer = {
    url: `ws://127.0.0.1:${address.port}`,
    connections: [],
    received: [],
    onConnection: null,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
  wss.on('connection', (ws) => {
    const index = server.connections.length;
    server.connections.push(ws);
    const inbox: string[] = [];
    server.received.push(inbox);
    ws.on('message', (d) => inbox.push(d.toString()));
    server.onConnection?.(ws, index);
  });
  return server;
}

let server: TestServer;
let sock: ReconnectingSocket | null = null;
const states: { state: ConnectionState; info: ConnectionInfo }[] = [];

beforeEach(async () => {
  server = await startServer();
  states.length = 0;
});
afterEach(async () => {
  sock?.stop();
  sock = null;
  await server.close();
});

function make(extra: Partial<ConstructorParameters<typeof ReconnectingSocket>[0]> = {}): ReconnectingSocket {
  sock = new ReconnectingSocket({
    url: server.url,
    onFrame: () => undefined,
    onStateChange: (state, info) => states.push({ state, info }),
    backoff: { baseMs: 20, maxMs: 200, jitter: 0 },
    ...extra,
  });
  return sock;
}

describe('ReconnectingSocket', () => {
  it('reconnects after the server closes, reporting the close code, reason and backoff delay', async () => {
    server.onConnection = (ws, i) => {
      if (i === 0) ws.close(1011, 'failed to process');
      else ws.send('hello');
    };
    const frames: string[] = [];
    const s = make({ onFrame: (t) => frames.push(t) });
    s.start();
    await waitFor(() => frames.length === 1, 'a frame on the second connection');
    const waiting = states.find((x) => x.state === 'waiting');
    expect(waiting?.info).toMatchObject({ code: 1011, reason: 'failed to process', retryInMs: 20, epoch: 1 });
    expect(s.epoch).toBe(2);
    expect(s.state).toBe('open');
  });

  it('re-runs onOpen on every reconnect so subscriptions are sent again', async () => {
    server.onConnection = (ws, i) => {
      if (i < 2) setTimeout(() => ws.close(1008, 'too many requests'), 10);
    };
    const epochs: number[] = [];
    const s = make({ onOpen: (conn) => (epochs.push(conn.epoch), conn.send('{"mt":5}')) });
    s.start();
    await waitFor(() => server.received.length === 3 && server.received[2]!.length === 1, 'third subscribe');
    expect(epochs).toEqual([1, 2, 3]);
    expect(server.received.map((r) => r.length)).toEqual([1, 1, 1]);
  });

  it('reconnects when a connected server goes silent (stall watchdog)', async () => {
    server.onConnection = (ws, i) => {
      if (i === 0) ws.send('one frame, then silence');
      else ws.send('alive again');
    };
    const frames: string[] = [];
    const s = make({ stallMs: 80, onFrame: (t) => frames.push(t) });
    s.start();
    await waitFor(() => frames.includes('alive again'), 'frame after stall reconnect');
    const waiting = states.find((x) => x.state === 'waiting');
    expect(waiting?.info.reason).toMatch(/stalled/);
    expect(s.epoch).toBe(2);
  });

  it('does not treat a flowing feed as stalled', async () => {
    let timer: NodeJS.Timeout | null = null;
    server.onConnection = (ws) => {
      timer = setInterval(() => ws.send('tick'), 10);
    };
    let ticks = 0;
    const s = make({ stallMs: 400, onFrame: () => ticks++ });
    s.start();
    await waitFor(() => ticks >= 60, '60 ticks');
    if (timer) clearInterval(timer);
    expect(s.epoch).toBe(1);
    expect(states.some((x) => x.state === 'waiting')).toBe(false);
  });

  it('send returns false before start and while the connection is down', async () => {
    server.onConnection = (ws) => ws.close(1013, 'send buffer overflow');
    const s = make({ backoff: { baseMs: 10_000, jitter: 0 } });
    expect(s.send('x')).toBe(false);
    s.start();
    await waitFor(() => s.state === 'waiting', 'waiting state');
    expect(s.send('x')).toBe(false);
    expect(states.at(-1)?.info).toMatchObject({ code: 1013, reason: 'send buffer overflow' });
  });

  it('the sender handed to onOpen refuses after its connection ended (no sends onto a newer session)', async () => {
    const senders: { send(t: string): boolean }[] = [];
    const s = make({ onOpen: (conn) => senders.push(conn) });
    s.start();
    await waitFor(() => s.state === 'open', 'open');
    s.forceReconnect('test');
    await waitFor(() => s.epoch === 2 && s.state === 'open', 'second open');
    expect(senders[0]!.send('late')).toBe(false);
    expect(senders[1]!.send('fresh')).toBe(true);
  });

  it('reconnects at once after 1001 going away', async () => {
    server.onConnection = (ws, i) => {
      if (i === 0) ws.close(1001, 'going away');
    };
    const s = make({ backoff: { baseMs: 10_000, jitter: 0 } });
    s.start();
    await waitFor(() => s.epoch === 2, 'second open');
    expect(states.find((x) => x.state === 'waiting')?.info).toMatchObject({ code: 1001, retryInMs: 0 });
  });

  it('close-reason-is-inert: a close reason with escape sequences and bidi controls arrives sanitized', async () => {
    server.onConnection = (ws, i) => {
      if (i === 0) ws.close(1008, 'x\u001b]0;PWNED\u0007\u001b]52;c;ZXZpbA==\u0007\u202e');
      else ws.send('hello');
    };
    const frames: string[] = [];
    make({ onFrame: (t) => frames.push(t) }).start();
    await waitFor(() => frames.length === 1, 'a frame on the second connection');
    const reason = states.find((x) => x.state === 'waiting')?.info.reason ?? '';
    expect(reason).toBe('x\\x1b]0;PWNED\\x07\\x1b]52;c;ZXZpbA==\\x07\\u202e');
  });

  it('keeps reconnecting with growing delays while the server refuses (3401)', async () => {
    server.onConnection = (ws) => ws.close(3401, 'unauthorized');
    const s = make({ backoff: { baseMs: 5, maxMs: 40, jitter: 0 } });
    s.start();
    await waitFor(() => states.filter((x) => x.state === 'waiting').length >= 5, 'five retries');
    const delays = states.filter((x) => x.state === 'waiting').map((x) => x.info.retryInMs);
    // No frame ever arrived, so the backoff is never reset: 5, 10, 20, 40, 40.
    expect(delays.slice(0, 5)).toEqual([5, 10, 20, 40, 40]);
  });

  it('pings at the configured interval when asked to (trading socket keep-alive)', async () => {
    const s = make({ pingEveryMs: 15, pingFrame: () => '{"mt":1,"t":0}' });
    s.start();
    await waitFor(() => (server.received[0]?.length ?? 0) >= 3, 'three pings');
    expect(server.received[0]!.every((m) => m === '{"mt":1,"t":0}')).toBe(true);
  });

  it('stop() leaves no timers and no reconnect, from any state', async () => {
    // Virtual timers: a reconnect can only come from a timer this test runs by hand, or from a late
    // close event of the stopped connection (which would show as a state change).
    const timers = new VirtualTimers();
    server.onConnection = (ws) => setTimeout(() => ws.close(1011, 'x'), 5);
    const s = make({ timers, stallMs: 1000, pingEveryMs: 500, pingFrame: () => 'p' });
    s.start();
    await waitFor(() => s.state === 'waiting', 'waiting');
    s.stop();
    expect(timers.pendingCount).toBe(0);
    expect(s.state).toBe('closed');

    server.onConnection = null;
    s.start();
    await waitFor(() => s.state === 'open', 'open again');
    expect(timers.pendingCount).toBeGreaterThan(0); // watchdog + keep-alive running
    const connection = server.connections.at(-1)!;
    s.stop();
    expect(timers.pendingCount).toBe(0);
    const statesAtStop = states.length;
    const connections = server.connections.length;
    // The server saw the stopped connection end: its close event has reached the client too (that fires
    // on the client's own next tick, before any network event can reach the server).
    await waitFor(() => connection.readyState === connection.CLOSED, 'the server to see the connection end');
    timers.advance(60_000); // any reconnect timer would run now
    expect(timers.pendingCount).toBe(0);
    expect(states.slice(statesAtStop)).toEqual([]);
    expect(s.state).toBe('closed');
    expect(server.connections.length).toBe(connections);
  });

  it('retries a refused connection and connects once the server is up', async () => {
    const port = Number(new URL(server.url).port);
    await server.close();
    const s = make({ url: `ws://127.0.0.1:${port}` });
    s.start();
    await waitFor(() => states.filter((x) => x.state === 'waiting').length >= 1, 'first failure');
    expect(states.find((x) => x.state === 'waiting')?.info.code).toBe(1006);
    s.stop();
    server = await startServer();
  });
});
