// The app's side of `:account` and `--account`: what it refuses before anything stops, and that a switch
// stops the current trading side before it starts the next, carrying each account's Journal lines.

import { describe, expect, it } from 'vitest';
import { AccountSwitch, accountAtStart } from './account-switch.js';
import type { AccountConfig } from './config/accounts-config.js';
import { createTerminalStore } from '../state/store.js';
import { EMPTY_TRADING, type AmendReview } from '../state/trading-slice.js';
import { newEntryForm } from '../state/order-entry.js';
import type { JournalEntryView } from '../domain/trading/views.js';
import { NO_GUARDS } from '../domain/guards/guard-limits.js';

const ACCOUNTS: AccountConfig[] = [
  { name: 'main', keyFile: 'main.json', network: 'local' },
  { name: 'hedge', keyFile: 'hedge.json', network: 'local', label: 'desk', guards: { ...NO_GUARDS, maxOrderNotional: 5_000_000_000n } },
  { name: 'live', keyFile: 'live.json', network: 'mainnet' },
];

interface FakeSide {
  key: string;
  pending: number;
  stopped: boolean;
  stop(): void;
}

function setup() {
  const store = createTerminalStore({ account: { name: 'main' } });
  const events: string[] = [];
  const earlier: Record<string, readonly JournalEntryView[]> = {};
  /** The guards each start was given (null: none of its own, [guards] applies). */
  const guards: Record<string, bigint | null> = {};
  const sideOn = (key: string): FakeSide => ({ key, pending: 0, stopped: false, stop() { this.stopped = true; events.push(`stop ${this.key}`); } });
  let current: FakeSide | null = sideOn('main.json');
  const sw = new AccountSwitch<FakeSide>({
    store,
    accounts: ACCOUNTS,
    network: 'local',
    current: () => current,
    inFlight: (side) => side.pending,
    start: ({ keyFile, guards: own }, lines) => {
      events.push(`start ${keyFile}`);
      guards[keyFile] = own ? own.maxOrderNotional : null;
      earlier[keyFile] = lines;
      return Promise.resolve(sideOn(keyFile));
    },
    replace: (next) => {
      current = next;
    },
  });
  return { store, events, earlier, guards, sw, side: () => current };
}

const line = (text: string): JournalEntryView => ({ timeMs: 1, kind: 'note', requestKey: '', rq: null, text });

describe('account switch (app side)', () => {
  it('refuses an unknown name (listing the config\'s), another network, the account in force, and requests in flight, stopping nothing', async () => {
    const t = setup();
    expect((await t.sw.switchTo('nope')).text).toBe('account: no account "nope"; the config names main, hedge, live');
    expect((await t.sw.switchTo('live')).text).toMatch(/^account live is on mainnet, this terminal on local: start it with perpl --account live$/);
    expect((await t.sw.switchTo('main')).text).toBe('already on account main');
    t.side()!.pending = 1;
    expect(await t.sw.switchTo('hedge')).toEqual({ ok: false, text: 'account: 1 request in flight; switch once they settle' });
    expect(t.events).toEqual([]);
  });

  it('account-switch-loses-the-journal: stops the side in force before starting the next, and hands an account its Journal lines when it comes back', async () => {
    const t = setup();
    t.store.setState({ trading: { ...EMPTY_TRADING, journal: [line('main placed')] } });
    expect(await t.sw.switchTo('hedge')).toEqual({ ok: true, text: 'account hedge' });
    expect(t.store.getState().account).toEqual({ name: 'hedge', label: 'desk' });
    expect(t.store.getState().trading.journal).toEqual([]);
    t.store.setState({ trading: { ...EMPTY_TRADING, journal: [line('hedge placed')] } });
    await t.sw.switchTo('main');
    expect(t.events).toEqual(['stop main.json', 'start hedge.json', 'stop hedge.json', 'start main.json']);
    expect(t.earlier['main.json']!.map((l) => l.text)).toEqual(['main placed']);
    expect(t.earlier['hedge.json']).toEqual([]);
    // account-guards-follow-the-switch: hedge starts under its own guards, main under [guards].
    expect(t.guards).toEqual({ 'hedge.json': 5_000_000_000n, 'main.json': null });
  });

  it('y-after-switch-never-answers-the-old-accounts-question: the review goes back to the form, a confirm, amend or scale review is withdrawn', async () => {
    const t = setup();
    const form = newEntryForm(1, 'long', '65000', '5');
    // The amend's `after` is only drawn, never read by the switch.
    const amend = { orderId: 7, marketId: 1, before: { price: 650, size: 10 }, change: { price: 640 }, reasons: [] } as unknown as AmendReview;
    const ui = t.store.getState().tradingUi;
    t.store.setState({ tradingUi: { ...ui, entry: form, reviewing: true, confirm: { text: 'flatten everything?', action: { kind: 'panic' }, at: 'bar' }, amend, askedInRead: 3 } });
    await t.sw.switchTo('hedge');
    const after = t.store.getState().tradingUi;
    expect({ entry: after.entry, reviewing: after.reviewing, confirm: after.confirm, amend: after.amend, askedInRead: after.askedInRead }).toEqual({ entry: form, reviewing: false, confirm: null, amend: null, askedInRead: null });
  });

  it('--account: the account\'s network and key; unknown, or contradicted by --network / --key-file, refused', () => {
    expect(accountAtStart('hedge', ACCOUNTS, {})).toMatchObject({ network: 'local', keyFile: 'hedge.json' });
    expect(accountAtStart('live', ACCOUNTS, { network: 'MAINNET' })).toMatchObject({ network: 'mainnet' });
    expect(() => accountAtStart('x', ACCOUNTS, {})).toThrow('--account x: no such account; the config names main, hedge, live');
    expect(() => accountAtStart('live', ACCOUNTS, { network: 'testnet' })).toThrow('--account live is on mainnet, not testnet');
    expect(() => accountAtStart('main', ACCOUNTS, { keyFile: 'k.json' })).toThrow('--account and --key-file both name a key');
    expect(() => accountAtStart('main', [], {})).toThrow('the config names none');
  });
});
