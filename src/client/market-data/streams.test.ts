import { describe, expect, it } from 'vitest';
import { StreamRoutes, chainStreams, marketStreams, parseStreamName } from './streams.js';

describe('stream names', () => {
  it('builds the chain-wide and per-market names of the wire', () => {
    expect(chainStreams(143)).toEqual(['heartbeat@143', 'market-state@143', 'funding@143']);
    expect(marketStreams(1, 60)).toEqual(['order-book@1', 'trades@1', 'candles@1*60']);
  });

  it('parses only the shapes it subscribes to', () => {
    expect(parseStreamName('candles@20*300')).toEqual({ kind: 'candles', market: 20, resolution: 300 });
    expect(parseStreamName('order-book@7')).toEqual({ kind: 'order-book', market: 7 });
    expect(parseStreamName('heartbeat@143')).toEqual({ kind: 'heartbeat' });
    expect(parseStreamName('order-book@7*60')).toBeNull();
    expect(parseStreamName('candles@7')).toBeNull();
    expect(parseStreamName('gas-stats@143')).toBeNull();
    expect(parseStreamName('junk')).toBeNull();
  });
});

describe('StreamRoutes', () => {
  function routes(): StreamRoutes {
    const r = new StreamRoutes();
    for (const s of [...chainStreams(1), ...marketStreams(5, 60)]) r.want(s);
    return r;
  }

  it('routes by the sid the server assigned, and only to a stream of the frame kind', () => {
    const r = routes();
    r.acknowledge([{ stream: 'order-book@5', sid: 42, status: { code: 0 } }]);
    expect(r.route(42, 'order-book')?.stream).toBe('order-book@5');
    expect(r.route(42, 'trades')).toBeNull();
    expect(r.route(43, 'order-book')).toBeNull();
  });

  it('forgets the sids of a stream as soon as it is unwanted (late frames of the old market are dropped)', () => {
    const r = routes();
    r.acknowledge([{ stream: 'order-book@5', sid: 42, status: { code: 0 } }]);
    r.unwant('order-book@5');
    expect(r.route(42, 'order-book')).toBeNull();
    // A late ack for the stream we gave up does not resurrect it.
    r.acknowledge([{ stream: 'order-book@5', sid: 42, status: { code: 0 } }]);
    expect(r.route(42, 'order-book')).toBeNull();
  });

  it('routes a frame without a sid to the single wanted stream of its kind', () => {
    const r = routes();
    expect(r.route(undefined, 'heartbeat')?.stream).toBe('heartbeat@1');
    expect(r.route(undefined, 'order-book')?.stream).toBe('order-book@5');
    r.want('order-book@6');
    expect(r.route(undefined, 'order-book')).toBeNull(); // ambiguous
  });

  it('records per-stream failures and clears them on a later success or a new connection', () => {
    const r = routes();
    const added = r.acknowledge([{ stream: 'trades@5', status: { code: 404, error: 'unknown stream' } }]);
    expect(added).toEqual(['trades@5: 404 unknown stream']);
    expect(r.failureLines()).toEqual(['trades@5: 404 unknown stream']);
    r.acknowledge([{ stream: 'trades@5', sid: 9, status: { code: 0 } }]);
    expect(r.failureLines()).toEqual([]);
    r.acknowledge([{ stream: 'trades@5', status: { code: 429 } }]);
    r.resetConnection();
    expect(r.failureLines()).toEqual([]);
    expect(r.route(9, 'trades')).toBeNull();
  });
});
