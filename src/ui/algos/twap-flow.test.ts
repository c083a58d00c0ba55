// `:twap` on the `:` line: exact spec, the runner's own refusals named before anything is asked or sent,
// a confirm saying what it will do, and `y` starting it through TerminalActions.startTwap.

import { describe, expect, it } from 'vitest';
import { answerConfirm } from '../confirm/flow.js';
import { algoLineSetup } from './algo-line.fixtures.js';

function setup() {
  const t = algoLineSetup();
  return { ...t, started: t.started.twap };
}

describe(':twap', () => {
  it('twap-confirm-says-what-it-will-do: slices, size each, interval, jitter and the price bound; y starts it', () => {
    const t = setup();
    const ui = t.run('twap buy 0.5 10m slices 20 jitter 20% slip 30bps');
    expect(ui.commandError).toBeNull();
    expect(ui.confirm?.text).toBe('TWAP buy 0.5 BTC over 10m: 20 IOC slices of ~0.025 BTC every 30s ±20%, at most 67,201 (30 bps over mark 67,000); start?');
    expect(t.started).toEqual([]);
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started).toEqual([{ marketId: 16, side: 'long', size: 50_000, durationMs: 600_000, slices: 20, jitterBps: 2_000, bound: { kind: 'slip', bps: 30 }, leverage: 500 }]);
    expect(t.store.getState().tradingUi.toasts.at(-1)?.text).toBe('twap buy BTC: started tw1');
  });

  it('a limit bound is sent as ticks', () => {
    const t = setup();
    t.run('twap sell 0.02 30s slices 3 limit 66000');
    answerConfirm(t.store, t.actions, true, Date.now());
    expect(t.started[0]).toMatchObject({ side: 'short', size: 2_000, durationMs: 30_000, slices: 3, bound: { kind: 'limit', price: 660_000 } });
  });

  it.each([
    ['twap buy 0.5 5s', 'twap: duration: must be from 10s to 24h'],
    ['twap buy 0.5 10m slices 2000', 'twap: slices: must be from 1 to 1000'],
    ['twap buy 0.5 10m jitter 80%', 'twap: jitter: must be from 0 to 50%'],
    ['twap buy 0.5 10m slip 5000bps', 'twap: slip: must be from 1 to 1000 bps'],
    ['twap buy 0.5 10m slip 30 limit 66000', 'twap: say "slip BPS" or "limit PRICE", not both'],
    ['twap hold 0.5 10m', 'twap: say buy or sell, not "hold"'],
    ['twap buy 0.5 ten', 'twap: duration "ten" is not a duration (30s, 10m, 1h30m)'],
  ])('twap-refusal-named-before-anything-is-asked: %s', (line, refusal) => {
    const t = setup();
    const ui = t.run(line);
    expect(ui.commandError).toContain(refusal);
    expect(ui.confirm).toBeNull();
    expect(t.started).toEqual([]);
  });
});
