import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimConnection } from './connection.js';

/** The parts of a ws socket SimConnection uses, with a settable send buffer. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: [number, string] | undefined;
  terminated = false;
  send(text: string): void {
    this.sent.push(text);
  }
  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
    this.readyState = 2;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
  pings = 0;
  ping(): void {
    this.pings++;
  }
}

function connection(limit = 1000): { conn: SimConnection; ws: FakeSocket } {
  const ws = new FakeSocket();
  return { conn: new SimConnection('md-1', 'md', ws as unknown as WebSocket, '127.0.0.1', limit), ws };
}

afterEach(() => vi.useRealTimers());

describe('server connection', () => {
  it('slow-reader-1013: a send buffer past the limit closes 1013 "send buffer overflow" instead of queueing more', () => {
    const { conn, ws } = connection(1000);
    conn.send({ mt: 16 });
    ws.bufferedAmount = 1001;
    conn.send({ mt: 16 });
    expect(ws.sent).toHaveLength(1);
    expect(ws.closedWith).toEqual([1013, 'send buffer overflow']);
    conn.send({ mt: 16 });
    expect(ws.sent).toHaveLength(1);
  });

  it('stall-holds-then-delivers-in-order: frames during a stall arrive afterwards, in order, none lost', () => {
    vi.useFakeTimers();
    const { conn, ws } = connection();
    conn.stall(500);
    for (let i = 0; i < 5; i++) conn.send({ mt: 100, sn: i });
    expect(ws.sent).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(ws.sent.map((t) => (JSON.parse(t) as { sn: number }).sn)).toEqual([0, 1, 2, 3, 4]);
    conn.send({ mt: 100, sn: 5 });
    expect(ws.sent).toHaveLength(6);
  });

  it('late-stall-timer-keeps-order: on a loaded machine the stall outlives its time, and newer frames still wait behind the held ones', () => {
    vi.useFakeTimers();
    const { conn, ws } = connection();
    conn.stall(500);
    for (let i = 0; i < 3; i++) conn.send({ mt: 100, sn: i });
    // The clock passes the stall's end before its timer gets to run (a busy event loop).
    vi.setSystemTime(Date.now() + 800);
    conn.send({ mt: 100, sn: 3 });
    expect(ws.sent).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(ws.sent.map((t) => (JSON.parse(t) as { sn: number }).sn)).toEqual([0, 1, 2, 3]);
  });

  it('ping-timeout-1008: a socket that misses a protocol pong is closed 1008 "ping timeout"; one that answers stays', () => {
    const { conn, ws } = connection();
    conn.keepAlive();
    expect(ws.pings).toBe(1);
    ws.emit('pong');
    conn.keepAlive();
    expect(ws.pings).toBe(2);
    expect(ws.closedWith).toBeUndefined();
    conn.keepAlive();
    expect(ws.closedWith).toEqual([1008, 'ping timeout']);
  });

  it('closed-socket-sends-nothing: after close or terminate, sends are ignored', () => {
    const { conn, ws } = connection();
    conn.terminate();
    conn.send({ mt: 100 });
    expect(ws.sent).toEqual([]);
    expect(conn.isOpen).toBe(false);
  });
});
