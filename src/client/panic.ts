// Panic: cancel every resting and trigger order and close every position at market until it is flat. The
// closes leave with the cancels, not after their acknowledgements: a close is reduce-only (t 3/4, clamped to
// the position by the exchange, wire.md 8.10), it goes on the same socket with a later rq, so the exchange
// runs it after the cancels (rq strictly increasing, interface.md 3), and a trigger linked to the position
// (lp) is cancelled by the exchange when the position closes (interface.md 2.4). A resting order that filled
// before its cancel landed may have opened a position panic did not know of: once the cancels have resolved
// and a block has passed, every position not yet being closed is closed too.
// A close that left its position open with a known outcome (an IOC that found nothing inside its cap, a
// failure, a gateway reject) is followed by a new close with a wider cap, a bounded number of times
// (domain/trading/panic-close.ts); one that filled all it was sent for while the position stayed open (it grew
// after the close was sized: a resting order filled before its cancel landed) by a new close at the same cap. Every close is an ordinary engine request: journaled first, under the
// retry table. Positions are judged at a block boundary: a block's position rows (mt 27) come after its
// order rows (mt 24), so right after a close resolves the position view may not show it yet.

import { PositionSide } from '../protocol/enums.js';
import type { Market, Position } from '../protocol/frames.js';
import { formatScaledTrim } from '../protocol/scaling.js';
import { DEFAULT_PANIC_CLOSE_POLICY, type PanicClosePolicy, nextPanicCloseStep } from '../domain/trading/panic-close.js';
import type { TradingSession } from './trading/session.js';
import type { RequestResult } from './trading/tracked-request.js';
import type { CloseParams, CommandHandle, CommandOutcome } from '../domain/trading/commands.js';
import { marketLabel } from '../domain/market-label.js';
import { type BlockWaitOptions, nextLiveBlock } from './next-live-block.js';

/** The wait for a live block before judging a position, and the policy of the closes. */
export interface PanicOptions extends BlockWaitOptions {
  policy?: PanicClosePolicy;
}

export interface PanicDeps extends PanicOptions {
  session: TradingSession;
  cancelAll(): CommandHandle;
  close(positionId: number, opts: CloseParams): CommandHandle;
  market(id: number): Market | undefined;
}

interface CloseReport {
  flat: boolean;
  /** Close requests sent. */
  attempts: number;
  /** Of those, re-sent at the same cap after the position grew. */
  grownResends: number;
  /** The last close request's result. */
  last: RequestResult | undefined;
  /** What is left open and why it stopped (not flat only). */
  note?: string;
}

export function runPanic(deps: PanicDeps): CommandHandle {
  const parts: CommandHandle[] = [];
  const outcome = (async (): Promise<CommandOutcome> => {
    const cancels = deps.cancelAll();
    parts.push(cancels);
    // One close run per position; each sends its first close at once (closeUntilFlat sends before it awaits).
    const closing = new Map<number, Promise<CloseReport>>();
    const closeOpenPositions = (): void => {
      for (const pid of deps.session.state.positions.keys()) if (!closing.has(pid)) closing.set(pid, closeUntilFlat(deps, pid, parts));
    };
    closeOpenPositions();
    const cancelled = await cancels.outcome;
    // A resting order that filled before its cancel landed shows as a position in the same block's mt 27.
    if (cancelled.results.some((r) => r.rq !== 0)) await nextLiveBlock(deps.session, deps);
    closeOpenPositions();
    const closes = await Promise.all(closing.values());
    return panicOutcome(cancelled.results, closes);
  })();
  return { rqs: () => parts.flatMap((p) => p.rqs()), outcome };
}

async function closeUntilFlat(deps: PanicDeps, pid: number, parts: CommandHandle[]): Promise<CloseReport> {
  const { session } = deps;
  const policy = deps.policy ?? DEFAULT_PANIC_CLOSE_POLICY;
  const first = session.state.positions.get(pid);
  if (!first) return { flat: true, attempts: 0, grownResends: 0, last: undefined };
  const baseSlippageBps = deps.market(first.mkt)?.order_max_market_slippage_bps ?? 100;
  let slippageBps = baseSlippageBps;
  let attempts = 0;
  let grownResends = 0;
  for (;;) {
    const handle = deps.close(pid, { kind: 'market', slippageBps });
    parts.push(handle);
    attempts += 1;
    const last = (await handle.outcome).results[0];
    const live = await nextLiveBlock(session, deps);
    const position = session.state.positions.get(pid);
    if (!live) {
      const note = `${describe(deps, position ?? first)} not confirmed flat: no live block after close ${attempts}`;
      return { flat: false, attempts, grownResends, last, note };
    }
    const step = nextPanicCloseStep(
      {
        lastResult: last?.kind ?? 'unknown',
        stillOpen: position !== undefined,
        attemptsMade: attempts - grownResends,
        lastFilledWhole: last?.os !== undefined && last.fs !== undefined && last.fs > 0 && last.fs === last.os,
        grownResendsMade: grownResends,
        baseSlippageBps,
      },
      policy,
    );
    if (step.action === 'flat') return { flat: true, attempts, grownResends, last };
    if (step.action === 'stop') {
      const lastText = last ? ` (last: ${last.message})` : '';
      return { flat: false, attempts, grownResends, last, note: `${describe(deps, position ?? first)} still open: ${step.reason}${lastText}` };
    }
    if (step.action === 'resend') grownResends += 1;
    else slippageBps = step.slippageBps;
  }
}

/** "BTC long 0.01 (position 7)". */
function describe(deps: PanicDeps, pos: Position): string {
  const market = deps.market(pos.mkt);
  const size = market ? formatScaledTrim(pos.s, market.config.size_decimals) : String(pos.s);
  const side = pos.sd === PositionSide.Short ? 'short' : 'long';
  return `${market ? marketLabel(market) : `market ${pos.mkt}`} ${side} ${size} (position ${pos.pid})`;
}

function panicOutcome(cancels: readonly RequestResult[], closes: readonly CloseReport[]): CommandOutcome {
  const closeResults = closes.flatMap((c): RequestResult[] => {
    if (!c.last) return [];
    // Not flat: the command reports what is left, not the last request's own (maybe "Canceled") status.
    return c.flat ? [c.last] : [{ kind: 'gave-up', rq: c.last.rq, message: c.note ?? c.last.message }];
  });
  const results = [...cancels, ...closeResults];
  const cancelsOk = cancels.every((r) => r.kind === 'definitive');
  const open = closes.filter((c) => !c.flat);
  const ok = cancelsOk && open.length === 0;
  if (results.length === 0) return { ok: false, results, message: 'nothing to do' };
  const resent = closes.reduce((n, c) => n + c.grownResends, 0);
  const retried = closes.reduce((n, c) => n + Math.max(0, c.attempts - 1 - c.grownResends), 0);
  if (ok) {
    const extras = [
      ...(retried > 0 ? [`${retried} close${retried === 1 ? '' : 's'} retried wider`] : []),
      ...(resent > 0 ? [`${resent} re-sent for a position that grew`] : []),
    ];
    const extraText = extras.length > 0 ? ` (${extras.join(', ')})` : '';
    return { ok, results, message: `flat: ${cancels.length} cancelled, ${closes.length} closed${extraText}` };
  }
  const problems = [
    ...open.map((c) => c.note ?? 'a position is still open'),
    ...cancels.filter((r) => r.kind !== 'definitive').map((r) => r.message),
  ];
  return { ok, results, message: problems.join('; ') };
}
