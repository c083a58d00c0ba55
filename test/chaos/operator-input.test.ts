// Operator input: every order-entry field and every `:` command refuses garbage (negative, zero, too many
// decimals, above 2^53, non-numeric, unknown market) with a message, never throws and never yields an
// order; and for random strings the parser + order entry either give an order whose scaled integers
// round-trip to what was typed, or an error — never a float, never NaN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Market } from '../../src/protocol/frames.js';
import { parseScaled } from '../../src/protocol/scaling.js';
import { runCommandLine } from '../../src/ui/command-line/flow.js';
import { createTerminalActions } from '../../src/ui/actions/terminal-actions.js';
import { type TypedOrder, parseLine } from '../../src/ui/command-line/parse.js';
import type { TerminalServices } from '../../src/domain/terminal-actions.js';
import { type EntryContext, type EntryField, type OrderEntryForm, evaluateEntry, newEntryForm } from '../../src/state/order-entry.js';
import { createTerminalStore } from '../../src/state/store.js';
import { INITIAL_TRADING_UI } from '../../src/state/trading-slice.js';
import { btcTestMarket } from '../../src/domain/trading/market.fixtures.js';
import type { OrderRowView, PositionRowView } from '../../src/domain/trading/views.js';
import { parseAlertCommand, scaledThreshold, triggeredAlerts } from '../../src/state/alerts.js';
import type { EditorResult } from '../../src/ui/tabs/editor.js';
import { amendIntent } from '../../src/ui/open-orders/editors.js';
import { closeIntent, collateralIntent, protectIntent } from '../../src/ui/positions/editors.js';

const PD = 1;
const SD = 5;
const MARKET: Market = btcTestMarket({ price_decimals: PD, size_decimals: SD });
const CTX: EntryContext = { market: MARKET, mark: 670_000, head: 1_000 };
const valid = (over: Partial<OrderEntryForm> = {}): OrderEntryForm => ({ ...newEntryForm(16, 'long', '67000', '5'), size: '0.01', ...over });

const GARBAGE = ['-1', '-0.5', '0', '0.0', 'abc', 'NaN', 'Infinity', '-Infinity', '1e5', '0x10', '1.2.3', '--1', '１２', '½', '1,5', '9007199254740993', '99999999999999999999999', ' ', '+', '.', '1 2'];
/** One value with more decimals than the field allows, per field. */
const TOO_PRECISE: Partial<Record<EntryField, string>> = { size: '0.000001', price: '67000.05', leverage: '5.001', slippage: '1.5', tp: '69000.05', sl: '65000.05', expiry: '1.5' };
/** Each text field with the form that makes it apply (slippage only on market orders, tp/sl set on a long). */
const FIELDS: Array<{ field: EntryField; base: Partial<OrderEntryForm> }> = [
  { field: 'size', base: {} },
  { field: 'price', base: {} },
  { field: 'leverage', base: {} },
  { field: 'slippage', base: { type: 'market' } },
  { field: 'tp', base: {} },
  { field: 'sl', base: {} },
  { field: 'expiry', base: {} },
];

describe('order entry rejects garbage in every field', () => {
  it('the valid form used below is itself accepted (so each rejection is the field under test)', () => {
    for (const { base } of FIELDS) expect(evaluateEntry(valid(base), CTX).intent).not.toBeNull();
  });

  for (const { field, base } of FIELDS) {
    it(`${field}: negative, zero, too precise, above 2^53, non-numeric -> a message, no order`, () => {
      for (const text of [...GARBAGE, TOO_PRECISE[field]!]) {
        let r: ReturnType<typeof evaluateEntry> | undefined;
        expect(() => (r = evaluateEntry(valid({ ...base, [field]: text }), CTX)), `${field} = ${JSON.stringify(text)}`).not.toThrow();
        // A blank optional field means "not set" (a valid order): everything else must be refused.
        if (text.trim() === '' && field !== 'size' && field !== 'price' && field !== 'leverage') continue;
        expect(r!.intent, `${field} = ${JSON.stringify(text)} must not make an order`).toBeNull();
        const msg = r!.problems[field];
        expect(typeof msg === 'string' && msg.length > 0, `${field} = ${JSON.stringify(text)} needs a message, got ${JSON.stringify(r!.problems)}`).toBe(true);
      }
    });
  }

  it('unknown-market: no market -> a message, no order', () => {
    const r = evaluateEntry(valid(), { ...CTX, market: undefined });
    expect(r.intent).toBeNull();
    expect(Object.values(r.problems).join(' ')).toMatch(/unknown market/);
  });
});

/** What `:buy ...` does after parsing (order-entry-actions.entryFromCommand): the same form, evaluated. */
function entryOf(cmd: TypedOrder): ReturnType<typeof evaluateEntry> {
  return evaluateEntry(
    { ...newEntryForm(16, cmd.side, cmd.price ?? '', cmd.leverage ?? '5'), type: cmd.type, tif: cmd.tif, size: cmd.size, slippage: cmd.slippage ?? '', tp: cmd.tp ?? '', sl: cmd.sl ?? '' },
    CTX,
  );
}

describe('the : command line rejects garbage', () => {
  const BAD_COMMANDS = [
    'buy -1 @ 67000', 'buy 0 @ 67000', 'buy 0.000001 @ 67000', 'buy 9007199254740993 @ 67000', 'buy abc @ 67000',
    'buy 0.01 @ -5', 'buy 0.01 @ 0', 'buy 0.01 @ 67000.05', 'buy 0.01 @ 1e9', 'buy 0.01 @ NaN', 'buy 0.01',
    'sell 0.01 mkt slip 0', 'sell 0.01 mkt slip -1', 'sell 0.01 mkt slip 1.5', 'sell 0.01 @ 67000 lev 0', 'sell 0.01 @ 67000 lev -2',
    'sell 0.01 @ 67000 lev 5.001', 'buy 0.01 @ 67000 tp 0', 'buy 0.01 @ 67000 sl abc', 'buy 0.01 mkt @ 67000', 'buy 0.01 @ 67000 post ioc fok zzz',
    'close 0%', 'close 200%', 'close BTC 0%', 'close BTC 101%', 'close BTC -5%', 'close BTC abc', 'cancel', 'cancel -1', 'cancel 0', 'cancel abc',
    'cancel 99999999999999999999', 'lev', 'lev -1', 'lev abc', 'lev 0', 'tf 7m', 'tf', 'bell maybe', 'market', 'frobnicate', '', '   ',
  ];
  it('every bad command ends as an error message or an order entry refusal, never an order', () => {
    for (const text of BAD_COMMANDS) {
      let cmd: ReturnType<typeof parseLine> | undefined;
      expect(() => (cmd = parseLine(text)), text).not.toThrow();
      if (cmd!.kind === 'error') {
        expect(cmd!.message.length, text).toBeGreaterThan(0);
        continue;
      }
      if (cmd!.kind === 'order') {
        const r = entryOf(cmd!);
        expect(r.intent, `"${text}" must not make an order`).toBeNull();
        expect(Object.values(r.problems).join(' ').length, text).toBeGreaterThan(0);
        continue;
      }
      throw new Error(`"${text}" was accepted as ${JSON.stringify(cmd)}`);
    }
  });

  it('unknown-market: ":market NOPE" leaves a message on the line and selects nothing', () => {
    const store = createTerminalStore({ markets: [{ id: 16, symbol: 'BTC', name: 'BTC Perp' } as never], tradingUi: { ...INITIAL_TRADING_UI, commandLine: 'market NOPE' } });
    const selected: number[] = [];
    const commands: TerminalServices = { selectMarket: (id) => selected.push(id), setResolution: () => undefined, quit: () => undefined };
    runCommandLine(store, createTerminalActions(store, commands));
    expect(selected).toEqual([]);
    expect(store.getState().tradingUi.commandError).toMatch(/NOPE/);
  });
});

describe('property: random text never becomes a float, NaN or a wrong order', () => {
  const token = fc.oneof(
    fc.constantFrom('buy', 'sell', 'long', 'short', '@', 'mkt', 'post', 'ioc', 'fok', 'slip', 'tp', 'sl', 'lev', 'close', 'cancel', 'all', 'BTC', '%'),
    fc.stringMatching(/^-?[0-9]{0,20}(\.[0-9]{0,8})?$/),
    fc.string({ maxLength: 6 }),
  );
  const line = fc.oneof(fc.string({ maxLength: 40 }), fc.array(token, { maxLength: 10 }).map((t) => t.join(' ')));
  it('parse + entry: an error, or an order whose scaled integers round-trip to the typed text', () => {
    fc.assert(
      fc.property(line, (text) => {
        const cmd = parseLine(text);
        if (cmd.kind === 'error') {
          expect(cmd.message.length).toBeGreaterThan(0);
          return;
        }
        if (cmd.kind !== 'order') return;
        const r = entryOf(cmd);
        if (r.intent === null) {
          expect(Object.keys(r.problems).length).toBeGreaterThan(0);
          return;
        }
        const i = r.intent;
        for (const v of [i.size, i.price, i.leverage, i.slippageBps, i.tp?.price, i.sl?.price]) if (v !== undefined) expect(Number.isSafeInteger(v) && v > 0).toBe(true);
        expect(BigInt(i.size)).toBe(parseScaled(cmd.size, SD));
        if (cmd.price !== undefined) expect(BigInt(i.price!)).toBe(parseScaled(cmd.price, PD));
        if (cmd.tp !== undefined) expect(BigInt(i.tp!.price)).toBe(parseScaled(cmd.tp, PD));
        if (cmd.sl !== undefined) expect(BigInt(i.sl!.price)).toBe(parseScaled(cmd.sl, PD));
      }),
      { numRuns: process.env.PERPL_CHAOS === 'long' ? 20_000 : 1_000 },
    );
  });

  it('entry fields: random text in any field never throws and never yields a non-integer', () => {
    const field = fc.constantFrom<EntryField>('size', 'price', 'leverage', 'slippage', 'tp', 'sl', 'expiry');
    fc.assert(
      fc.property(field, fc.string({ maxLength: 24 }), fc.boolean(), (f, text, market) => {
        const r = evaluateEntry(valid({ type: market ? 'market' : 'limit', [f]: text }), CTX);
        if (r.intent === null) return;
        for (const v of [r.intent.size, r.intent.price, r.intent.leverage, r.intent.slippageBps, r.intent.lastBlock, r.intent.tp?.price, r.intent.sl?.price]) {
          if (v !== undefined) expect(Number.isSafeInteger(v)).toBe(true);
        }
      }),
      { numRuns: process.env.PERPL_CHAOS === 'long' ? 20_000 : 1_000 },
    );
  });
});

describe('the trading tabs editors and :alert reject garbage', () => {
  const ref = { id: 16, symbol: 'BTC', priceDecimals: PD, sizeDecimals: SD };
  const order: OrderRowView = {
    orderId: 7, requestId: 3, marketId: 16, type: 1, status: 2, price: 660_000, originalSize: 1_000, filledSize: 0, flags: 0, leverage: 500,
    triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
  };
  const position: PositionRowView = {
    positionId: 3, marketId: 16, side: 1, size: 1_000, entryPrice: 670_000, markPrice: 670_000, collateral: '100000000',
    leverage: 500, unrealizedPnl: '0', roe: 0, liquidationPrice: 560_000, liquidationDistancePct: 16,
    markState: 'live', markNote: null, effectiveLeverage: 500, leverageBasis: 'mark',
  };
  /** Each editor with garbage in each of its slots (the rest of the line valid, so the slot is what fails). */
  const EDITORS: Array<{ name: string; run: (text: string) => EditorResult; lines: (g: string) => string[] }> = [
    { name: 'amend (e)', run: (t) => amendIntent(t, order, ref), lines: (g) => [g, `66000 ${g}`, `${g} 0.01`] },
    { name: 'close (x)', run: (t) => closeIntent(t, position, ref), lines: (g) => [g, `${g}%`, `50% @ ${g}`, `0.01 @ ${g}`] },
    { name: 'add collateral (a)', run: (t) => collateralIntent(t, position, ref), lines: (g) => [g] },
    { name: 'TP/SL (t)', run: (t) => protectIntent(t, position, ref), lines: (g) => [`tp ${g}`, `sl ${g}`, `tp 69000 sl ${g}`] },
  ];
  for (const { name, run, lines } of EDITORS) {
    it(`${name}: negative, zero, too precise, above 2^53, non-numeric -> a message, no request`, () => {
      for (const g of [...GARBAGE, '0.000001', '67000.05'].filter((x) => x.trim() !== '')) {
        for (const text of lines(g)) {
          let r: EditorResult | undefined;
          expect(() => (r = run(text)), `${name}: ${JSON.stringify(text)}`).not.toThrow();
          // A few lines are valid after all (e.g. "66000 0.01" style slots that parse exactly): their
          // request must hold only positive safe integers; everything else is refused with a message.
          if (r && 'intent' in r) {
            const numbers = Object.values(r.intent).filter((v): v is number => typeof v === 'number');
            for (const v of numbers) expect(Number.isSafeInteger(v) && v > 0, `${name}: ${JSON.stringify(text)} gave ${JSON.stringify(r.intent)}`).toBe(true);
            continue;
          }
          expect(r!.error.length, `${name}: ${JSON.stringify(text)}`).toBeGreaterThan(0);
        }
      }
    });
  }

  it('the garbage above is refused outright where it cannot be a valid number', () => {
    for (const g of ['-1', '0', 'abc', 'NaN', '1e5', '9007199254740993', '½']) {
      expect('error' in amendIntent(g, order, ref), `amend ${g}`).toBe(true);
      // An amount is a bigint string of atoms: a huge one is exact (the exchange refuses it), not garbage.
      if (g !== '9007199254740993') expect('error' in collateralIntent(g, position, ref), `collateral ${g}`).toBe(true);
      expect('error' in protectIntent(`sl ${g}`, position, ref), `sl ${g}`).toBe(true);
      expect('error' in closeIntent(`50% @ ${g}`, position, ref), `close @ ${g}`).toBe(true);
    }
  });

  it('property: random editor text never throws and never yields a float, NaN or a non-positive integer', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EDITORS), fc.string({ maxLength: 30 }), ({ run }, text) => {
        const r = run(text);
        if ('error' in r) {
          expect(r.error.length).toBeGreaterThan(0);
          return;
        }
        const i = r.intent;
        for (const v of Object.values(i)) if (typeof v === 'number') expect(Number.isSafeInteger(v) && v > 0).toBe(true);
        if (i.kind === 'collateral') expect(BigInt(i.amount) > 0n).toBe(true);
        // A close carries a whole size, or a share in integer basis points (1..10000), never a float.
        if (i.kind === 'close') {
          const { size, bps } = i.opts;
          expect(size !== undefined ? Number.isSafeInteger(size) && size > 0 : Number.isInteger(bps) && bps! >= 1 && bps! <= 10_000).toBe(true);
        }
      }),
      { numRuns: process.env.PERPL_CHAOS === 'long' ? 20_000 : 1_000 },
    );
  });

  it(':alert garbage gets its usage line, and a threshold with too many decimals never fires', () => {
    for (const text of ['alert', 'alert BTC', 'alert BTC >', 'alert BTC > -5', 'alert BTC > abc', 'alert BTC >> 5', 'alert > 5', 'alert BTC = 5', 'alert BTC > 1e5', 'alert BTC > NaN']) {
      const cmd = parseAlertCommand(text);
      if (text === 'alert') expect(cmd).toEqual({ kind: 'list' });
      else expect(cmd, text).toMatchObject({ kind: 'error', message: expect.stringContaining('alert SYMBOL > PRICE') });
    }
    const alert = { id: 1, symbol: 'BTC', direction: 'above' as const, priceText: '67000.05' };
    expect(scaledThreshold(alert, PD)).toBeNull();
    expect(triggeredAlerts([alert], new Map([['BTC', { mark: 9_999_999, priceDecimals: PD }]]))).toEqual([]);
  });
});
