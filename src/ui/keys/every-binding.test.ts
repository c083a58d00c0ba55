// Every binding in every pane and mode, in a session where it can act and in one where it cannot: a
// binding that says it acts does something when its key is pressed (the store changes or a command goes
// to the client); one that does not acts gives a reason, and that reason is shown in the `?` help and, for
// a hinted key, in the footer.

import { describe, expect, it } from 'vitest';
import { openCommandLine } from '../command-line/flow.js';
import { openEntry } from '../order-entry/flow.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import { openPicker } from '../../state/actions.js';
import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { inputMode } from '../../state/input-mode.js';
import { openDetail } from '../../state/detail-overlay.js';
import { openHelp } from '../../state/workspace-actions.js';
import type { InputMode } from '../../state/places.js';
import { createTerminalStore, INITIAL_CONNECTION, type PaneId, type TerminalStore } from '../../state/store.js';
import { askConfirm, patchUi as patchTradingUi } from '../../state/trading-actions.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { openEditor, selectTab, type TradingTab } from '../../state/trading-tabs.js';
import { liveIn, type Binding } from './binding.js';
import { CLOSED_LADDER } from '../../state/ladder.js';
import { footerHints } from './footer-hints.js';
import { bindingKeyLabel, bindingsAt, helpRows } from '../help/rows.js';
import { decodeKeys } from './key-reader.js';
import { createKeymap } from './keymap.js';
import { keyPresser } from './press.fixtures.js';

const PANES: readonly PaneId[] = ['book', 'chart', 'trades', 'trading'];
const TABS: readonly TradingTab[] = ['positions', 'orders', 'fills', 'history', 'journal'];
const MODES: readonly InputMode[] = ['confirm', 'too-small', 'help', 'detail', 'picker', 'command', 'review', 'entry', 'editor', 'panes'];

const position: PositionRowView = {
  positionId: 7, marketId: 16, side: 1, size: 40_000, entryPrice: 670_000, markPrice: 680_000, collateral: '100000000', leverage: 500,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 560_000, liquidationDistancePct: 17, markState: 'live', markNote: null, effectiveLeverage: 500, leverageBasis: 'mark',
};
const order: OrderRowView = {
  orderId: 50, requestId: 50, marketId: 16, type: 1, status: 2, price: 660_000, originalSize: 40_000, filledSize: 0, flags: 0, leverage: 500,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};

interface Session {
  store: TerminalStore;
  /** Every call that left for the client or the app. */
  calls: string[];
  press(raw: string): void;
}

/** A session that can trade (`rich`: a position, an order, a book) or one with nothing (no key, no rows). */
function session(rich: boolean, pane: PaneId, tab: TradingTab, ladder = false): Session {
  const calls: string[] = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: new Promise(() => undefined) };
  const record = (name: string) => () => (calls.push(name), handle);
  const intents: TradingCommands = {
    place: record('place'), cancel: record('cancel'), cancelAll: record('cancelAll'), change: record('change'), close: record('close'),
    addCollateral: record('addCollateral'), protect: record('protect'), replaceProtection: record('replaceProtection'), panic: record('panic'),
    locks: () => [], note: () => undefined,
  };
  const market = btcTestMarket();
  const store = createTerminalStore({
    focus: pane,
    // The DOM ladder in the book's place: its keys are in force only then.
    ...(ladder ? { ladder: { ...CLOSED_LADDER, open: true } } : {}),
    market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    markets: ['BTC', 'ETH', 'SOL', 'TIA'].map((symbol, i) => ({ id: 16 + i, symbol, name: `${symbol} Perp`, priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null })),
    resolution: 300,
    ...(rich
      ? {
          // Two hours of candles, the view live: the chart's keys have somewhere to go.
          candles: Array.from({ length: 120 }, (_, i) => ({ t: i * 300_000, o: 680_000, h: 680_100, l: 679_900, c: 680_000, volume: 1 })),
          candleHistory: { oldestT: 0, newestT: 119 * 300_000, loadingOlder: false, noOlder: false },
          keyScope: 'trade' as const,
          connection: { ...INITIAL_CONNECTION, health: 'live' as const },
          header: { marketId: 16, mark: 680_000, last: null, oracle: null, change24hPct: null, volume24h: null, openInterestNotional: null, fundingRatePct: null, fundingAprPct: null, nextFundingInMs: null },
          book: { marketId: 16, asks: [{ price: 680_100, size: 1_000 }, { price: 680_200, size: 1_000 }], bids: [{ price: 679_900, size: 1_000 }, { price: 679_800, size: 1_000 }] } as never,
          trading: {
            ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [market], positions: [7, 8, 9].map((positionId) => ({ ...position, positionId })), orders: [50, 51, 52].map((orderId) => ({ ...order, orderId, requestId: orderId })),
            account: { accountId: 1, balance: '1000000000000', locked: '0', available: '1000000000000', equity: '1000000000000', fw: true, frozen: false, feeTier: 0, lfr: 0, scope: 3,
              marginUsed: '0', unrealizedPnl: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null, valuation: 'live', valuationNote: null },
          },
        }
      : {}),
  });
  selectTab(store, tab);
  // Away from the ends of every list, so a move key has somewhere to go.
  store.setState({ tabs: { ...store.getState().tabs, selected: { ...store.getState().tabs.selected, [tab]: rich ? 1 : 0 } } });
  const commands: TerminalServices = {
    selectMarket: () => calls.push('selectMarket'), setResolution: () => calls.push('setResolution'), quit: () => calls.push('quit'),
    trading: () => intents, loadMoreHistory: () => calls.push('loadMoreHistory'), refreshHistory: () => calls.push('refreshHistory'), loadOlderCandles: () => calls.push('loadOlderCandles'),
    copyText: () => (calls.push('copyText'), 'sent'),
  };
  return { store, calls, press: keyPresser(store, commands) };
}

/** Puts the session into `mode` the way keys would. */
function enter(s: Session, mode: InputMode): void {
  const { store } = s;
  switch (mode) {
    case 'confirm':
      askConfirm(store, { text: 'cancel every order in BTC?', action: { kind: 'tab', intent: { kind: 'cancel-all', marketId: 16 } }, at: 'tabs' } as never);
      break;
    case 'too-small':
      store.setState({ viewport: { ...store.getState().viewport, tooSmall: true } });
      break;
    case 'help':
      openHelp(store, 'panes');
      store.setState({ workspace: { ...store.getState().workspace, help: { ...store.getState().workspace.help, scroll: 1, query: 'e' } } });
      break;
    case 'detail': {
      // A request with more lines than a page, scrolled one down: every scroll key has somewhere to go.
      const journal = Array.from({ length: 40 }, (_, i) => ({ timeMs: i, kind: 'update' as const, requestKey: 'k1', rq: 3, text: `rq 3 line ${i}`, raw: '{"mt":24}' }));
      store.setState({ trading: { ...store.getState().trading, journal } });
      openDetail(store, { kind: 'journal', requestKey: 'k1' });
      store.setState({ workspace: { ...store.getState().workspace, detail: { subject: { kind: 'journal', requestKey: 'k1' }, scroll: 1 } } });
      break;
    }
    case 'picker':
      openPicker(store);
      store.setState({ picker: { ...store.getState().picker, selected: 1, query: 'T' } });
      break;
    case 'command':
      openCommandLine(store);
      patchTradingUi(store, { commandLine: 'tf 5m' });
      break;
    case 'entry':
    case 'review':
      openEntry(store, 'long');
      if (store.getState().tradingUi.entry) patchTradingUi(store, { entry: { ...store.getState().tradingUi.entry!, size: '0.01' }, reviewing: mode === 'review' });
      break;
    case 'editor':
      store.setState({ focus: 'trading' });
      openEditor(store, 'close', 7, '50%');
      break;
    case 'panes':
      break;
  }
}

/** What the store holds, as text (functions aside): equal before and after means nothing changed. */
const snapshot = (s: Session) => JSON.stringify(s.store.getState(), (_k, v: unknown) => (typeof v === 'function' ? undefined : v));

describe('every binding in every pane and mode: runnable, or its reason shown', () => {
  const keymap = createKeymap();
  for (const rich of [true, false]) {
    // Order entry opens on a market whose config the trading client loaded: only in the trading session.
    for (const mode of MODES.filter((m) => rich || (m !== 'entry' && m !== 'review'))) {
      for (const pane of mode === 'panes' ? PANES : (['trading'] as const)) {
        for (const tab of mode === 'panes' && pane === 'trading' ? TABS : (['positions'] as const)) {
          for (const ladder of mode === 'panes' && pane === 'book' ? [false, true] : [false]) {
            const where = `${rich ? 'a trading session' : 'no key, nothing listed'}, ${mode}${mode === 'panes' ? ` ${pane}` : ''}${mode === 'panes' && pane === 'trading' ? ` on ${tab}` : ''}${ladder ? ' (ladder open)' : ''}`;
            it(where, () => {
              const probe = session(rich, pane, tab, ladder);
              enter(probe, mode);
              // The session is where it is meant to be (entry / review need a market: there is one).
              expect(inputMode(probe.store.getState())).toBe(mode);
              const place = { mode, pane: probe.store.getState().focus };
              // The bindings in force here (a ladder key only while the ladder is open).
              const bindings = bindingsAt(keymap.bindings, place).filter((b) => liveIn(b, probe.store.getState()));
              expect(bindings.length).toBeGreaterThan(0);
              for (const binding of bindings) checkBinding(binding, rich, pane, tab, mode, ladder);
            });
          }
        }
      }
    }
  }

  function checkBinding(binding: Binding, rich: boolean, pane: PaneId, tab: TradingTab, mode: InputMode, ladder: boolean): void {
    for (const key of binding.keys) {
      const s = session(rich, pane, tab, ladder);
      enter(s, mode);
      const state = s.store.getState();
      const name = `${binding.action} (${key}) in ${mode}`;
      // Each key of the binding reaches it.
      const press = decodeKeys(key.length === 1 ? key : rawOf(key));
      expect(press.map((k) => k.name), name).toEqual([key]);
      expect(keymap.lookup(mode, state.focus, key, state), name).toBe(binding);
      const off = binding.disabledReason?.(state) ?? null;
      const place = { mode, pane: state.focus };
      if (off) {
        // Shown: the help lists the binding with its reason; a hinted key also in the footer.
        const row = helpRows(keymap.bindings, place, '', state).find((r) => r.description === binding.description);
        expect(row?.off, name).toBe(off.label);
        if (binding.hint) {
          // A run of keys off for one reason shows it once, after the last of them.
          const footer = footerHints(keymap.bindings, place, 10_000, state);
          const item = `${bindingKeyLabel(binding, binding.keys[0]!)} ${binding.hint}`;
          expect(footer.slice(footer.indexOf(item)), name).toMatch(new RegExp(`^${escape(item)}( +[^ ]+ [^(]+)*? \\(off: ${escape(off.label)}\\)`));
        }
        if (!binding.runsDisabled) continue;
      }
      const before = snapshot(s);
      s.press(rawOf(key));
      // A chord (panic) acts on the second press.
      if (binding.twice) s.press(rawOf(key));
      expect(s.calls.length > 0 || snapshot(s) !== before, `${name}: pressed, nothing happened`).toBe(true);
    }
  }
});

/** The bytes a terminal sends for a key name. */
function rawOf(name: string): string {
  const named: Record<string, string> = {
    Tab: '\t', 'S-Tab': '\u001b[Z', Enter: '\r', Esc: '\u001b', Backspace: '\u007f', Delete: '\u001b[3~', Up: '\u001b[A', Down: '\u001b[B',
    Right: '\u001b[C', Left: '\u001b[D', PgUp: '\u001b[5~', PgDn: '\u001b[6~', Home: '\u001b[H', End: '\u001b[F', F12: '\u001b[24~',
  };
  if (named[name]) return named[name];
  if (name.startsWith('C-')) return String.fromCharCode(name.charCodeAt(2) - 96);
  return name;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
