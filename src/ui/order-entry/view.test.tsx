// The order entry view model is made once per key (issue 30: `evaluateEntry` ran four times for one `y`):
// the pane's paint and the key's handler read one check, and a repaint for a slice the check does not read
// (the notice the send writes) reuses it. Its memo is keyed on the slices it reads: proved whole here, so a
// new read left out of the key (a stale check on the money path) fails this file.

import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { TerminalState } from '../../state/store.js';

/** Every evaluation of an order form (state/order-entry.ts evaluateEntry), counted. */
const evaluations = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../state/order-entry.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../state/order-entry.js')>();
  return {
    ...real,
    evaluateEntry: (...args: Parameters<typeof real.evaluateEntry>) => {
      evaluations.count += 1;
      return real.evaluateEntry(...args);
    },
  };
});

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

// The unit loop shares one module graph between files (vitest.unit.config.ts: isolate off), so the code under
// test is loaded afresh here, after the mock above: it then calls the counted evaluateEntry.
let m: {
  keymap: typeof import('../keys/keymap.js');
  keys: typeof import('../keys/trading-keys.fixtures.js');
  context: typeof import('../shell/store-context.js');
  check: typeof import('./form-check.js');
  pane: typeof import('./OrderEntryPane.js');
  view: typeof import('./view.js');
};
beforeAll(async () => {
  vi.resetModules();
  m = {
    keymap: await import('../keys/keymap.js'),
    keys: await import('../keys/trading-keys.fixtures.js'),
    context: await import('../shell/store-context.js'),
    check: await import('./form-check.js'),
    pane: await import('./OrderEntryPane.js'),
    view: await import('./view.js'),
  };
});

const ENTER = '\r';

/** A 0.01 BTC limit buy at the best bid, under review. */
function inReview() {
  const t = m.keys.tradingKeys();
  t.press('b');
  t.type('0.01');
  t.press(ENTER);
  expect(t.ui().reviewing).toBe(true);
  return t;
}

describe('the order entry view', () => {
  it('one-key-evaluates-the-entry-once: the pane painting a review and its y through the dispatcher check the form once', async () => {
    const t = inReview();
    // A book tick after the review opened: this state's check is made afresh, once.
    const book = t.store.getState().book!;
    t.store.setState({ book: { ...book, version: book.version + 1 } });
    evaluations.count = 0;
    const ink = render(
      <m.context.StoreContext.Provider value={t.store}>
        <m.context.KeymapContext.Provider value={m.keymap.createKeymap()}>
          <m.pane.OrderEntryPane width={48} height={35} />
        </m.context.KeymapContext.Provider>
      </m.context.StoreContext.Provider>,
    );
    expect(ink.lastFrame()).toContain('est 66,995');
    t.press('y');
    expect(t.calls).toEqual(['place']);
    // The send's notice, written before the form closed, ran the pane's selection again: the same check, not a second one.
    expect(t.store.getState().notice).toMatch(/: sent$/);
    expect(t.ui().entry).toBeNull();
    await settle();
    expect(evaluations.count).toBe(1);
    ink.unmount();
  });

  it('check-reads-only-its-inputs: the form check, the form view and the change view read nothing of the state their memo key leaves out', () => {
    const t = inReview();
    const state = t.store.getState();
    const form = state.tradingUi.entry!;
    const inputs = readsOf(state, (s) => m.check.checkInputs(s, form));
    expect(inputs).toContain('trading');
    expect(readsOf(state, (s) => m.check.checkEntry(s, form)).filter((r) => !inputs.includes(r))).toEqual([]);
    const viewInputs = readsOf(state, m.view.formInputs);
    expect(readsOf(state, (s) => m.view.formView(s, form)).filter((r) => !viewInputs.includes(r))).toEqual([]);

    const resting: OrderRowView = {
      orderId: 50, requestId: 50, marketId: 1, type: 1, status: 2, price: 660_000, originalSize: 1_000, filledSize: 0, flags: 0, leverage: 500,
      triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
    };
    const amend = m.keys.tradingKeys({ orders: [resting], focus: 'trading' });
    amend.press('O');
    amend.press('e');
    amend.press('\u0015');
    amend.type('66100');
    amend.press(ENTER);
    const changed = amend.store.getState();
    expect(changed.tradingUi.amend?.after.price).toBe(661_000);
    expect(m.view.entryView(changed).amend?.preview).not.toBeNull();
    const amendKey = readsOf(changed, m.view.amendInputs);
    expect(readsOf(changed, (s) => m.view.amendView(s, changed.tradingUi.amend!)).filter((r) => !amendKey.includes(r))).toEqual([]);
  });
});

/** The paths of `state` that `read` reads: its slices, and inside the UI slices and the connection their fields. */
function readsOf(state: TerminalState, read: (s: TerminalState) => unknown): string[] {
  const paths = new Set<string>();
  const inner = new Set(['tradingUi', 'connection']);
  const proxy = new Proxy(state, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string') return value;
      if (!inner.has(key) || typeof value !== 'object' || value === null) {
        paths.add(key);
        return value;
      }
      return new Proxy(value, {
        get(t, k, r) {
          if (typeof k === 'string') paths.add(`${key}.${k}`);
          return Reflect.get(t, k, r) as unknown;
        },
      });
    },
  });
  read(proxy);
  return [...paths].sort();
}
