// onDailyLoss = "flatten": at each block, when the day's loss reaches maxDailyLoss, panic runs through the
// one panic path (cancel everything, close every position), once per trading day: a journal line says why
// first, and the day it ran for is remembered (FlattenOncePerDay), so a second crossing runs nothing.

import { dayStartAt } from '../../domain/guards/day-start.js';
import { FlattenOncePerDay, dailyLossStatus, type DailyNet } from '../../domain/guards/daily-loss.js';
import { guardFailure, quoteText } from '../../domain/guards/guard-words.js';
import type { GuardLimits } from '../../domain/guards/guard-limits.js';
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
  now?: () => number;
}

/** Starts watching; returns the stop. Does nothing unless maxDailyLoss is set and onDailyLoss is "flatten". */
export function watchDailyLossFlatten(o: DailyLossFlattenOptions): () => void {
  const limit = o.limits.maxDailyLoss;
  if (limit === null || o.limits.onDailyLoss !== 'flatten') return () => {};
  const once = new FlattenOncePerDay();
  const now = o.now ?? Date.now;
  const check = (): void => {
    const status = dailyLossStatus(limit, o.dailyNet());
    if (!once.shouldFlatten(dayStartAt(now(), o.limits.dayStart), status.reached)) return;
    o.note(guardFailure(`daily loss ${quoteText(status.loss ?? 0n)} USD reached maxDailyLoss ${quoteText(limit)}: flattening (panic), once today`));
    o.panic();
  };
  return o.session.on({ heartbeat: check, updated: check });
}
