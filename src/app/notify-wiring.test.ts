// The notifier on the real path: the trading publisher copies the session into the store, the one
// detector finds the events, and the raw bytes are what the terminal is written.

import { afterEach, describe, expect, it } from 'vitest';
import type { TradingClient } from '../client/trading/client.js';
import { guardEvent } from '../domain/notify/notify-event.js';
import { NO_MARKS } from '../domain/marks.js';
import type { Fill } from '../protocol/frames.js';
import { LIVE_SESSION_FACTS } from '../state/fixtures.js';
import { INITIAL_CONNECTION, createTerminalStore } from '../state/store.js';
import { setBell } from '../state/trading-actions.js';
import { defaultNotifyConfig, type NotifyConfig } from './config/notify-config.js';
import type { SpawnCommand } from './notify-command.js';
import { startNotify, type Notifier } from './notify-wiring.js';
import { TradingPublisher } from './trading-publisher.js';
import { fundedTradingState } from './trading-publisher.fixtures.js';

const ESC = '\u001b';
const BEL = '\u0007';
const fill = (oid: number, b: number): Fill => ({ at: { b, tx: 0, l: 0 }, mkt: 1, acc: 5, oid, t: 1, l: 2, p: 670_000, s: 100, f: '10' });

let notifier: Notifier | null = null;
afterEach(() => notifier?.stop());

function setup(config: Partial<NotifyConfig>, env: Record<string, string> = {}, passthrough: 'on' | 'off' | 'unknown' = 'unknown', spawn?: SpawnCommand) {
  const state = fundedTradingState();
  const client = {
    session: { state, head: 10, synced: true, connectionView: () => ({ ...INITIAL_CONNECTION, health: 'live' }) },
    engine: { version: 0, lockFacts: () => LIVE_SESSION_FACTS, journalEntries: () => [], pending: () => [], lastBlockOf: () => undefined },
  } as unknown as TradingClient;
  const store = createTerminalStore();
  const publisher = new TradingPublisher({ store, client, markets: [], marks: NO_MARKS, scopeMask: 3, keyExpiresAt: null, hz: 10, now: () => 0 });
  let out = '';
  const logs: string[] = [];
  notifier = startNotify({ store, config: { ...defaultNotifyConfig(), ...config }, write: (b) => (out += b), env, passthrough: Promise.resolve(passthrough), now: () => 0, log: (l) => logs.push(l), ...(spawn ? { spawn } : {}) });
  return { state, store, publisher, out: () => out, logs };
}

describe('notifications on the terminal', () => {
  it('a new fill writes exactly one OSC 9; the sign-in snapshot writes nothing', () => {
    const s = setup({ method: 'osc9' });
    s.state.applyFills([fill(1, 2)]);
    s.publisher.tick();
    expect(s.out()).toBe('');
    s.state.applyFills([fill(2, 4), fill(3, 4)]);
    s.publisher.tick();
    expect(s.out()).toBe(`${ESC}]9;perpl: fill: bought 100 market #1 @ 670,000, taker (+1 more fills)${BEL}`);
  });

  it('OSC 777 inside tmux with allow-passthrough on: wrapped, every ESC doubled', async () => {
    const s = setup({ method: 'osc777' }, { TMUX: '/tmp/tmux-1/default,1,0' }, 'on');
    await Promise.resolve();
    s.publisher.tick();
    s.state.applyFills([fill(2, 4)]);
    s.publisher.tick();
    expect(s.out()).toBe(`${ESC}Ptmux;${ESC}${ESC}]777;notify;perpl: fill;bought 100 market #1 @ 670,000, taker${BEL}${ESC}\\`);
  });

  it('inside tmux with allow-passthrough off the bell is the fallback, rung once (not twice when the fill bell already rang)', async () => {
    const s = setup({ method: 'auto' }, { TMUX: 'x' }, 'off');
    await Promise.resolve();
    s.publisher.tick();
    notifier!.notify(guardEvent('daily loss limit reached', 0));
    expect(s.out()).toBe(BEL);
    expect(s.logs.some((l) => l.includes('allow-passthrough off'))).toBe(true);
    // The publisher was given no bell here: the store's bell setting alone says the fill already rang.
    s.state.applyFills([fill(2, 4)]);
    s.publisher.tick();
    expect(s.out()).toBe(BEL);
    setBell(s.store, false);
    s.state.applyFills([fill(3, 6)]);
    s.publisher.tick();
    expect(s.out()).toBe(`${BEL}${BEL}`);
  });

  it('notify-guard-text-ends-osc-early: a guard reason with ESC ] ... BEL is written inert', () => {
    const s = setup({ method: 'osc777' });
    notifier!.notify({ kind: 'guard', title: 'perpl; evil\u0007', body: `loss ${ESC}]777;notify;x;y${BEL}${ESC}[2J`, atMs: 0 });
    expect(s.out()).toBe(`${ESC}]777;notify;perpl, evil\\x07;loss \\x1b]777;notify;x;y\\x07\\x1b[2J${BEL}`);
  });

  it('off by default: nothing is written', () => {
    const s = setup({});
    s.publisher.tick();
    s.state.applyFills([fill(2, 4)]);
    s.publisher.tick();
    notifier!.notify(guardEvent('limit', 0));
    expect(s.out()).toBe('');
  });

  it('notify.command gets the event as JSON on stdin, no shell, no secret in its environment', () => {
    const calls: { file: string; args: readonly string[]; shell: boolean; env: Record<string, string>; stdin: string }[] = [];
    const spawn: SpawnCommand = (file, args, options) => {
      const call = { file, args, shell: options.shell, env: options.env, stdin: '' };
      calls.push(call);
      return { stdin: { end: (t: string) => void (call.stdin = t), on: () => undefined }, stderr: null, on: () => undefined };
    };
    const s = setup({ method: 'off', command: ['notify-send', 'perpl'] }, { PERPL_API_SECRET: 's3cret', PERPL_KEY_PASSPHRASE: 'pw', HOME: '/home/t' }, 'unknown', spawn);
    notifier!.notify(guardEvent('limit reached', 7));
    expect(s.out()).toBe('');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ file: 'notify-send', args: ['perpl'], shell: false, env: { HOME: '/home/t' } });
    expect(Object.keys(calls[0]!.env)).toEqual(['HOME']);
    expect(JSON.parse(calls[0]!.stdin)).toEqual({ kind: 'guard', title: 'perpl: guard reached', body: 'limit reached', atMs: 7 });
  });
});
