// Guards reached, told to the notifier: at each block the daily loss is checked (the limit reached is said
// once per trading day, even with no order refused yet), and every request the guards refuse is passed
// through GuardNotices (domain/guards/guard-notices.ts), so a run of refused orders is one notification.

import { dayStartAt } from '../../domain/guards/day-start.js';
import { dailyLossProblem, dailyLossStatus, type DailyNet } from '../../domain/guards/daily-loss.js';
import { GuardNotices } from '../../domain/guards/guard-notices.js';
import type { GuardLimits } from '../../domain/guards/guard-limits.js';
import type { GuardRefusal } from '../../domain/guards/order-guards.js';
import type { TradingSession } from '../trading/session.js';

export interface GuardNotifyOptions {
  session: Pick<TradingSession, 'on'>;
  limits: GuardLimits;
  dailyNet: DailyNet;
  /** The guard's words, to the notifier (domain/notify/notify-event.ts guardEvent). */
  notify: (reason: string) => void;
  now?: () => number;
}

export interface GuardNotify {
  /** The order engine's refused requests (OrderGuards.refused). */
  refused(refusals: readonly GuardRefusal[]): void;
  stop(): void;
}

export function startGuardNotify(o: GuardNotifyOptions): GuardNotify {
  const notices = new GuardNotices();
  const now = o.now ?? Date.now;
  const limit = o.limits.maxDailyLoss;
  const dayStart = (): number => dayStartAt(now(), o.limits.dayStart);
  const check = (): void => {
    if (limit === null) return;
    const net = o.dailyNet();
    if (!dailyLossStatus(limit, net).reached || !notices.dailyLossReached(dayStart())) return;
    o.notify(dailyLossProblem(limit, net, o.limits.dayStart)!);
  };
  const off = limit === null ? () => {} : o.session.on({ heartbeat: check, updated: check });
  return {
    refused(refusals) {
      for (const r of notices.admit(refusals, now(), dayStart())) o.notify(r.reason);
    },
    stop: off,
  };
}
