// The order entry pane's view model: everything the pane shows (the form checked, its review's preview, the
// protection the fill leaves, or a change of a resting order under review) and what the flow acts on, made
// once per form and store slices read (form-check.ts), so a key's handler (flow.ts, review-resize.ts), the
// pane's paint and the dock's fit test share one check. Pure: the pane renders it, nothing here writes.

import type { OrderPreview } from '../../domain/trading/preview.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import { lastResult } from '../../lib/memo-last.js';
import type { Market } from '../../protocol/frames.js';
import type { OrderEntryForm } from '../../state/order-entry.js';
import { protectionAfterFill, type ProtectionAfterFill } from '../../state/order-review-protection.js';
import { previewFor } from '../../state/order-review.js';
import { marketsOf, type TerminalState } from '../../state/store.js';
import type { AmendReview, ConfirmPrompt, ScaleReview } from '../../state/trading-slice.js';
import { marketLabel } from '../../domain/market-label.js';
import { amendLines } from '../open-orders/amend-review-lines.js';
import { scaleLines } from '../algos/scale-review-lines.js';
import { entryLines, type EntryLine } from './entry-lines.js';
import { rowsNeeded } from './entry-lines-wrap.js';
import { checkInputs, entryCheck, entryContext, type EntryCheck } from './form-check.js';

/** The form as the pane shows it and the flow reads it. */
export interface FormView {
  form: OrderEntryForm;
  /** The form's market; undefined when its config is not loaded (the pane says "unknown market"). */
  market: Market | undefined;
  title: string;
  reviewing: boolean;
  check: EntryCheck;
  /**
   * What the order's fill does to its position's TP/SL (read with the review's preview, without one while
   * the form is edited): the coverage the review's `r` resizes, and stops the liquidation would beat.
   */
  protection: Pick<ProtectionAfterFill, 'coverage' | 'stopsBeaten'>;
  position: PositionRowView | null;
  /** The smart confirm asked of this order, shown in the pane. */
  confirm: ConfirmPrompt | null;
  mark: number | null;
  last: number | null;
  msPerBlock: TerminalState['msPerBlock'];
}

/** A change of a resting order under review (the Open orders tab's `e`, `:amend`), shown in this pane. */
export interface AmendView {
  review: AmendReview;
  market: Market | undefined;
  title: string;
  preview: OrderPreview | null;
}

/** A scaled order under review (`:scale`, ui/algos/scale-flow.ts), shown in this pane. */
export interface ScaleView {
  review: ScaleReview;
  market: Market | undefined;
  title: string;
}

export interface EntryView {
  /** The order form open (b / s / `:buy`), or null. */
  entry: FormView | null;
  /** The change under review, or null; the pane shows it before the form. */
  amend: AmendView | null;
  /** The scaled order under review, or null (absent in views made before it existed). */
  scale?: ScaleView | null;
}

const NO_PROTECTION = { coverage: null, stopsBeaten: null };

/** The form's view in `state` (made again only when formInputs change). */
export function formView(state: TerminalState, form: OrderEntryForm): FormView {
  const ctx = entryContext(state, form);
  const reviewing = state.tradingUi.reviewing;
  const check = entryCheck(state, form);
  const intent = check.result.intent;
  // The form's lines show the coverage without a preview; the review's with it.
  const preview = reviewing ? check.preview : null;
  const protection = intent && ctx.market ? protectionAfterFill(state, intent, preview) : NO_PROTECTION;
  return {
    form,
    market: ctx.market,
    title: `Order entry ${ctx.market ? marketLabel(ctx.market) : ''} ${reviewing ? '— review' : ''}`,
    reviewing,
    check,
    protection: { coverage: protection.coverage, stopsBeaten: protection.stopsBeaten },
    position: state.trading.positions.find((p) => p.marketId === form.marketId) ?? null,
    confirm: state.tradingUi.confirm?.at === 'entry' ? state.tradingUi.confirm : null,
    mark: ctx.mark,
    last: ctx.last ?? null,
    msPerBlock: state.msPerBlock,
  };
}

/** The change's view in `state` (made again only when amendInputs change). */
export function amendView(state: TerminalState, review: AmendReview): AmendView {
  const market = marketsOf(state).configOf(review.marketId);
  return { review, market, title: `Change order ${review.orderId} ${market ? marketLabel(market) : ''} — review`, preview: market ? previewFor(state, review.after) : null };
}

/** What the form's view reads: its check's inputs (form-check.ts), whether it is under review, the confirm asked of it. */
export function formInputs(state: TerminalState): readonly unknown[] {
  const ui = state.tradingUi;
  return [ui.entry, ui.reviewing, ui.confirm, ...(ui.entry ? checkInputs(state, ui.entry) : [])];
}

/** What the change's view reads: the change, and its preview's market, book and marks. */
export function amendInputs(state: TerminalState): readonly unknown[] {
  return [state.tradingUi.amend, state.trading, state.markets, state.book, state.header];
}

/** The scaled order's view in `state` (made again only when the review or the markets change). */
export function scaleView(state: TerminalState, review: ScaleReview): ScaleView {
  const market = marketsOf(state).configOf(review.marketId);
  return { review, market, title: `Scaled order ${market ? marketLabel(market) : ''} — review` };
}

const lastScale = lastResult<ScaleView | null>();
const lastForm = lastResult<FormView | null>();
const lastAmend = lastResult<AmendView | null>();
const lastView = lastResult<EntryView>();

/**
 * The pane's view of `state`: made again only when what it reads changed (the form's check inputs, the
 * review flag, the confirm, the change under review), so a repaint for anything else returns the same object.
 */
export function entryView(state: TerminalState): EntryView {
  const { entry: form, amend: review, scale: scaled } = state.tradingUi;
  const entry = lastForm(formInputs(state), () => (form ? formView(state, form) : null));
  const amend = lastAmend(amendInputs(state), () => (review ? amendView(state, review) : null));
  const scale = lastScale([scaled, state.markets], () => (scaled ? scaleView(state, scaled) : null));
  return lastView([entry, amend, scale], () => ({ entry, amend, scale }));
}

/** What the pane draws at `inner` columns: its title, whether the market is known, and its lines; null when nothing is open. */
export interface EntryPaneContent {
  title: string;
  known: boolean;
  lines: EntryLine[];
}

function paneContent(view: EntryView, inner: number, rows: number): EntryPaneContent | null {
  const { amend, entry, scale } = view;
  if (scale) return { title: scale.title, known: scale.market !== undefined, lines: scale.market ? scaleLines(scale.review, scale.market, inner, rows) : [] };
  if (amend) return { title: amend.title, known: amend.market !== undefined, lines: amend.market ? amendLines({ review: amend.review, market: amend.market, preview: amend.preview, width: inner }) : [] };
  if (!entry) return null;
  const { market, check, reviewing } = entry;
  if (!market) return { title: entry.title, known: false, lines: [] };
  const lines = entryLines({
    form: entry.form, result: check.result, market, reviewing, preview: reviewing ? check.preview : null, disabled: check.disabled, position: entry.position, width: inner,
    confirm: entry.confirm, mark: entry.mark, last: entry.last, msPerBlock: entry.msPerBlock, coverage: entry.protection.coverage, stopsBeaten: entry.protection.stopsBeaten,
  });
  return { title: entry.title, known: true, lines };
}

const lastContent = lastResult<EntryPaneContent | null>();

/**
 * The pane's content of `view` at `inner` columns (one per view and size); `rows`: the rows inside the
 * pane, where a long scaled order's legs are listed compactly (unbounded: every line, as entryFits asks).
 */
export function entryPaneContent(view: EntryView, inner: number, rows = Infinity): EntryPaneContent | null {
  return lastContent([view, inner, rows], () => paneContent(view, inner, rows));
}

/** Whether the form's whole content fits a pane of `width` x `height` (the dock widens it when not). */
export function entryFits(state: TerminalState, width: number, height: number): boolean {
  const inner = Math.max(0, width - 2);
  const content = entryPaneContent(entryView(state), inner);
  return !content || rowsNeeded(content.lines, inner) <= Math.max(0, height - 2);
}
