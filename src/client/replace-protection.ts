// Replacing a position's take-profit / stop-loss without a moment unprotected: the new trigger of a role is
// armed first, and the old trigger(s) of that role are cancelled only once the new one is definitive
// (Untriggered). A refused new trigger leaves the old one armed; a cancel that fails leaves both armed.
// One outcome message says what is armed now, e.g.
// "SL 65,000 armed (mark), TP 69,000 armed (mark); old SL 64,000 cancelled" (prices as the Journal says them).

import { cancelWords, marketWords, priceText, triggerWords } from '../domain/trading/order-words.js';
import { OrderStatus, OrderType } from '../protocol/enums.js';
import type { Market, Order, Position } from '../protocol/frames.js';
import type { ReplaceOptions, TriggerSpec } from '../domain/trading/command-params.js';
import type { OrderDraft } from '../domain/trading/order-draft.js';
import { isLongSide, protectiveTriggerDraft, roleOfCondition, roleShort, type TriggerRole } from '../domain/trading/protection.js';
import { heldStopProblem } from '../domain/trading/stop-liquidation.js';
import type { CommandHandle, CommandOutcome } from '../domain/trading/commands.js';
import type { RequestHandle, RequestResult } from './trading/tracked-request.js';

export interface ReplaceProtectionDeps {
  submit(draft: OrderDraft, label: string): RequestHandle;
  position(positionId: number): Position | undefined;
  /** The open orders now (resting and untriggered). */
  orders(): Iterable<Order>;
  market(marketId: number): Market | undefined;
}

/** What happened to one old trigger. */
type OldFate = { kind: 'cancelled' } | { kind: 'gone' } | { kind: 'kept'; why: string } | { kind: 'still-armed'; why: string };

interface RoleRun {
  role: TriggerRole;
  spec: TriggerSpec;
  result: RequestResult;
  olds: Array<{ order: Order; fate: OldFate; result?: RequestResult }>;
}

/** Armed: the exchange holds it Untriggered (or it fired already, which also retires the old one). */
function isArmed(r: RequestResult): boolean {
  return r.kind === 'definitive' && (r.st === OrderStatus.Untriggered || r.st === OrderStatus.Triggered);
}

/** Results that say for certain the new trigger is not on the exchange. */
const REFUSED: ReadonlySet<string> = new Set(['failed', 'rejected', 'invalid', 'definitive']);

function cancelDraft(o: Order): OrderDraft {
  return { t: OrderType.Cancel, mkt: o.mkt, oid: o.oid, s: 0, p: 0, fl: 0, lv: 0, lb: 0 };
}

export function replaceProtection(
  deps: ReplaceProtectionDeps,
  positionId: number,
  p: { tp?: TriggerSpec; sl?: TriggerSpec },
  opts: ReplaceOptions = {},
): CommandHandle {
  const refuse = (message: string): CommandHandle => ({
    rqs: () => [],
    outcome: Promise.resolve({ ok: false, results: [{ kind: 'invalid', rq: 0, message }], message }),
  });
  const pos = deps.position(positionId);
  if (!pos) return refuse(`position ${positionId} is not open`);
  const roles: Array<[TriggerRole, TriggerSpec]> = [];
  if (p.sl) roles.push(['stop-loss', p.sl]);
  if (p.tp) roles.push(['take-profit', p.tp]);
  if (roles.length === 0) return refuse('give a take-profit or a stop-loss price');
  // A stop the position's liquidation beats would never fire (stop-liquidation.ts): nothing is sent, the old stays.
  const neverFires = p.sl ? heldStopProblem('SL', pos, deps.market(pos.mkt), p.sl.price) : null;
  if (neverFires) return refuse(neverFires);
  const long = isLongSide(pos.sd);
  const open = [...deps.orders()];
  const missing = (opts.replacing ?? []).filter((oid) => !open.some((o) => o.oid === oid));
  if (missing.length > 0) return refuse(`order ${missing.join(', ')} is not open`);
  // The old triggers are read before anything is sent: the new one can never be among them.
  const oldOf = (role: TriggerRole) =>
    open.filter(
      (o) =>
        o.lp === positionId &&
        (o.tp ?? 0) > 0 &&
        roleOfCondition(long, o.tpc) === role &&
        (opts.replacing === undefined || opts.replacing.includes(o.oid)),
    );
  const words = marketWords(deps.market(pos.mkt), pos.mkt);
  const px = (raw: number) => priceText(raw, words);

  const handles: RequestHandle[] = [];
  const submit = (draft: OrderDraft, label: string): RequestHandle => {
    const h = deps.submit(draft, label);
    handles.push(h);
    return h;
  };

  const runs = roles.map(async ([role, spec]): Promise<RoleRun> => {
    const olds = oldOf(role);
    const draft = protectiveTriggerDraft({ long, marketId: pos.mkt, size: pos.s }, role, spec, { lp: positionId });
    const result = await submit(draft, triggerWords(role, spec.price, words, `position ${positionId}`, spec.on)).outcome;
    if (!isArmed(result)) return { role, spec, result, olds: olds.map((order) => ({ order, fate: { kind: 'kept', why: result.message } })) };
    const cancelled = olds.map(async (order) => {
      // Gone since (fired, or cancelled with its position): nothing to cancel.
      if (![...deps.orders()].some((o) => o.oid === order.oid)) return { order, fate: { kind: 'gone' } as OldFate };
      const r = await submit(cancelDraft(order), `${cancelWords(order.oid, words)} (replaced ${roleShort(role)})`).outcome;
      const fate: OldFate =
        r.kind !== 'definitive' ? { kind: 'still-armed', why: r.message } : r.st === OrderStatus.Canceled ? { kind: 'cancelled' } : { kind: 'gone' };
      return { order, fate, result: r };
    });
    return { role, spec, result, olds: await Promise.all(cancelled) };
  });

  const outcome = Promise.all(runs).then((done): CommandOutcome => {
    const results = done.flatMap((run) => [run.result, ...run.olds.flatMap((o) => (o.result ? [o.result] : []))]);
    const ok = done.every((run) => isArmed(run.result) && run.olds.every((o) => o.fate.kind === 'cancelled' || o.fate.kind === 'gone'));
    return { ok, results, message: describe(done, px) };
  });
  return { rqs: () => handles.flatMap((h) => h.rqs()), outcome };
}

/** "SL 65,000 armed (mark), TP 69,000 refused: ...; old SL 64,000 cancelled; old TP 68,000.5 still armed". */
function describe(runs: readonly RoleRun[], px: (raw: number) => string): string {
  const news = runs.map((run) => {
    const name = `${roleShort(run.role)} ${px(run.spec.price)}`;
    // Refused for certain, or its outcome unknown (then it may be armed too: the old one is kept either way).
    if (!isArmed(run.result)) return `${name} ${REFUSED.has(run.result.kind) ? 'refused' : 'not confirmed'} (${run.result.message})`;
    return run.result.st === OrderStatus.Triggered ? `${name} fired at once` : `${name} armed (${run.spec.on ?? 'mark'})`;
  });
  const olds = runs.flatMap((run) => {
    const short = roleShort(run.role);
    if (run.olds.length === 0) return isArmed(run.result) ? [] : [`no ${short} armed`];
    return run.olds.map(({ order, fate }) => {
      const name = `old ${short} ${px(order.tp ?? 0)}`;
      switch (fate.kind) {
        case 'cancelled':
          return `${name} cancelled`;
        case 'gone':
          return `${name} already gone`;
        case 'kept':
          return `${name} still armed`;
        case 'still-armed':
          return `${name} still armed too, cancel failed (${fate.why}): two ${short}s armed`;
      }
    });
  });
  return [news.join(', '), ...olds].join('; ');
}
