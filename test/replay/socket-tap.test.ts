// tap-failure-never-breaks-the-feed: a tap that throws on every call is reported through the socket's
// log, and the connection keeps receiving frames; a working tap sees opens, frames both ways, closes.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { ReconnectingSocket, type FrameTap } from '../../src/transport/ws/index.js';
import { type SimFixture, startFixture, until } from './helpers.js';

let f: SimFixture;
beforeAll(async () => {
  f = await startFixture({ flow: 5 });
});
afterAll(async () => {
  await f?.stop();
});

const SUBSCRIBE = JSON.stringify({ mt: 5, subs: [{ stream: 'heartbeat@31337', subscribe: true }] });

it('a throwing tap is logged and the frames still arrive', async () => {
  const logs: string[] = [];
  let frames = 0;
  const tap: FrameTap = {
    frame: () => {
      throw new Error('disk full');
    },
    opened: () => {
      throw new Error('disk full');
    },
  };
  const socket = new ReconnectingSocket({
    url: `${f.sim.ws}/ws/v1/market-data`,
    tap,
    log: (l) => logs.push(l),
    onOpen: (conn) => conn.send(SUBSCRIBE),
    onFrame: () => (frames += 1),
  });
  socket.start();
  try {
    await until(() => frames >= 3, 'frames despite the tap');
    expect(socket.epoch).toBe(1);
    expect(logs.some((l) => l.includes('ws tap threw: disk full'))).toBe(true);
  } finally {
    socket.stop();
  }
});

it('the tap sees the open, the frames in and out, and the close of a forced reconnect', async () => {
  const seen: string[] = [];
  const tap: FrameTap = {
    frame: (dir, text) => seen.push(`${dir} ${(JSON.parse(text) as { mt: number }).mt}`),
    opened: (epoch) => seen.push(`open ${epoch}`),
    closed: (_code, reason) => seen.push(`close ${reason}`),
  };
  const socket = new ReconnectingSocket({
    url: `${f.sim.ws}/ws/v1/market-data`,
    tap,
    backoff: { baseMs: 10, maxMs: 20 },
    onOpen: (conn) => conn.send(SUBSCRIBE),
    onFrame: () => {},
  });
  socket.start();
  try {
    await until(() => seen.includes('in 100'), 'a heartbeat');
    socket.forceReconnect('test');
    await until(() => seen.includes('open 2'), 'the second connection');
  } finally {
    socket.stop();
  }
  expect(seen.slice(0, 3)).toEqual(['open 1', 'out 5', 'in 6']);
  expect(seen).toContain('close test');
  expect(seen.indexOf('close test')).toBeLessThan(seen.indexOf('open 2'));
  expect(seen[seen.length - 1]).toBe('close stopped');
});
