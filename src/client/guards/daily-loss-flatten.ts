// onDailyLoss = "flatten": at each block, when the day's loss reaches maxDailyLoss, panic runs through the
// one panic path (cancel everything, close every position), once per trading day: a journal line says why
// first, the notifier is told its outcome, and the day it ran for is remembered (OncePerDay), so a second crossing runs nothing.

import { dayStartAt } from '../../domain/guards/day-start.js';
import { OncePerDay, dailyLossStatus, type DailyNet } from '../../domain/guards/daily-loss.js';
import { guardFailure, quoteText } from '../../domain/guards/guard-words.js';
import type { GuardLimits } from '../../domain/guards/guard-limits.js';
import { userMessage } from '../../protocol/errors.js';
import type { CommandHandle } from '../../domain/trading/commands.js';
import type { TradingSession } from '../trading/session.js';

export interface DailyLossFlattenOptions {
  session: Pick<TradingSession, 'on'>;
  limits: GuardLimits;
  dailyNet: DailyNet;
  /** The trading commands' panic (client/commands.ts): the same path as `!!`. */
  panic: () => CommandHandle;
  /** A Journal line (the engine's note). */
  note: (text: string) => void;
  /** Told when the flatten's panic has its outcome (the notifier's guard event): what it did, or why not all. */
  ran?: (words: string) => void;
  now?: () => number;
}

/** Starts watching; returns the stop. Does nothing unless maxDailyLoss is set and onDailyLoss is "flatten". */
export function watchDailyLossFlatten(o: DailyLossFlattenOptions): () => void {
  const limit = o.limits.maxDailyLoss;
  if (limit === null || o.limits.onDailyLoss !== 'flatten') return () => {};
  const once = new OncePerDay();
  const now = o.now ?? Date.now;
  const check = (): void => {
    const status = dailyLossStatus(limit, o.dailyNet());
    if (!once.first(dayStartAt(now(), o.limits.dayStart), status.reached)) return;
    o.note(guardFailure(`daily loss ${quoteText(status.loss ?? 0n)} USD reached maxDailyLoss ${quoteText(limit)}: flattening (panic), once today`));
    const handle = o.panic();
    if (o.ran) {
      const ran = o.ran;
      handle.outcome.then(
        (out) => ran(guardFailure(`daily loss limit: flatten (panic) ran: ${out.message}`)),
        (error: unknown) => ran(guardFailure(`daily loss limit: flatten (panic) failed: ${userMessage(error)}`)),
      );
    }
  };
  return o.session.on({ heartbeat: check, updated: check });
}
