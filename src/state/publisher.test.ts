import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualMarketDataSource, sampleSnapshot } from './fixtures.js';
import { RUSHED_PUBLISHES, screenThreadCpuMs, Publisher } from './publisher.js';
import { createTerminalStore } from './store.js';

function countWrites(store: ReturnType<typeof createTerminalStore>): { count: number } {
  const counter = { count: 0 };
  store.subscribe(() => {
    counter.count += 1;
  });
  return counter;
}

/** A change of the source every millisecond for a second; the store writes it caused. */
function floodForASecond(store: ReturnType<typeof createTerminalStore>, source: ManualMarketDataSource, publisher: Publisher): { count: number } {
  publisher.start();
  const writes = countWrites(store);
  for (let ms = 1; ms <= 1_000; ms++) {
    source.update({ headBlock: ms });
    vi.advanceTimersByTime(1);
  }
  publisher.stop();
  return writes;
}

/** A 20 Hz publisher of a manual source into a fresh store, on fake timers (not started). */
function fakeTimedPublisher() {
  vi.useFakeTimers();
  const store = createTerminalStore();
  const source = new ManualMarketDataSource();
  return { store, source, publisher: new Publisher({ store, source, hz: 20 }) };
}

describe('Publisher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('coalesces 1,000 source changes between two ticks into one store write', () => {
    const { store, source, publisher } = fakeTimedPublisher();
    publisher.start();
    const writes = countWrites(store);
    for (let i = 0; i < 1_000; i++) source.update({ headBlock: 1_000 + i });
    vi.advanceTimersByTime(50);
    publisher.stop();
    expect(writes.count).toBe(1);
    expect(store.getState().headBlock).toBe(1_999);
    expect(store.getState().dataVersion).toBe(source.version);
  });

  it('does not write the store when the version did not move', () => {
    const { store, source, publisher } = fakeTimedPublisher();
    publisher.start(); // first publish
    const writes = countWrites(store);
    vi.advanceTimersByTime(1_000); // 20 ticks, nothing changed
    publisher.stop();
    expect(source.snapshotCalls).toBeGreaterThanOrEqual(20);
    expect(writes.count).toBe(0);
  });

  it('republishes when the layout wants a different depth even if the data did not move', () => {
    const store = createTerminalStore({ wants: { depth: 5, trades: 5, candles: 5 } });
    const source = new ManualMarketDataSource();
    const publisher = new Publisher({ store, source });
    expect(publisher.tick()).toBe(true);
    expect(store.getState().book?.asks).toHaveLength(5);
    expect(publisher.tick()).toBe(false);
    store.setState({ wants: { depth: 12, trades: 5, candles: 5 } });
    expect(publisher.tick()).toBe(true);
    expect(store.getState().book?.asks).toHaveLength(12);
  });

  it('publishes a swapped-in source even when its version equals the old one', () => {
    const store = createTerminalStore();
    const first = new ManualMarketDataSource();
    const publisher = new Publisher({ store, source: first });
    publisher.tick();
    const second = new ManualMarketDataSource({ market: { id: 7, symbol: 'ETH', priceDecimals: 2, sizeDecimals: 4 } });
    publisher.setSource(second);
    expect(publisher.tick()).toBe(true);
    expect(store.getState().market?.symbol).toBe('ETH');
  });

  it('stops writing after stop()', () => {
    vi.useFakeTimers();
    const store = createTerminalStore();
    const source = new ManualMarketDataSource();
    const publisher = new Publisher({ store, source });
    publisher.start();
    publisher.stop();
    const writes = countWrites(store);
    source.update({ headBlock: 5 });
    vi.advanceTimersByTime(500);
    expect(writes.count).toBe(0);
  });

  it('slows down when the rate is lowered (adaptive frame rate)', () => {
    const { store, source, publisher } = fakeTimedPublisher();
    publisher.start();
    publisher.setHz(5);
    const writes = countWrites(store);
    for (let tick = 0; tick < 10; tick++) {
      source.update({ headBlock: tick });
      vi.advanceTimersByTime(50);
    }
    publisher.stop();
    expect(publisher.hz).toBe(5);
    expect(writes.count).toBe(2); // 500 ms at 5 Hz, although the source changed every 50 ms
  });

  it('rejects a nonsensical publish rate', () => {
    expect(() => new Publisher({ store: createTerminalStore(), hz: 0 })).toThrow(RangeError);
  });

  it('frame-cost-after-the-frame: reported once per store write, after the work the write queued, never for a tick that did not write', async () => {
    const store = createTerminalStore();
    const source = new ManualMarketDataSource();
    const publisher = new Publisher({ store, source });
    const events: string[] = [];
    // Stands in for React: a subscriber that draws in a microtask queued by the write.
    store.subscribe(() => queueMicrotask(() => events.push('frame drawn')));
    publisher.onFrameCost = (ms) => events.push(ms >= 0 ? 'cost' : 'negative cost');
    source.update({ headBlock: 1 });
    expect(publisher.tick()).toBe(true);
    expect(publisher.tick()).toBe(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual(['frame drawn', 'cost']);
  });

  it('preempted-frame-costs-its-cpu-time: a frame held 500 ms by a busy machine for 2 ms of CPU costs 2 ms, so the rate is not cut for it', async () => {
    const store = createTerminalStore();
    const source = new ManualMarketDataSource();
    let cpuMs = 1_000;
    let wallMs = 0;
    const publisher = new Publisher({ store, source, now: () => wallMs, frameClock: () => cpuMs });
    // Stands in for React's render in the microtask the write queues: 2 ms of CPU, 500 ms on the wall.
    store.subscribe(() =>
      queueMicrotask(() => {
        cpuMs += 2;
        wallMs += 500;
      }),
    );
    const costs: number[] = [];
    publisher.onFrameCost = (ms) => costs.push(ms);
    source.update({ headBlock: 1 });
    expect(publisher.tick()).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(costs).toEqual([2]);
  });

  const hasThreadCpu = typeof (process as { threadCpuUsage?: unknown }).threadCpuUsage === 'function';
  it.skipIf(!hasThreadCpu)('frame-cost-leaves-out-the-exchange-threads-cpu: a worker of this process spinning while the screen thread waits adds nothing to its clock', async () => {
    const { Worker } = await import('node:worker_threads');
    const processCpu = (): number => (process.cpuUsage().user + process.cpuUsage().system) / 1000;
    const [before, processBefore] = [screenThreadCpuMs(), processCpu()];
    // The in-process exchange runs on a worker like this one, on the other core, while a frame is drawn:
    // it spins until it used 300 ms of its own CPU, however busy the machine is.
    const spin = 'const u = () => { const c = process.threadCpuUsage(); return c.user + c.system; }; const s = u(); while (u() - s < 300000) {}';
    const worker = new Worker(spin, { eval: true });
    await new Promise((resolve) => worker.once('exit', resolve));
    expect(processCpu() - processBefore).toBeGreaterThan(300);
    expect(screenThreadCpuMs() - before).toBeLessThan(150);
  });

  it('change-after-a-quiet-spell-shows-at-once: not at the next beat of a fixed clock', () => {
    const { store, source, publisher } = fakeTimedPublisher();
    publisher.start();
    vi.advanceTimersByTime(1_017); // quiet, and 17 ms past a 50 ms beat
    const writes = countWrites(store);
    source.update({ headBlock: 42 });
    vi.advanceTimersByTime(1);
    publisher.stop();
    expect(writes.count).toBe(1);
    expect(store.getState().headBlock).toBe(42);
  });

  it('first-live-book-never-waits-for-the-interval: the first live frame waits for it, so it is published at once after a write of the handshake', () => {
    vi.useFakeTimers();
    const store = createTerminalStore();
    const connecting = sampleSnapshot();
    const noLevels = connecting.book && { ...connecting.book, asks: [], bids: [], maxTotal: 0 };
    const source = new ManualMarketDataSource({ connection: { ...connecting.connection, health: 'connecting' }, book: noLevels });
    const publisher = new Publisher({ store, source, hz: 20 });
    publisher.start();
    vi.advanceTimersByTime(3);
    source.update({ connection: { ...connecting.connection, health: 'connecting' }, headBlock: 1 });
    vi.advanceTimersByTime(1);
    expect(store.getState().headBlock, 'a change of the handshake is shown at once too').toBe(1);
    source.update({ connection: connecting.connection, book: connecting.book });
    vi.advanceTimersByTime(1);
    expect(store.getState().connection.health).toBe('live');
    expect(store.getState().book?.bids.length).toBeGreaterThan(0);
    // Shown once, the book is published at the frame rate again.
    const writes = countWrites(store);
    for (let ms = 1; ms <= 40; ms++) {
      source.update({ headBlock: 100 + ms });
      vi.advanceTimersByTime(1);
    }
    publisher.stop();
    expect(writes.count).toBeLessThanOrEqual(1);
  });

  it('empty-book-still-published-at-the-frame-rate: a market whose book stays empty stops rushing after RUSHED_PUBLISHES', () => {
    vi.useFakeTimers();
    const store = createTerminalStore();
    const sample = sampleSnapshot();
    const source = new ManualMarketDataSource({ book: sample.book && { ...sample.book, asks: [], bids: [], maxTotal: 0 } });
    const writes = floodForASecond(store, source, new Publisher({ store, source, hz: 20 }));
    expect(writes.count).toBeLessThanOrEqual(RUSHED_PUBLISHES + 20);
  });

  it('flood-stays-at-the-frame-rate: a change every millisecond for a second writes at most once per interval', () => {
    const { store, source, publisher } = fakeTimedPublisher();
    const writes = floodForASecond(store, source, publisher);
    expect(writes.count).toBeGreaterThanOrEqual(19);
    expect(writes.count).toBeLessThanOrEqual(20);
    expect(store.getState().headBlock).toBeGreaterThanOrEqual(950);
  });

  it('layout-change-shows-at-once: new wants are published without waiting for the clock', () => {
    vi.useFakeTimers();
    const store = createTerminalStore({ wants: { depth: 5, trades: 5, candles: 5 } });
    const source = new ManualMarketDataSource();
    const publisher = new Publisher({ store, source, hz: 20 });
    publisher.start();
    vi.advanceTimersByTime(520);
    store.setState({ wants: { depth: 12, trades: 5, candles: 5 } });
    vi.advanceTimersByTime(1);
    publisher.stop();
    expect(store.getState().book?.asks).toHaveLength(12);
  });

  it('stopped-publisher-ignores-change-cues', () => {
    const { store, source, publisher } = fakeTimedPublisher();
    publisher.start();
    publisher.stop();
    const writes = countWrites(store);
    source.update({ headBlock: 7 });
    vi.advanceTimersByTime(200);
    source.update({ headBlock: 8 });
    // The sentinel: a manual tick still publishes, so the store was writable all along.
    expect(writes.count).toBe(0);
    expect(publisher.tick()).toBe(true);
    expect(writes.count).toBe(1);
  });
});
