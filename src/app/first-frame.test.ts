import { describe, expect, it, vi } from 'vitest';
import { createTerminalStore } from '../state/store.js';
import { contextLoadFailed, marketsListed } from '../state/link-actions.js';
import { setNotice } from '../state/actions.js';
import type { BookView } from '../domain/views.js';
import { VirtualTimers } from '../../test/helpers/virtual-timers.js';
import { FIRST_FRAME_BOUND_MS, mountWhenReady, WARM_WAIT_MS, followHandshake, warmBesideHandshake } from './first-frame.js';

const BOOK = { marketId: 1, asks: [{ price: '101', size: '1', total: '1' }], bids: [{ price: '100', size: '1', total: '1' }], maxTotal: 1, version: 1 } as unknown as BookView;

function starting() {
  const store = createTerminalStore({ notice: 'starting the local exchange…' });
  const timers = new VirtualTimers(0);
  const mount = vi.fn();
  const cancel = mountWhenReady(store, mount, { timers });
  return { store, timers, mount, cancel };
}

describe('the screen mounts with its first useful frame', () => {
  it('mounts-on-first-live-book-not-before: nothing is painted while connecting; the live book with levels mounts it, once', () => {
    const { store, timers, mount } = starting();
    marketsListed(store, [], null);
    store.setState((s) => ({ connection: { ...s.connection, health: 'live' } }));
    expect(mount).not.toHaveBeenCalled();
    store.setState({ book: BOOK });
    expect(mount).toHaveBeenCalledTimes(1);
    store.setState({ book: { ...BOOK, version: 2 } as BookView });
    timers.advance(FIRST_FRAME_BOUND_MS);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('mounts-without-book-after-bound: a book that never comes still gets the screen (its connection state) after the bound', () => {
    const { timers, mount } = starting();
    timers.advance(FIRST_FRAME_BOUND_MS - 1);
    expect(mount).not.toHaveBeenCalled();
    timers.advance(1);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('mounts-at-once-on-failure: the context failing (disconnected, retrying) or a start-up notice shows at once, not after the bound', () => {
    const a = starting();
    contextLoadFailed(a.store, 1_000, 'connection refused', 0);
    expect(a.mount).toHaveBeenCalledTimes(1);
    const b = starting();
    setNotice(b.store, 'start-up failed: boom');
    expect(b.mount).toHaveBeenCalledTimes(1);
    const c = starting();
    c.store.setState((s) => ({ connection: { ...s.connection, health: 'disconnected', retryInMs: 2_000, reason: 'socket refused' } }));
    expect(c.mount).toHaveBeenCalledTimes(1);
  });

  it('quit-before-screen-mounts-nothing: cancelled, neither a later book nor the bound mounts', () => {
    const { store, timers, mount, cancel } = starting();
    cancel();
    store.setState((s) => ({ connection: { ...s.connection, health: 'live' }, book: BOOK }));
    timers.advance(FIRST_FRAME_BOUND_MS * 2);
    expect(mount).not.toHaveBeenCalled();
  });
});

/** A warm-up on virtual timers, its render a mock. */
function warming() {
  const timers = new VirtualTimers(0);
  const warm = vi.fn();
  return { timers, warm, warmUp: warmBesideHandshake(warm, { timers }) };
}

describe('the off-screen warm-up runs beside the market-data handshake, never in it', () => {
  it('warm-runs-at-once-while-the-exchange-starts: nothing to wait for yet, so it runs a turn later', () => {
    const { timers, warm } = warming();
    expect(warm, 'the caller\'s turn ends first').not.toHaveBeenCalled();
    timers.advance(0);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('warm-never-holds-the-handshake: once the socket starts opening it waits for the subscription, then runs once', () => {
    const { timers, warm, warmUp } = warming();
    warmUp.handshakeStarted();
    timers.advance(5);
    expect(warm, 'the socket is still opening').not.toHaveBeenCalled();
    warmUp.subscribed();
    expect(warm, 'the subscribing turn ends first').not.toHaveBeenCalled();
    timers.advance(0);
    expect(warm).toHaveBeenCalledTimes(1);
    warmUp.subscribed();
    timers.advance(WARM_WAIT_MS);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('warm-runs-after-its-bound-when-the-socket-is-slow: a remote exchange\'s handshake is waited for at most WARM_WAIT_MS, once', () => {
    const { timers, warm, warmUp } = warming();
    warmUp.handshakeStarted();
    timers.advance(WARM_WAIT_MS - 1);
    expect(warm).not.toHaveBeenCalled();
    timers.advance(1);
    expect(warm).toHaveBeenCalledTimes(1);
    warmUp.subscribed();
    timers.advance(1);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('cancelled-warm-never-runs: a quit before it leaves nothing to run', () => {
    const { timers, warm, warmUp } = warming();
    warmUp.handshakeStarted();
    warmUp.subscribed();
    warmUp.cancel();
    timers.advance(WARM_WAIT_MS * 2);
    expect(warm).not.toHaveBeenCalled();
  });

  it('subscribed-when-the-first-connection-opens: a change cue before the socket opens does not count, the open one does, once', () => {
    const { timers, warm, warmUp } = warming();
    const listeners = new Set<() => void>();
    const session = { epoch: 0, onChange: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)) };
    followHandshake(warmUp, session);
    for (const l of [...listeners]) l();
    timers.advance(1);
    expect(warm, 'still connecting').not.toHaveBeenCalled();
    session.epoch = 1;
    for (const l of [...listeners]) l();
    timers.advance(0);
    expect(warm).toHaveBeenCalledTimes(1);
    expect(listeners.size, 'the cue is dropped once it served').toBe(0);
  });
});
