// The key thread for real (app/key-thread.ts): a worker that reads the keys and owns the socket sends an
// armed order on a lone `y` while the screen thread is stuck in a long synchronous run (a paint), and the
// screen thread adopts it afterwards, once. The exchange's end is a ws server on a third thread, so the
// time the frame arrived is not the blocked thread's.

import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { type KeyThread, KEY_THREAD_SLICE_NS, PLATFORM_THREAD_SLICE_NS, TEST_FAULT_KEY, startKeyThread } from '../../src/app/key-thread.js';
import { notePlatformThreads } from '../../src/lib/platform-threads.js';
import type { SocketPort } from '../../src/transport/ws/socket.js';
import { cliEntry } from '../helpers/cli-entry.js';
import { kernelShowsSlices, sliceIn, threadSlices } from '../helpers/thread-slices.js';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'perpl-key-thread-'));
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  rmSync(dir, { recursive: true, force: true });
});

type ServerEvent = { port: number } | { frame: string; at: number } | { ping: string };

/** A ws server on its own thread: every frame with the epoch ms it arrived, every ping's payload. */
function exchangeThread(): { port: Promise<number>; next(match: (e: ServerEvent) => boolean): Promise<ServerEvent>; seen: readonly ServerEvent[] } {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const { WebSocketServer } = require(${JSON.stringify(join(ROOT, 'node_modules/ws'))});
     const now = () => performance.timeOrigin + performance.now();
     const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
     wss.on('listening', () => parentPort.postMessage({ port: wss.address().port }));
     wss.on('connection', (ws) => {
       ws.on('message', (d) => parentPort.postMessage({ frame: d.toString(), at: now() }));
       ws.on('ping', (d) => parentPort.postMessage({ ping: d.toString() }));
     });`,
    { eval: true },
  );
  cleanups.push(() => worker.terminate());
  const seen: ServerEvent[] = [];
  const waiters: { match: (e: ServerEvent) => boolean; done: (e: ServerEvent) => void }[] = [];
  worker.on('message', (e: ServerEvent) => {
    seen.push(e);
    for (const w of [...waiters]) {
      if (!w.match(e)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.done(e);
    }
  });
  const next = (match: (e: ServerEvent) => boolean) =>
    new Promise<ServerEvent>((done) => {
      const already = seen.find(match);
      if (already) return done(already);
      waiters.push({ match, done });
    });
  return { port: next((e) => 'port' in e).then((e) => (e as { port: number }).port), next, seen };
}

/** A FIFO for the key thread to read as its keyboard, and this side's descriptor to type into it. */
function keyboardFifo(name: string): { fifo: string; keysFd: number } {
  const fifo = join(dir, name);
  execFileSync('mkfifo', [fifo]);
  // Read-write: opening a FIFO's writer does not wait for its reader this way.
  const keysFd = openSync(fifo, 'r+');
  cleanups.push(() => closeSync(keysFd));
  return { fifo, keysFd };
}

const epochNow = (): number => performance.timeOrigin + performance.now();

/** A key thread reading the FIFO `keysName` (stopped after the file), and the descriptor to type into it. */
function keyThreadReading(keysName: string): { keysFd: number; kt: KeyThread } {
  const { fifo, keysFd } = keyboardFifo(keysName);
  const kt: KeyThread = startKeyThread(cliEntry(dir), { keysPath: fifo, execArgv: [] });
  cleanups.push(() => kt.stop());
  return { keysFd, kt };
}

/** keyThreadReading, with an exchange thread to connect to. */
async function keyThreadWithExchange(keysName: string): Promise<{ exchange: ReturnType<typeof exchangeThread>; port: number; keysFd: number; kt: KeyThread }> {
  const exchange = exchangeThread();
  const port = await exchange.port;
  return { exchange, port, ...keyThreadReading(keysName) };
}

/** The key thread's socket to the exchange on `port`, once open (a close before that fails the test). */
function openSocket(kt: KeyThread, port: number): Promise<SocketPort> {
  return new Promise((opened, failed) => {
    const socket = kt.createSocket(`ws://127.0.0.1:${port}`, { open: () => opened(socket), message: () => {}, close: (code, why) => failed(new Error(`closed ${code} ${why}`)), error: () => {} });
  });
}

describe('the key thread', () => {
  it('blocked-main-y-still-reaches-socket: the armed order leaves while the screen thread is busy, and is adopted once after', async () => {
    const { exchange, port, keysFd, kt } = await keyThreadWithExchange('keys');
    const keys: { raw: string; fired: boolean }[] = [];
    /** What the screen thread learnt, in order: the adoption must come before the key. */
    const order: string[] = [];
    const reads: number[] = [];
    kt.onKeys((raw, fired, readAtEpochMs) => {
      keys.push({ raw, fired });
      reads.push(readAtEpochMs);
      order.push('key');
    });
    // The bench's key_to_wire: the fired frame's send seen here, with the time the key thread handed it to the socket.
    const sends: { text: string; at: number; readAt: number | null }[] = [];
    kt.onSent((sent, at, readAt) => sends.push({ text: sent, at, readAt }));
    const socket = await openSocket(kt, port);
    const adopted: number[] = [];
    const text = JSON.stringify({ mt: 22, sn: 1, rq: 11, acc: 1, t: 1, mkt: 32, s: 1000, p: 250000, fl: 4, lv: 1000, lb: 0 });
    const id = kt.stage.arm(text, kt.openConnection()!, epochNow() + 60_000, (x) => {
      adopted.push(x);
      order.push('adopted');
    })!;
    // The sentinel: a ping posted after the stage (pings claim nothing); once the server has it, the key thread holds the frame.
    expect(socket.ping('sentinel')).toBe(true);
    await exchange.next((e) => 'ping' in e && e.ping === 'sentinel');

    writeSync(keysFd, 'y');
    const busyUntil = epochNow() + 400;
    while (epochNow() < busyUntil) {
      // The screen thread painting: nothing of it runs until this ends.
    }
    const loopEnd = epochNow();
    const arrived = (await exchange.next((e) => 'frame' in e)) as { frame: string; at: number };
    expect(arrived.frame).toBe(text);
    expect(arrived.at).toBeLessThan(loopEnd);
    // Then the screen thread reads the fired message (adopted once) and the marked key.
    await until(() => keys.length > 0);
    expect(adopted).toEqual([id]);
    expect(keys).toEqual([{ raw: 'y', fired: true }]);
    expect(order).toEqual(['adopted', 'key']);
    expect(kt.stage.claim()).toBe(false);
    // fired-send-reported-with-its-key-read-time: sent within the busy loop, after its own read, which the key's read message also says.
    expect(sends).toEqual([{ text, at: expect.any(Number) as number, readAt: reads[0] }]);
    expect(sends[0]!.at).toBeGreaterThanOrEqual(reads[0]!);
    expect(sends[0]!.at).toBeLessThan(loopEnd);
  });
});

describe('the key thread renews', () => {
  it('renewed-arm-fires-after-its-first-expiry: the screen thread renews through shared memory, and the key thread reads the renewal when the y comes', async () => {
    const { exchange, port, keysFd, kt } = await keyThreadWithExchange('keys-renew');
    const keys: { raw: string; fired: boolean }[] = [];
    kt.onKeys((raw, fired) => keys.push({ raw, fired }));
    await openSocket(kt, port);
    const text = JSON.stringify({ mt: 22, sn: 1, rq: 13, acc: 1, t: 1, mkt: 32, s: 1000, p: 250000, fl: 4, lv: 1000, lb: 0 });
    const firstExpiry = epochNow() + 100;
    const id = kt.stage.arm(text, kt.openConnection()!, firstExpiry, () => {})!;
    expect(kt.stage.renew(id, epochNow() + 60_000)).toBe(true);
    while (epochNow() < firstExpiry + 50) await new Promise((r) => setTimeout(r, 10));

    writeSync(keysFd, 'y');
    // The read comes back fired or not; fired, its frame reached the exchange after the first expiry.
    await until(() => keys.length > 0);
    expect(keys).toEqual([{ raw: 'y', fired: true }]);
    const arrived = (await exchange.next((e) => 'frame' in e)) as { frame: string; at: number };
    expect(arrived.frame).toBe(text);
    expect(arrived.at).toBeGreaterThan(firstExpiry);
  });
});

describe('the key thread reads', () => {
  it('key-split-across-reads-arrives-whole: a character whose bytes come in two reads reaches the screen thread once, whole', async () => {
    const { keysFd, kt } = keyThreadReading('keys-split');
    const raws: string[] = [];
    kt.onKeys((raw) => raws.push(raw));
    const e = Buffer.from('é', 'utf8');
    // `a` and half of the é: once `a` is here, that read is over and the rest must come in the next.
    writeSync(keysFd, Buffer.concat([Buffer.from('a'), e.subarray(0, 1)]));
    await until(() => raws.length > 0);
    writeSync(keysFd, Buffer.concat([e.subarray(1), Buffer.from('x')]));
    await until(() => raws.join('').includes('x'));
    expect(raws).toEqual(['a', 'éx']);
  });
});

describe('the key thread on the CPU', () => {
  it.skipIf(!kernelShowsSlices())("key-thread-waits-out-the-screen-threads-slice, key-thread-preempted-mid-key-by-its-own-short-slice: it runs in 0.7 ms slices (woken, it preempts a paint; running, it holds a key to its send), the thread that started it in the kernel's own", async () => {
    const mine = sliceIn('/proc/thread-self/sched');
    const before = threadSlices();
    keyThreadReading('keys-slice');
    const shortNew = (): string[] => [...threadSlices()].filter(([tid, ns]) => !before.has(tid) && ns === KEY_THREAD_SLICE_NS).map(([tid]) => tid);
    await until(() => shortNew().length > 0);
    expect(shortNew()).toHaveLength(1);
    // Every thread it did not start keeps its slice: this one's, read before and after.
    expect(mine).toBeDefined();
    expect(sliceIn('/proc/thread-self/sched')).toBe(mine);
    const after = threadSlices();
    for (const [tid, ns] of before) if (after.has(tid)) expect(after.get(tid), `thread ${tid}`).toBe(ns);
  });
});

describe("Node's platform threads beside the key thread", () => {
  it.skipIf(!kernelShowsSlices())("key-thread-loses-the-pick-to-a-gc-helper: the threads noted at start (V8's platform workers) run in 4 ms slices once the key thread runs, the others keep theirs", async () => {
    // A thread standing for a platform worker: it tells its id and sleeps.
    const helper = new Worker(
      "const { parentPort } = require('node:worker_threads'); parentPort.postMessage(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);",
      { eval: true },
    );
    cleanups.push(() => helper.terminate());
    const tid = await new Promise<string>((resolve) => helper.once('message', resolve));
    const before = threadSlices();
    expect(before.get(tid)).not.toBe(PLATFORM_THREAD_SLICE_NS);
    notePlatformThreads(() => [tid]);
    cleanups.push(() => notePlatformThreads(() => []));
    keyThreadReading('keys-platform');
    await until(() => threadSlices().get(tid) === PLATFORM_THREAD_SLICE_NS);
    const after = threadSlices();
    // The rest that were there before: as they were (this one's included).
    for (const [other, ns] of before) if (other !== tid && after.has(other)) expect(after.get(other), `thread ${other}`).toBe(ns);
  });
});

// The key thread ending on its own (a bug's exception, an exit) must never leave trading without a socket or
// fire what was armed: its sockets close as a drop, the next one opens on the screen thread, the arm is over.
describe('the key thread ends on its own', () => {
  for (const fault of ['throw', 'exit'] as const) {
    it(`key-thread-${fault}-hands-trading-back-to-the-screen-thread: its socket closes as a drop, the next opens here, the armed frame never leaves`, async () => {
      const exchange = exchangeThread();
      const port = await exchange.port;
      // The worker copies the environment when it starts: the fault is its alone (NODE_ENV=test under vitest).
      process.env.PERPL_TEST_KEY_THREAD_FAULT = fault;
      const { keysFd, kt } = keyThreadReading(`keys-${fault}`);
      delete process.env.PERPL_TEST_KEY_THREAD_FAULT;
      const ended: string[] = [];
      kt.onEnded((why) => ended.push(why));
      const closes: number[] = [];
      let socket!: SocketPort;
      await new Promise<void>((opened) => {
        socket = kt.createSocket(`ws://127.0.0.1:${port}`, { open: opened, message: () => {}, close: (code) => closes.push(code), error: () => {} });
      });
      const adopted: number[] = [];
      const text = JSON.stringify({ mt: 22, sn: 1, rq: 12, acc: 1, t: 1, mkt: 32, s: 1000, p: 250000, fl: 4, lv: 1000, lb: 0 });
      kt.stage.arm(text, kt.openConnection()!, epochNow() + 60_000, (x) => adopted.push(x));
      expect(socket.ping(`armed-${fault}`)).toBe(true);
      await exchange.next((e) => 'ping' in e && e.ping === `armed-${fault}`);

      writeSync(keysFd, TEST_FAULT_KEY);
      await until(() => closes.length > 0 && ended.length > 0);
      expect(closes).toEqual([1006]);
      expect(ended).toEqual([fault === 'throw' ? expect.stringMatching(/^failed: .*test fault/) : 'exited (code 70)']);
      expect(kt.openConnection()).toBeNull();
      expect(kt.stage.armed).toBe(false);
      expect(socket.send('{"late":1}')).toBe(false);

      // The next connection opens on this thread and carries frames; the sentinel frame arrives, the armed one never did.
      const next = await new Promise<SocketPort>((opened) => {
        const s = kt.createSocket(`ws://127.0.0.1:${port}`, { open: () => opened(s), message: () => {}, close: () => {}, error: () => {} });
      });
      const sentinel = JSON.stringify({ sentinel: fault });
      expect(next.send(sentinel)).toBe(true);
      await exchange.next((e) => 'frame' in e && e.frame === sentinel);
      expect(exchange.seen.filter((e) => 'frame' in e).map((e) => (e as { frame: string }).frame)).toEqual([sentinel]);
      expect(adopted).toEqual([]);
      next.close();
      await kt.stop();
    });
  }
});

async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setImmediate(r));
}
