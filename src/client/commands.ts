// The trading commands over the order engine: the implementation of domain/trading/commands.ts, the one
// interface the screen's TerminalActions (and bots) call.

import { OrderFlag, OrderStatus, OrderType, PositionSide } from '../protocol/enums.js';
import type { Market, Position } from '../protocol/frames.js';
import type { CloseParams, CommandHandle, CommandOutcome, PlaceKind, PlaceParams, ReplaceOptions, TradingCommands, TriggerSpec } from '../domain/trading/commands.js';
import type { SessionLock } from '../domain/trading/session-locks.js';
import { legOrigin, originAt, type KeyStamp } from '../domain/trading/execution-report.js';
import { TRIGGER_CHANGE_REFUSAL, changeProblems } from '../domain/trading/change-rules.js';
import { isLongSide, protectiveTriggerDraft } from '../domain/trading/protection.js';
import { stopCondition } from '../domain/trading/stop-order.js';
import { heldStopProblem } from '../domain/trading/stop-liquidation.js';
import type { OrderDraft, TriggerRole } from '../domain/trading/order-draft.js';
import { WHOLE_POSITION_BPS, closeSizeOfBps, formatClosePercent, isCloseBps } from '../domain/trading/close-share.js';
import { type MarketWords, cancelWords, changeWords, closeWords, collateralWords, marketWords, placeWords, priceText, triggerWords } from '../domain/trading/order-words.js';
import { collateralOutcome } from './collateral-outcome.js';
import { type PanicOptions, runPanic } from './panic.js';
import { type ReplaceProtectionDeps, replaceProtection } from './replace-protection.js';
import { resizeWithOrder } from './resize-with-order.js';
import type { ArmedOrder } from './trading/armed-order.js';
import type { OrderEngine } from './trading/order-engine.js';
import type { TradingSession } from './trading/session.js';
import type { RequestHandle, RequestResult } from './trading/tracked-request.js';

export type {
  CloseParams,
  CommandHandle,
  CommandOutcome,
  PlaceParams,
  ReplaceOptions,
  TriggerSpec,
} from '../domain/trading/commands.js';

function outcomeOf(results: RequestResult[]): CommandOutcome {
  const ok = results.length > 0 && results.every((r) => r.kind === 'definitive');
  return { ok, results, message: results.map((r) => r.message).join('; ') || 'nothing to do' };
}

function refused(message: string): CommandHandle {
  return { rqs: () => [], outcome: Promise.resolve(outcomeOf([{ kind: 'invalid', rq: 0, message }])) };
}

function handleOf(parts: () => readonly RequestHandle[], outcome: Promise<CommandOutcome>): CommandHandle {
  return { rqs: () => parts().flatMap((h) => h.rqs()), outcome };
}

const FLAGS: Record<PlaceKind, number> = {
  limit: OrderFlag.GoodTillCancel,
  market: OrderFlag.ImmediateOrCancel,
  'post-only': OrderFlag.PostOnly,
  ioc: OrderFlag.ImmediateOrCancel,
  fok: OrderFlag.FillOrKill,
};

/** An order of exactly one frame: no TP/SL legs after it, no resize of the position's, not a held stop. */
function isSingleRequest(p: PlaceParams): boolean {
  return !p.tp && !p.sl && !p.resizeProtection && !p.trigger;
}

/** What makes an armed order the one a confirm sends: the same draft and label, field for field. */
function draftSignature(draft: OrderDraft, label: string): string {
  return JSON.stringify([label, draft], (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

export interface EngineCommandsOptions extends PanicOptions {
  /** The key thread's armed order (app/key-thread.ts): absent, nothing is armed. */
  armed?: ArmedOrder;
}

export class EngineCommands implements TradingCommands {
  constructor(
    private readonly engine: OrderEngine,
    private readonly session: TradingSession,
    private readonly markets: () => readonly Market[],
    /** Panic's close policy, the wait for a live block (panic's closes, the resize with an order), the armed order. */
    private readonly options: EngineCommandsOptions = {},
  ) {}

  locks(): SessionLock[] {
    return this.engine.locks();
  }

  note(text: string): void {
    this.engine.note(text);
  }

  private market(id: number): Market | undefined {
    return this.markets().find((m) => m.id === id);
  }

  /** The market's name and decimals for the request labels the Journal shows. */
  private words(id: number): MarketWords {
    return marketWords(this.market(id), id);
  }

  private slippage(marketId: number, bps?: number): number {
    return bps ?? this.market(marketId)?.order_max_market_slippage_bps ?? 100;
  }

  /** One request to the engine: stamped with the key press that sent it, if any (its execution report). */
  private submit(draft: OrderDraft, label: string, key?: KeyStamp): RequestHandle {
    return this.engine.submit(draft, label, key ? originAt(key, draft.mkt) : undefined);
  }

  /** One request as a command. */
  private single(draft: OrderDraft, label: string, key?: KeyStamp): CommandHandle {
    const h = this.submit(draft, label, key);
    return handleOf(() => [h], h.outcome.then((r) => outcomeOf([r])));
  }

  /**
   * The one request `p` makes (its draft and the Journal's label), or why it is refused; sends nothing.
   * place() sends it; the key thread's arm (armReview) stages the same draft, so the two cannot differ.
   */
  placeDraft(p: PlaceParams): { draft: OrderDraft; label: string } | { refused: string } {
    if ((p.kind === 'limit' || p.kind === 'post-only') && !(p.price && p.price > 0)) {
      return { refused: `a ${p.kind} order needs a limit price` };
    }
    if (p.reduceOnly && (p.tp || p.sl)) return { refused: 'a reduce-only order takes no take-profit / stop-loss' };
    // The resize re-arms the TP/SL already on the position an order grows: not one that brings its own, nor a close.
    if (p.resizeProtection && (p.tp || p.sl)) return { refused: 'an order with its own take-profit / stop-loss resizes no TP/SL' };
    if (p.resizeProtection && p.reduceOnly) return { refused: 'a reduce-only order grows no position: no TP/SL to resize' };
    const isMarket = p.kind === 'market' || ((p.kind === 'ioc' || p.kind === 'fok') && !p.price);
    const reduced = p.reduceOnly ? this.reducedPosition(p) : null;
    if (p.reduceOnly && !reduced) return { refused: `reduce-only: no ${p.side === 'long' ? 'short' : 'long'} position to reduce` };
    // A stop on a position's loss side that its liquidation beats would never fire (stop-liquidation.ts).
    const against = p.trigger ? this.positionAgainst(p) : undefined;
    const neverFires = p.trigger && against ? heldStopProblem('stop', against, this.market(p.marketId), p.trigger.price) : null;
    if (neverFires) return { refused: neverFires };
    const draft: OrderDraft = {
      t: p.reduceOnly ? (p.side === 'long' ? OrderType.CloseShort : OrderType.CloseLong) : p.side === 'long' ? OrderType.OpenLong : OrderType.OpenShort,
      mkt: p.marketId,
      s: p.size,
      p: isMarket ? 0 : (p.price ?? 0),
      fl: FLAGS[p.kind],
      // Closes carry no leverage (wire.md 8.10); a reduce-only is linked to the position it reduces.
      lv: p.reduceOnly ? 0 : p.leverage,
      // A trigger is held by the exchange until it fires: it must use lb 0 (interface.md 2.4).
      lb: p.trigger ? 0 : (p.lastBlock ?? 0),
      ...(isMarket ? { ms: this.slippage(p.marketId, p.slippageBps) } : {}),
      ...(p.trigger ? { tp: p.trigger.price, tpc: stopCondition(p.side, p.trigger.on ?? 'mark'), plainStop: true } : {}),
      ...(reduced ? { lp: reduced.pid, ...(p.size >= reduced.s ? { fullClose: true } : {}) } : {}),
      ...(p.group !== undefined ? { group: p.group } : {}),
    };
    const words = this.words(p.marketId);
    const base = placeWords(p.kind, p.side, p.size, isMarket ? null : (draft.p ?? null), words);
    const label = `${base}${p.reduceOnly ? ' reduce-only' : ''}${p.trigger ? ` stop ${p.side === 'long' ? '≥' : '≤'} ${priceText(p.trigger.price, words)}${p.trigger.on === 'last' ? ' on last' : ''}` : ''}`;
    return { draft, label };
  }

  /**
   * Each publish (key thread on): the order the open review's `y` would send now, or null. Only an order
   * of one request is armed (no TP/SL legs, no resize, no stop trigger): those send more than one frame.
   */
  armReview(p: PlaceParams | null): void {
    const armed = this.options.armed;
    if (!armed) return;
    const made = p && isSingleRequest(p) ? this.placeDraft(p) : null;
    armed.review(made && 'draft' in made ? { ...made, signature: draftSignature(made.draft, made.label) } : null);
  }

  firedPlace(): CommandHandle | undefined {
    const h = this.options.armed?.consumeFired();
    return h && handleOf(() => [h], h.outcome.then((r) => outcomeOf([r])));
  }

  place(p: PlaceParams): CommandHandle {
    const made = this.placeDraft(p);
    if ('refused' in made) return refused(made.refused);
    const { draft, label } = made;
    const words = this.words(p.marketId);
    // The armed order of the same draft (staged when its review opened) is sent once: by the key thread
    // already (adopted), or now on its staged rq; any other order goes as before.
    const armedSend = isSingleRequest(p) ? this.options.armed?.confirm(draftSignature(draft, label), p.origin) : undefined;
    const main = armedSend ?? this.engine.submit(draft, label, p.origin);
    const parts: RequestHandle[] = [main];
    const outcome = main.outcome.then(async (r) => {
      if (p.resizeProtection) return this.resizeWith(r, p, (h) => parts.push(h));
      const triggers: Array<[TriggerRole, TriggerSpec]> = [];
      if (p.tp) triggers.push(['take-profit', p.tp]);
      if (p.sl) triggers.push(['stop-loss', p.sl]);
      const live = r.kind === 'definitive' && r.st !== OrderStatus.Canceled;
      if (triggers.length === 0 || !live) return outcomeOf([r]);
      // Linked by tr to the rq that went through: armed on its fill, cancelled on its failure.
      const linked = triggers.map(([role, spec]) => {
        const target = { long: p.side === 'long', marketId: p.marketId, size: p.size };
        // A bracket leg is sent for the same key press as its order.
        const h = this.engine.submit(protectiveTriggerDraft(target, role, spec, { tr: r.rq }), triggerWords(role, spec.price, words, `rq ${r.rq}`, spec.on), p.origin && legOrigin(p.origin));
        parts.push(h);
        return h.outcome;
      });
      return outcomeOf([r, ...(await Promise.all(linked))]);
    });
    return handleOf(() => parts, outcome);
  }

  /** The position of the other side in the order's market: the one a reduce-only order reduces, a stop of the order's side guards. */
  private positionAgainst(p: PlaceParams): Position | undefined {
    const wanted = p.side === 'long' ? PositionSide.Short : PositionSide.Long;
    return [...this.session.state.positions.values()].find((x) => x.mkt === p.marketId && x.sd === wanted && x.s > 0);
  }

  /** The position of the other side in the order's market, which a reduce-only order reduces. */
  private reducedPosition(p: PlaceParams): { pid: number; s: number } | null {
    const pos = this.positionAgainst(p);
    return pos ? { pid: pos.pid, s: pos.s } : null;
  }

  /** The replace path's reads of the session, each leg it sends going through `submit`. */
  private protectionDeps(submit: ReplaceProtectionDeps['submit']): ReplaceProtectionDeps {
    return {
      submit,
      position: (id) => this.session.state.positions.get(id),
      orders: () => this.session.state.orders.values(),
      market: (id) => this.market(id),
    };
  }

  /** The order `r` went through with, followed by the resize of its position's TP/SL (resize-with-order.ts), each leg sent for the order's key press. */
  private resizeWith(r: RequestResult, p: PlaceParams, add: (h: RequestHandle) => void): Promise<CommandOutcome> {
    const protection = this.protectionDeps((draft, label) => {
      const h = this.engine.submit(draft, label, p.origin && legOrigin(p.origin));
      add(h);
      return h;
    });
    const canRest = p.kind === 'limit' || p.kind === 'post-only';
    return resizeWithOrder({ ...this.options, session: this.session, protection }, { marketId: p.marketId, side: p.side, size: p.size, canRest }, r);
  }

  cancel(orderId: number, key?: KeyStamp): CommandHandle {
    const order = this.session.state.orders.get(orderId);
    if (!order) return refused(`order ${orderId} is not open`);
    return this.single({ t: OrderType.Cancel, mkt: order.mkt, oid: orderId, s: 0, p: 0, fl: 0, lv: 0, lb: 0 }, cancelWords(orderId, this.words(order.mkt)), key);
  }

  cancelAll(marketId?: number, key?: KeyStamp): CommandHandle {
    const targets = [...this.session.state.orders.values()].filter((o) => marketId === undefined || o.mkt === marketId);
    const handles = targets.map((o) =>
      this.submit({ t: OrderType.Cancel, mkt: o.mkt, oid: o.oid, s: 0, p: 0, fl: 0, lv: 0, lb: 0 }, cancelWords(o.oid, this.words(o.mkt)), key),
    );
    return handleOf(() => handles, Promise.all(handles.map((h) => h.outcome)).then(outcomeOf));
  }

  change(orderId: number, changes: { price?: number; size?: number }, key?: KeyStamp): CommandHandle {
    const order = this.session.state.orders.get(orderId);
    if (!order) return refused(`order ${orderId} is not open`);
    // The exchange refuses a Change of a trigger (OrderDoesNotExist): it is moved by replaceProtection.
    if ((order.tp ?? 0) > 0) return refused(TRIGGER_CHANGE_REFUSAL);
    // The order as it would stand after the change passes the rules of placing it (min value, steps, ...).
    const remaining = order.os - order.fs;
    const position = [...this.session.state.positions.values()].find((p) => p.mkt === order.mkt);
    const closes = order.t === OrderType.CloseLong || order.t === OrderType.CloseShort;
    const fullClose = closes && position !== undefined && (changes.size ?? remaining) >= position.s;
    const target = { t: order.t, mkt: order.mkt, p: order.p ?? 0, remaining, fl: order.fl, lv: order.lv, ...(order.tp ? { tp: order.tp } : {}) };
    const problems = changeProblems(target, changes, this.market(order.mkt), fullClose);
    if (problems.length > 0) return refused(problems.map((p) => `${p.field}: ${p.message}`).join('; '));
    const draft: OrderDraft = {
      t: OrderType.Change,
      mkt: order.mkt,
      oid: orderId,
      s: changes.size ?? 0,
      p: changes.price ?? 0,
      fl: order.fl,
      lv: order.lv,
      lb: 0,
    };
    return this.single(draft, changeWords(orderId, changes, this.words(order.mkt)), key);
  }

  private closeDraft(positionId: number, opts: CloseParams): OrderDraft | string {
    const pos = this.session.state.positions.get(positionId);
    if (!pos) return `position ${positionId} is not open`;
    let size = pos.s;
    if (opts.size !== undefined) size = Math.min(opts.size, pos.s);
    else if (opts.bps !== undefined) {
      if (!isCloseBps(opts.bps)) return `close share ${opts.bps} bps must be an integer from 1 to ${WHOLE_POSITION_BPS}`;
      size = closeSizeOfBps(pos.s, opts.bps);
      if (size <= 0) return `${formatClosePercent(opts.bps)} of the position closes nothing (rounds to 0)`;
    }
    const isMarket = opts.kind === 'market';
    if (!isMarket && !(opts.price && opts.price > 0)) return 'a limit close needs a limit price';
    return {
      t: pos.sd === PositionSide.Short ? OrderType.CloseShort : OrderType.CloseLong,
      mkt: pos.mkt,
      s: size,
      p: isMarket ? 0 : (opts.price ?? 0),
      fl: isMarket ? OrderFlag.ImmediateOrCancel : OrderFlag.GoodTillCancel,
      lv: 0,
      lb: 0,
      lp: positionId,
      ...(isMarket ? { ms: this.slippage(pos.mkt, opts.slippageBps) } : {}),
      fullClose: size === pos.s,
    };
  }

  close(positionId: number, opts: CloseParams, key?: KeyStamp): CommandHandle {
    const draft = this.closeDraft(positionId, opts);
    if (typeof draft === 'string') return refused(draft);
    return this.single(draft, closeWords(positionId, draft.s, draft.p ? draft.p : null, this.words(draft.mkt)), key);
  }

  addCollateral(positionId: number, amount: string): CommandHandle {
    const pos = this.session.state.positions.get(positionId);
    if (!pos) return refused(`position ${positionId} is not open`);
    const draft: OrderDraft = {
      t: OrderType.IncreasePositionCollateral,
      mkt: pos.mkt,
      lp: positionId,
      a: amount,
      s: 0,
      p: 0,
      fl: 0,
      lv: 0,
      lb: 0,
    };
    const h = this.engine.submit(draft, collateralWords(positionId, amount));
    // Reported from the account event and the position update, never from the (misleading) t 6 status.
    const outcome = h.outcome.then((r) => collateralOutcome({ session: this.session, market: (id) => this.market(id) }, positionId, amount, r));
    return handleOf(() => [h], outcome);
  }

  protect(positionId: number, p: { tp?: TriggerSpec; sl?: TriggerSpec }, key?: KeyStamp): CommandHandle {
    const pos = this.session.state.positions.get(positionId);
    if (!pos) return refused(`position ${positionId} is not open`);
    const roles: Array<[TriggerRole, TriggerSpec]> = [];
    if (p.tp) roles.push(['take-profit', p.tp]);
    if (p.sl) roles.push(['stop-loss', p.sl]);
    if (roles.length === 0) return refused('give a take-profit or a stop-loss price');
    const neverFires = p.sl ? heldStopProblem('SL', pos, this.market(pos.mkt), p.sl.price) : null;
    if (neverFires) return refused(neverFires);
    const long = isLongSide(pos.sd);
    const handles = roles.map(([role, spec]) => {
      const draft = protectiveTriggerDraft({ long, marketId: pos.mkt, size: pos.s }, role, spec, { lp: positionId });
      return this.submit(draft, triggerWords(role, spec.price, this.words(pos.mkt), `position ${positionId}`, spec.on), key);
    });
    return handleOf(() => handles, Promise.all(handles.map((h) => h.outcome)).then(outcomeOf));
  }

  replaceProtection(positionId: number, p: { tp?: TriggerSpec; sl?: TriggerSpec }, opts?: ReplaceOptions, key?: KeyStamp): CommandHandle {
    // Each leg (the new trigger, the cancel of the old) is stamped with the one key press.
    return replaceProtection(this.protectionDeps((draft, label) => this.submit(draft, label, key)), positionId, p, opts);
  }

  panic(key?: KeyStamp): CommandHandle {
    return runPanic({
      ...this.options,
      session: this.session,
      // Every cancel and every close (a retry with a wider cap too) is stamped with the one key press.
      cancelAll: () => this.cancelAll(undefined, key),
      close: (pid, opts) => this.close(pid, opts, key),
      market: (id) => this.market(id),
    });
  }
}
