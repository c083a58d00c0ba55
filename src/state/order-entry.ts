// The order entry form as a pure model: raw text per field (what the trader typed), and one function
// that turns it into scaled integers or a reason per field. Nothing here is a float on its way to the
// wire: every number goes through protocol/scaling.ts.

import { notionalAtoms } from '../domain/trading/notional.js';
import { percentSizingPrice, sizeUnitsOf, typedSize } from '../domain/trading/entry-size.js';
import { feeMicros } from '../domain/trading/fees.js';
import { stopCondition, stopSideProblem } from '../domain/trading/stop-order.js';
import { orderRulesContext, validateOrder } from '../domain/trading/validate.js';
import { isOnRequiredSide, requiredSide, type TriggerSource } from '../domain/trading/protection.js';
import { OrderFlag, OrderType } from '../protocol/enums.js';
import type { Market } from '../protocol/frames.js';
import { parseLeverage, parsePrice, parseSize, toWireInteger } from '../protocol/scaling.js';
import type { PlaceKind, PlaceParams, Side } from '../domain/trading/commands.js';
import { userMessage } from '../protocol/errors.js';
import type { Line } from './line-edit.js';

export type EntryField = 'side' | 'type' | 'size' | 'trigger' | 'price' | 'leverage' | 'reduce' | 'tif' | 'slippage' | 'tp' | 'sl' | 'expiry';
/** Fields in screen order; Tab / arrows move through them. */
export const ENTRY_FIELDS: readonly EntryField[] = ['side', 'type', 'size', 'trigger', 'price', 'leverage', 'reduce', 'tif', 'slippage', 'tp', 'sl', 'expiry'];
/** Fields that take typed text (the others cycle with space / left / right). */
export const TEXT_FIELDS: ReadonlySet<EntryField> = new Set(['size', 'trigger', 'price', 'leverage', 'slippage', 'tp', 'sl', 'expiry']);
/** Text fields that Space / left / right change too: the size's unit, and which price fires the triggers (prices take no space). */
export const TOGGLED_TEXT_FIELDS: ReadonlySet<EntryField> = new Set(['size', 'trigger', 'tp', 'sl']);

/** Limit and market orders, and their stand-alone stop forms (held by the exchange until the trigger). */
export type EntryType = 'limit' | 'market' | 'stop-market' | 'stop-limit';
export const TYPE_CYCLE: readonly EntryType[] = ['limit', 'market', 'stop-market', 'stop-limit'];

/** A market order or a stop-market: no limit price, a slippage cap. */
export function isMarketType(type: EntryType): boolean {
  return type === 'market' || type === 'stop-market';
}

export function isStopType(type: EntryType): boolean {
  return type === 'stop-market' || type === 'stop-limit';
}

export type EntryTif = 'gtc' | 'post' | 'ioc' | 'fok';
export const TIF_CYCLE: readonly EntryTif[] = ['gtc', 'post', 'ioc', 'fok'];

export interface OrderEntryForm {
  marketId: number;
  side: Side;
  type: EntryType;
  tif: EntryTif;
  /** Base units, "$500" (quote currency) or "25%" (of what is available: entry-size.ts). */
  size: string;
  /** The size field is in base units, or in collateral (notional) converted at the price; "$" / "%" typed win. */
  sizeUnit: 'base' | 'notional';
  /** Stops: the trigger price. */
  trigger: string;
  /**
   * Which price fires the order's triggers (the stop, and a bracket's TP and SL): the mark (tpc 3/4, the
   * default, as the web UI does) or the last trade (tpc 1/2). Space on the trigger, TP or SL field toggles it.
   */
  triggerOn: TriggerSource;
  /** A close order: only reduces the position of the other side (interface: CloseLong / CloseShort). */
  reduceOnly: boolean;
  price: string;
  leverage: string;
  /** Market orders: cap in bps (empty = the market's maximum). */
  slippage: string;
  tp: string;
  sl: string;
  /** Blocks from now the order may execute in (empty = server default window). */
  expiry: string;
  focus: EntryField;
  /** The size is the one last used in this market, not typed yet (said beside it). */
  sizeRemembered?: boolean;
  /**
   * The field whose whole text is selected, as a form field is when the form opens on it or Tab moves to
   * it: the one line editor's rule (line-edit.ts) then holds for it, so the first character typed replaces
   * the text (a prefilled price is never appended to), and Backspace or an arrow ends the selection.
   */
  selected?: EntryField;
  /** In review: the TP/SL of the position the order grows are re-armed for its new size with it (`r`). */
  resizeProtection?: boolean;
  /** How a typed order's relative words became its numbers (`@bid-2t`, `1/4`, `risk 100`): said in review. */
  typedNotes?: readonly EntryNote[];
}

/**
 * One relative word resolved (ui/command-line/typed-order.ts), e.g. "@bid-2t = 66,998.0": said in review
 * while its field still holds the value it resolved to (an edit of the field retires it).
 */
export interface EntryNote {
  field: 'price' | 'size' | 'trigger' | 'tp' | 'sl';
  value: string;
  text: string;
}

export interface EntryContext {
  market: Market | undefined;
  /** Mark price (ticks) to value market orders and notional sizes; null when unknown. */
  mark: number | null;
  /** The market's last trade price (ticks): what a trigger on the last trade is checked against; null or absent when unknown. */
  last?: number | null;
  head: number | null;
  /** The account's available balance (atoms), for a size in percent; null or absent when unknown. */
  available?: bigint | null;
  /** The position in the form's market (1 long, 2 short), for reduce-only and its percent; null when flat. */
  position?: { side: number; size: number } | null;
  /** The account's fee tier (indexes the market's taker fees). */
  feeTier?: number;
  /** The book's best bid in the form's market (ticks), for the price a sell's percentage is reckoned at; null when unknown. */
  bestBid?: number | null;
  /** The measured block time (ms), to say an expiry's limit as time; absent: the nominal one. */
  msPerBlock?: number;
}

export type EntryProblems = Partial<Record<EntryField, string>>;

export interface EntryResult {
  problems: EntryProblems;
  /** The order when every field is valid. */
  intent: PlaceParams | null;
  /** Size in base units and its notional in atoms, when both are known (shown side by side). */
  sizeUnits: bigint | null;
  notionalAtoms: bigint | null;
}

/** Highest leverage of the market in hundredths (initial_margin holds it: 1500 = 15x, as validate.ts reads it). */
export function maxLeverageHundredths(market: Market): number {
  return market.config.initial_margin > 0 ? market.config.initial_margin : 100;
}

export function newEntryForm(marketId: number, side: Side, price: string, leverage: string): OrderEntryForm {
  return {
    marketId,
    side,
    type: 'limit',
    tif: 'gtc',
    size: '',
    sizeUnit: 'base',
    trigger: '',
    triggerOn: 'mark',
    reduceOnly: false,
    price,
    leverage,
    slippage: '',
    tp: '',
    sl: '',
    expiry: '',
    focus: 'size',
  };
}

function attempt<T>(what: () => T, problems: EntryProblems, field: EntryField): T | null {
  try {
    return what();
  } catch (e) {
    problems[field] = userMessage(e);
    return null;
  }
}

function kindOf(form: OrderEntryForm): PlaceKind {
  if (isMarketType(form.type)) return 'market';
  return form.tif === 'post' ? 'post-only' : form.tif === 'ioc' ? 'ioc' : form.tif === 'fok' ? 'fok' : 'limit';
}

/** The typed expiry as a whole number of blocks, or null when it is not one: the form's line and its check read it alike. */
export function typedBlocks(text: string): bigint | null {
  return /^\s*\d+\s*$/.test(text) ? BigInt(text.trim()) : null;
}

function parseBlocks(text: string): number {
  const v = typedBlocks(text);
  if (v === null) throw new Error(`expiry "${text}" must be a whole number of blocks`);
  if (v <= 0n) throw new Error('expiry must be at least 1 block');
  return toWireInteger(v, 'expiry');
}

function parseBps(text: string, max: number): number {
  if (!/^\s*\d+\s*$/.test(text)) throw new Error(`slippage "${text}" must be whole basis points`);
  const v = Number(text.trim());
  if (v <= 0) throw new Error('slippage must be greater than 0 bps');
  if (v > max) throw new Error(`slippage is capped at ${max} bps on this market`);
  return v;
}

/** The opposite side's position size the order may reduce (a buy reduces a short), or null. */
function reducibleSize(form: OrderEntryForm, ctx: EntryContext): number | null {
  const p = ctx.position;
  if (!p || p.size <= 0) return null;
  return (form.side === 'long') === (p.side === 2) ? p.size : null;
}

function sizeOf(form: OrderEntryForm, ctx: EntryContext, market: Market, prices: { quote: number | null; percent: bigint | null }, leverage: number | null, problems: EntryProblems): number | null {
  const typed = typedSize(form.size, form.sizeUnit === 'notional' ? 'quote' : 'base');
  if (typed.unit === 'base') return attempt(() => parseSize(typed.number, market.config.size_decimals), problems, 'size');
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  const reducible = reducibleSize(form, ctx);
  const inputs = {
    reduceOnly: form.reduceOnly,
    positionSize: reducible === null ? null : BigInt(reducible),
    availableAtoms: ctx.available ?? null,
    leverage,
    takerFeeMicros: feeMicros(market.config, 'taker', ctx.feeTier ?? 0),
    price: prices.percent,
    quotePrice: prices.quote === null ? null : BigInt(prices.quote),
  };
  return attempt(() => toWireInteger(sizeUnitsOf(typed, inputs, scales), 'size'), problems, 'size');
}

/** The price a trigger of the form is checked against, and its name in a message. */
export function triggerReferenceOf(on: TriggerSource, ctx: Pick<EntryContext, 'mark' | 'last'>): { price: number | null; name: string } {
  const last = ctx.last !== undefined && ctx.last !== null && ctx.last > 0 ? ctx.last : null;
  return on === 'last' ? { price: last, name: 'last trade' } : { price: ctx.mark, name: 'mark' };
}

/** Validates every field; a problem per field, the intent only when there is none. */
export function evaluateEntry(form: OrderEntryForm, ctx: EntryContext): EntryResult {
  const problems: EntryProblems = {};
  const market = ctx.market;
  if (!market) return { problems: { size: 'unknown market' }, intent: null, sizeUnits: null, notionalAtoms: null };
  const pd = market.config.price_decimals;
  const sd = market.config.size_decimals;
  const isMarket = isMarketType(form.type);
  const stop = isStopType(form.type);
  const price = isMarket ? null : attempt(() => parsePrice(form.price, pd), problems, 'price');
  const trigger = stop ? attempt(() => parsePrice(form.trigger, pd), problems, 'trigger') : null;
  // A stop on the last trade is checked against the last trade, one on the mark against the mark: the
  // price that fires it, so that it does not fire the moment it is armed.
  const triggerRef = triggerReferenceOf(form.triggerOn, ctx);
  if (trigger !== null) {
    const sideProblem = stopSideProblem(form.side, trigger, triggerRef.price, triggerRef.name);
    if (sideProblem) problems.trigger = sideProblem;
  }
  // What the order is valued at: its limit, else where a stop-market fires, else the mark.
  const valuation = price ?? trigger ?? ctx.mark;
  // Above the market maximum is clamped to it (the form shows the clamp), as the exchange itself does.
  const typedLeverage = form.reduceOnly ? 0 : attempt(() => parseLeverage(form.leverage), problems, 'leverage');
  const leverage = typedLeverage === null ? null : Math.min(typedLeverage, maxLeverageHundredths(market));
  const slippage = isMarket && form.slippage.trim() !== '' ? attempt(() => parseBps(form.slippage, market.order_max_market_slippage_bps), problems, 'slippage') : null;
  // A percentage is of what the exchange's admission will require: valued where the order may fill dearest.
  const big = (v: number | null | undefined): bigint | null => (v === null || v === undefined ? null : BigInt(v));
  const percentPrice = percentSizingPrice({
    side: form.side, limit: big(price), trigger: big(trigger), mark: big(ctx.mark), bestBid: big(ctx.bestBid),
    slippageBps: slippage ?? market.order_max_market_slippage_bps,
  });
  const size = sizeOf(form, ctx, market, { quote: valuation, percent: percentPrice }, leverage, problems);
  const tp = form.tp.trim() !== '' ? attempt(() => parsePrice(form.tp, pd), problems, 'tp') : null;
  const sl = form.sl.trim() !== '' ? attempt(() => parsePrice(form.sl, pd), problems, 'sl') : null;
  const expiry = form.expiry.trim() !== '' ? attempt(() => parseBlocks(form.expiry), problems, 'expiry') : null;
  if (expiry !== null && ctx.head === null) problems.expiry = 'no head block yet to count the expiry from';
  if (expiry !== null && stop) problems.expiry = 'a stop has no expiry (the exchange holds it until it fires)';
  const long = form.side === 'long';
  // A bracket's legs against where the entry fills (its limit, its stop's trigger, else about the mark), whichever
  // price fires them: they are armed once the entry fills, and that fill is then the last trade.
  const ref = price ?? trigger ?? ctx.mark;
  const refName = price !== null ? 'price' : trigger !== null ? 'trigger' : 'mark';
  if (tp !== null && ref !== null && !isOnRequiredSide(long, 'take-profit', tp, ref)) problems.tp = `take-profit must be ${requiredSide(long, 'take-profit')} the ${refName}`;
  if (sl !== null && ref !== null && !isOnRequiredSide(long, 'stop-loss', sl, ref)) problems.sl = `stop-loss must be ${requiredSide(long, 'stop-loss')} the ${refName}`;
  if (form.reduceOnly) {
    if (reducibleSize(form, ctx) === null) problems.reduce = `no ${long ? 'short' : 'long'} position to reduce`;
    if (tp !== null) problems.tp = 'a reduce-only order takes no take-profit';
    if (sl !== null) problems.sl = 'a reduce-only order takes no stop-loss';
  }
  if (!market.config.is_open) problems.type = 'the market is closed';
  const scales = { priceDecimals: pd, sizeDecimals: sd };
  const notional = size !== null && valuation !== null ? notionalAtoms(valuation, size, scales) : null;
  if (Object.keys(problems).length > 0 || size === null || leverage === null) {
    return { problems, intent: null, sizeUnits: size === null ? null : BigInt(size), notionalAtoms: notional };
  }
  // The domain's own rules (minimum value, leverage cap, ...) on the same numbers; session problems are the
  // engine's lockReason, shown separately.
  const lastBlock = expiry !== null && ctx.head !== null ? ctx.head + expiry : 0;
  const ruleProblem = domainProblem(market, size, price, leverage, slippage, lastBlock, trigger, form, ctx);
  if (ruleProblem) {
    problems[ruleProblem.field] = ruleProblem.message;
    return { problems, intent: null, sizeUnits: BigInt(size), notionalAtoms: notional };
  }
  const legSource = form.triggerOn === 'last' ? { on: 'last' as const } : {};
  const intent: PlaceParams = {
    marketId: market.id,
    kind: kindOf(form),
    side: form.side,
    size,
    leverage,
    ...(price !== null ? { price } : {}),
    ...(slippage !== null ? { slippageBps: slippage } : {}),
    ...(expiry !== null && ctx.head !== null ? { lastBlock: ctx.head + expiry } : {}),
    // A leg names its price only when it is not the default mark (TriggerSpec.on).
    ...(tp !== null ? { tp: { price: tp, ...legSource } } : {}),
    ...(sl !== null ? { sl: { price: sl, ...legSource } } : {}),
    ...(form.reduceOnly ? { reduceOnly: true } : {}),
    ...(trigger !== null ? { trigger: { price: trigger, on: form.triggerOn } } : {}),
  };
  return { problems, intent, sizeUnits: BigInt(size), notionalAtoms: notional };
}

const DOMAIN_FIELDS: Record<string, EntryField> = { size: 'size', price: 'price', leverage: 'leverage', slippage: 'slippage', lb: 'expiry', fl: 'tif', t: 'type', tp: 'trigger', tpc: 'trigger' };

function domainProblem(
  market: Market,
  size: number,
  price: number | null,
  leverage: number,
  slippage: number | null,
  lastBlock: number,
  trigger: number | null,
  form: OrderEntryForm,
  ctx: EntryContext,
): { field: EntryField; message: string } | null {
  const isMarket = price === null;
  const flags = isMarket || form.tif === 'ioc' ? OrderFlag.ImmediateOrCancel : form.tif === 'post' ? OrderFlag.PostOnly : form.tif === 'fok' ? OrderFlag.FillOrKill : OrderFlag.GoodTillCancel;
  const long = form.side === 'long';
  const check = validateOrder(
    {
      t: form.reduceOnly ? (long ? OrderType.CloseShort : OrderType.CloseLong) : long ? OrderType.OpenLong : OrderType.OpenShort,
      mkt: market.id,
      s: size,
      p: price ?? 0,
      fl: flags,
      lv: leverage,
      lb: lastBlock,
      ...(isMarket ? { ms: slippage ?? market.order_max_market_slippage_bps } : {}),
      ...(trigger !== null ? { tp: trigger, tpc: stopCondition(form.side, form.triggerOn) } : {}),
      ...(form.reduceOnly && size >= (reducibleSize(form, ctx) ?? Infinity) ? { fullClose: true } : {}),
    },
    { ...orderRulesContext(market, ctx.head, ctx.mark), ...(ctx.msPerBlock !== undefined ? { msPerBlock: ctx.msPerBlock } : {}) },
  );
  if (check.ok) return null;
  for (const p of check.problems) {
    const field = DOMAIN_FIELDS[p.field];
    if (field) return { field, message: p.message };
  }
  return null;
}

/** The next field in `direction` (wrapping); market orders skip price, limit orders skip slippage. */
export function stepField(form: OrderEntryForm, direction: 1 | -1): EntryField {
  const skip = new Set<EntryField>(isMarketType(form.type) ? ['price', 'tif'] : ['slippage']);
  if (!isStopType(form.type)) skip.add('trigger');
  if (form.reduceOnly) skip.add('leverage');
  const fields = ENTRY_FIELDS.filter((f) => !skip.has(f));
  const at = Math.max(0, fields.indexOf(form.focus));
  return fields[(at + direction + fields.length) % fields.length] ?? 'size';
}

/** The form with the focus on `field`; a text field with text in it is selected (the next character typed replaces it). */
export function focusField(form: OrderEntryForm, field: EntryField): OrderEntryForm {
  const { selected: _, ...rest } = form;
  const text = TEXT_FIELDS.has(field) ? form[field as TextField] : '';
  return text !== '' ? { ...rest, focus: field, selected: field } : { ...rest, focus: field };
}

/** Space / left / right on a choice field: the next value. */
export function cycleChoice(form: OrderEntryForm): OrderEntryForm {
  switch (form.focus) {
    case 'side':
      return { ...form, side: form.side === 'long' ? 'short' : 'long' };
    case 'type':
      return { ...form, type: TYPE_CYCLE[(TYPE_CYCLE.indexOf(form.type) + 1) % TYPE_CYCLE.length] ?? 'limit' };
    case 'reduce':
      return { ...form, reduceOnly: !form.reduceOnly };
    case 'tif':
      return { ...form, tif: TIF_CYCLE[(TIF_CYCLE.indexOf(form.tif) + 1) % TIF_CYCLE.length] ?? 'gtc' };
    case 'size':
      return { ...form, sizeUnit: form.sizeUnit === 'base' ? 'notional' : 'base' };
    case 'trigger':
    case 'tp':
    case 'sl':
      return { ...form, triggerOn: form.triggerOn === 'mark' ? 'last' : 'mark' };
    default:
      return form;
  }
}

type TextField = Exclude<EntryField, 'side' | 'type' | 'tif' | 'reduce'>;

/** The text of the focused field, or null on a choice field (side, type, time in force). */
export function focusedText(form: OrderEntryForm): string | null {
  return TEXT_FIELDS.has(form.focus) ? form[form.focus as TextField] : null;
}

/**
 * The focused text field as the one line editor edits it: its text, selected when the form opened on it
 * or Tab moved to it (a remembered size, a prefilled price), so the first character typed replaces it.
 * Null on a choice field.
 */
export function focusedLine(form: OrderEntryForm): Line | null {
  const text = focusedText(form);
  if (text === null) return null;
  return form.selected === form.focus && text !== '' ? { text, selected: true } : { text };
}

/** The form with the focused text field set to `line` (at most 32 characters); choice fields stay. */
export function withFocusedLine(form: OrderEntryForm, line: Line): OrderEntryForm {
  if (!TEXT_FIELDS.has(form.focus)) return form;
  const { selected: _, ...rest } = form;
  const field = form.focus as TextField;
  // An edit of the remembered size makes it the trader's own.
  const edited = { ...rest, [field]: line.text.slice(0, 32), ...(field === 'size' ? { sizeRemembered: false } : {}) };
  return line.selected === true ? { ...edited, selected: field } : edited;
}

/** The focused field's text is selected: said beside it, so that a replace never surprises. */
export function focusedSelected(form: OrderEntryForm): boolean {
  return focusedLine(form)?.selected === true;
}
