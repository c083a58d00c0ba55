// The order entry form as a pure model: raw text per field (what the trader typed), and one function
// that turns it into scaled integers or a reason per field. Nothing here is a float on its way to the
// wire: every number goes through protocol/scaling.ts.

import { divFloor, notionalAtoms } from '../domain/trading/notional.js';
import { orderRulesContext, validateOrder } from '../domain/trading/validate.js';
import { isOnRequiredSide, requiredSide } from '../domain/trading/protection.js';
import { OrderFlag, OrderType } from '../protocol/enums.js';
import { COLLATERAL_DECIMALS } from '../protocol/enums.js';
import type { Market } from '../protocol/frames.js';
import { parseScaled, parseLeverage, parsePrice, parseSize, toWireInteger } from '../protocol/scaling.js';
import type { PlaceKind, PlaceParams, Side } from '../domain/trading/commands.js';
import { userMessage } from '../protocol/errors.js';

export type EntryField = 'side' | 'type' | 'size' | 'price' | 'leverage' | 'tif' | 'slippage' | 'tp' | 'sl' | 'expiry';
/** Fields in screen order; Tab / arrows move through them. */
export const ENTRY_FIELDS: readonly EntryField[] = ['side', 'type', 'size', 'price', 'leverage', 'tif', 'slippage', 'tp', 'sl', 'expiry'];
/** Fields that take typed text (the others cycle with space / left / right). */
export const TEXT_FIELDS: ReadonlySet<EntryField> = new Set(['size', 'price', 'leverage', 'slippage', 'tp', 'sl', 'expiry']);

export type EntryTif = 'gtc' | 'post' | 'ioc' | 'fok';
export const TIF_CYCLE: readonly EntryTif[] = ['gtc', 'post', 'ioc', 'fok'];

export interface OrderEntryForm {
  marketId: number;
  side: Side;
  type: 'limit' | 'market';
  tif: EntryTif;
  size: string;
  /** The size field is in base units, or in collateral (notional) converted at the price. */
  sizeUnit: 'base' | 'notional';
  price: string;
  leverage: string;
  /** Market orders: cap in bps (empty = the market's maximum). */
  slippage: string;
  tp: string;
  sl: string;
  /** Blocks from now the order may execute in (empty = server default window). */
  expiry: string;
  focus: EntryField;
}

export interface EntryContext {
  market: Market | undefined;
  /** Mark price (ticks) to value market orders and notional sizes; null when unknown. */
  mark: number | null;
  head: number | null;
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
  if (form.type === 'market') return 'market';
  return form.tif === 'post' ? 'post-only' : form.tif === 'ioc' ? 'ioc' : form.tif === 'fok' ? 'fok' : 'limit';
}

function parseBlocks(text: string): number {
  if (!/^\s*\d+\s*$/.test(text)) throw new Error(`expiry "${text}" must be a whole number of blocks`);
  const v = BigInt(text.trim());
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

/** Size units from a notional (collateral) amount at `price`, rounded down to whole units. */
function sizeFromNotional(text: string, price: number, market: Market): number {
  const atoms = parseScaled(text, COLLATERAL_DECIMALS, 'notional');
  if (atoms <= 0n) throw new Error('notional must be greater than 0');
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  const perUnit = notionalAtoms(price, 1, scales);
  if (perUnit <= 0n) throw new Error('price too small to convert a notional');
  const units = divFloor(atoms, perUnit);
  if (units <= 0n) throw new Error('notional is below one size unit at this price');
  return toWireInteger(units, 'size');
}

/** Validates every field; a problem per field, the intent only when there is none. */
export function evaluateEntry(form: OrderEntryForm, ctx: EntryContext): EntryResult {
  const problems: EntryProblems = {};
  const market = ctx.market;
  if (!market) return { problems: { size: 'unknown market' }, intent: null, sizeUnits: null, notionalAtoms: null };
  const pd = market.config.price_decimals;
  const sd = market.config.size_decimals;
  const isMarket = form.type === 'market';
  const price = isMarket ? null : attempt(() => parsePrice(form.price, pd), problems, 'price');
  const valuation = price ?? ctx.mark;
  let size: number | null = null;
  if (form.sizeUnit === 'base') size = attempt(() => parseSize(form.size, sd), problems, 'size');
  else if (valuation === null) problems.size = 'no price to convert the notional (enter a price or wait for the mark)';
  else size = attempt(() => sizeFromNotional(form.size, valuation, market), problems, 'size');
  // Above the market maximum is clamped to it (the form shows the clamp), as the exchange itself does.
  const typedLeverage = attempt(() => parseLeverage(form.leverage), problems, 'leverage');
  const leverage = typedLeverage === null ? null : Math.min(typedLeverage, maxLeverageHundredths(market));
  const slippage = isMarket && form.slippage.trim() !== '' ? attempt(() => parseBps(form.slippage, market.order_max_market_slippage_bps), problems, 'slippage') : null;
  const tp = form.tp.trim() !== '' ? attempt(() => parsePrice(form.tp, pd), problems, 'tp') : null;
  const sl = form.sl.trim() !== '' ? attempt(() => parsePrice(form.sl, pd), problems, 'sl') : null;
  const expiry = form.expiry.trim() !== '' ? attempt(() => parseBlocks(form.expiry), problems, 'expiry') : null;
  if (expiry !== null && ctx.head === null) problems.expiry = 'no head block yet to count the expiry from';
  const long = form.side === 'long';
  const ref = price ?? ctx.mark;
  const refName = price !== null ? 'price' : 'mark';
  if (tp !== null && ref !== null && !isOnRequiredSide(long, 'take-profit', tp, ref)) problems.tp = `take-profit must be ${requiredSide(long, 'take-profit')} the ${refName}`;
  if (sl !== null && ref !== null && !isOnRequiredSide(long, 'stop-loss', sl, ref)) problems.sl = `stop-loss must be ${requiredSide(long, 'stop-loss')} the ${refName}`;
  if (!market.config.is_open) problems.type = 'the market is closed';
  const scales = { priceDecimals: pd, sizeDecimals: sd };
  const notional = size !== null && valuation !== null ? notionalAtoms(valuation, size, scales) : null;
  if (Object.keys(problems).length > 0 || size === null || leverage === null) {
    return { problems, intent: null, sizeUnits: size === null ? null : BigInt(size), notionalAtoms: notional };
  }
  // The domain's own rules (minimum value, leverage cap, ...) on the same numbers; session problems are the
  // engine's lockReason, shown separately.
  const ruleProblem = domainProblem(market, size, price, leverage, slippage, expiry !== null && ctx.head !== null ? ctx.head + expiry : 0, form, ctx);
  if (ruleProblem) {
    problems[ruleProblem.field] = ruleProblem.message;
    return { problems, intent: null, sizeUnits: BigInt(size), notionalAtoms: notional };
  }
  const intent: PlaceParams = {
    marketId: market.id,
    kind: kindOf(form),
    side: form.side,
    size,
    leverage,
    ...(price !== null ? { price } : {}),
    ...(slippage !== null ? { slippageBps: slippage } : {}),
    ...(expiry !== null && ctx.head !== null ? { lastBlock: ctx.head + expiry } : {}),
    ...(tp !== null ? { tp: { price: tp } } : {}),
    ...(sl !== null ? { sl: { price: sl } } : {}),
  };
  return { problems, intent, sizeUnits: BigInt(size), notionalAtoms: notional };
}

const DOMAIN_FIELDS: Record<string, EntryField> = { size: 'size', price: 'price', leverage: 'leverage', slippage: 'slippage', lb: 'expiry', fl: 'tif', t: 'type' };

function domainProblem(
  market: Market,
  size: number,
  price: number | null,
  leverage: number,
  slippage: number | null,
  lastBlock: number,
  form: OrderEntryForm,
  ctx: EntryContext,
): { field: EntryField; message: string } | null {
  const isMarket = price === null;
  const flags = isMarket || form.tif === 'ioc' ? OrderFlag.ImmediateOrCancel : form.tif === 'post' ? OrderFlag.PostOnly : form.tif === 'fok' ? OrderFlag.FillOrKill : OrderFlag.GoodTillCancel;
  const check = validateOrder(
    {
      t: form.side === 'long' ? OrderType.OpenLong : OrderType.OpenShort,
      mkt: market.id,
      s: size,
      p: price ?? 0,
      fl: flags,
      lv: leverage,
      lb: lastBlock,
      ...(isMarket ? { ms: slippage ?? market.order_max_market_slippage_bps } : {}),
    },
    orderRulesContext(market, ctx.head, ctx.mark),
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
  const skip = new Set<EntryField>(form.type === 'market' ? ['price', 'tif'] : ['slippage']);
  const fields = ENTRY_FIELDS.filter((f) => !skip.has(f));
  const at = Math.max(0, fields.indexOf(form.focus));
  return fields[(at + direction + fields.length) % fields.length] ?? 'size';
}

/** Space / left / right on a choice field: the next value. */
export function cycleChoice(form: OrderEntryForm): OrderEntryForm {
  switch (form.focus) {
    case 'side':
      return { ...form, side: form.side === 'long' ? 'short' : 'long' };
    case 'type':
      return { ...form, type: form.type === 'limit' ? 'market' : 'limit' };
    case 'tif':
      return { ...form, tif: TIF_CYCLE[(TIF_CYCLE.indexOf(form.tif) + 1) % TIF_CYCLE.length] ?? 'gtc' };
    case 'size':
      return { ...form, sizeUnit: form.sizeUnit === 'base' ? 'notional' : 'base' };
    default:
      return form;
  }
}

type TextField = Exclude<EntryField, 'side' | 'type' | 'tif'>;

/** The text of the focused field, or null on a choice field (side, type, time in force). */
export function focusedText(form: OrderEntryForm): string | null {
  return TEXT_FIELDS.has(form.focus) ? form[form.focus as TextField] : null;
}

/** The form with the focused text field set to `text` (at most 32 characters); choice fields stay. */
export function withFocusedText(form: OrderEntryForm, text: string): OrderEntryForm {
  if (!TEXT_FIELDS.has(form.focus)) return form;
  return { ...form, [form.focus as TextField]: text.slice(0, 32) };
}
