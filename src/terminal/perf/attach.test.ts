// The app's meter is idle until the overlay starts it, and stop() takes every hook off again: with the
// overlay off, the socket's frame handler, the publisher's tick and the terminal's write are the
// unmetered ones.

import { describe, expect, it } from 'vitest';
import type { MarketDataSession } from '../../client/market-data/session.js';
import type { Publisher } from '../../state/publisher.js';
import { createAppPerf, meterFrames } from './attach.js';
import { PerfMeter } from './perf-meter.js';

class FakeSession {
  handled = 0;
  handleFrame(_text: string, _at: number): void {
    this.handled += 1;
  }
}

class FakePublisher {
  ticks = 0;
  tick(): boolean {
    this.ticks += 1;
    return true;
  }
}

function fakes() {
  const written: string[] = [];
  const stdout = { write: ((chunk: string) => written.push(chunk) > 0) as NodeJS.WriteStream['write'] };
  const session = new FakeSession();
  const publisher = new FakePublisher();
  return { stdout, written, session, publisher };
}

const own = (obj: object, key: string) => Object.prototype.hasOwnProperty.call(obj, key);

describe('app perf meter', () => {
  it('idle-until-started: nothing is wrapped before start() and everything is unwrapped after stop()', () => {
    const { stdout, session, publisher } = fakes();
    const write = stdout.write;
    const perf = createAppPerf(stdout, publisher as unknown as Publisher);
    perf.attachSession(session as unknown as MarketDataSession);
    expect(perf.running).toBe(false);
    expect(stdout.write).toBe(write);
    expect(own(session, 'handleFrame') || own(publisher, 'tick')).toBe(false);
    expect(perf.read()).toBeNull();

    perf.start();
    perf.start(); // idempotent: one set of hooks
    expect(perf.running).toBe(true);
    expect(stdout.write).not.toBe(write);
    expect(own(session, 'handleFrame') && own(publisher, 'tick')).toBe(true);
    session.handleFrame('{}', 0);
    publisher.tick();
    stdout.write('x');
    expect(session.handled).toBe(1);
    expect(publisher.ticks).toBe(1);

    perf.stop();
    perf.stop();
    expect(perf.running).toBe(false);
    expect(stdout.write).toBe(write);
    expect(own(session, 'handleFrame') || own(publisher, 'tick')).toBe(false);
    expect(perf.read()).toBeNull();
  });

  it('session-attached-while-running-is-metered: the session the app creates later is hooked, and a new one replaces it', () => {
    const { stdout, publisher } = fakes();
    const perf = createAppPerf(stdout, publisher as unknown as Publisher);
    perf.start();
    const first = new FakeSession();
    perf.attachSession(first as unknown as MarketDataSession);
    expect(own(first, 'handleFrame')).toBe(true);
    const second = new FakeSession();
    perf.attachSession(second as unknown as MarketDataSession);
    expect(own(first, 'handleFrame')).toBe(false);
    expect(own(second, 'handleFrame')).toBe(true);
    perf.stop();
    expect(own(second, 'handleFrame')).toBe(false);
  });

  it('undo-leaves-a-later-wrapper-alone: a benchmark wrapper installed on top survives the app meter stopping', () => {
    const session = new FakeSession();
    const a = new PerfMeter();
    const b = new PerfMeter({ keepSamples: true });
    const undoA = meterFrames(session as unknown as MarketDataSession, a);
    meterFrames(session as unknown as MarketDataSession, b);
    undoA();
    session.handleFrame('{}', 0);
    expect(b.samples.msgs).toBe(1); // b still counts, and calls through a's wrapper, which no longer does
    expect(a.samples.msgs).toBe(0);
    expect(session.handled).toBe(1);
    a.stop();
    b.stop();
  });
});
